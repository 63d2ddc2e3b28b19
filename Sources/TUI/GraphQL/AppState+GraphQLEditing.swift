import ExplorerCore

/// The GraphQL query editor's schema keys (issue 29): Tab completes the name at the cursor (one candidate written
/// at once, several offered in the picker box), `Ctrl-T` opens the schema browser over the query.
extension AppState {
    /// The schema of the query being edited, when one is at hand.
    func editorSchema(_ state: BodyEditorState) -> GraphQLSchemaIndex? {
        guard state.kind.isGraphQL, state.webSocketExchange == nil else { return nil }
        return (state.schemaKey ?? graphQLSchemaKey(state.key)).flatMap { graphQLSchemas[$0]?.index }
    }

    /// Tab: the completion at the cursor. Outside a GraphQL query, without a schema, or where nothing completes
    /// and nothing is being typed, Tab indents as before.
    mutating func completeGraphQL(_ state: inout BodyEditorState) {
        let editor = state.editor
        guard let schema = editorSchema(state),
            let completion = GraphQLCompletion.at(
                row: editor.row, column: editor.column, in: editor.lines, schema: schema)
        else {
            if state.kind.isGraphQL, editorSchema(state) == nil, let key = state.schemaKey,
                case .absent? = graphQLSchemas[key]
            {
                message = StatusMessage("no schema to complete from: Ctrl-G fetches it")
            }
            state.editor.handle(.tab)
            return
        }
        switch completion.candidates.count {
        case 0:
            if completion.prefix.isEmpty {
                state.editor.handle(.tab)
            } else {
                message = StatusMessage(
                    "nothing in the schema starts with `\(SafeText.escape(completion.prefix))` here")
            }
        case 1:
            let name = completion.candidates[0].name
            state.editor.replace(row: editor.row, columns: completion.columns, with: name)
            message = StatusMessage("completed \(SafeText.escape(name))")
        default:
            let names = completion.candidates.map(\.name)
            let width = names.map(\.count).max() ?? 0
            var picker = SchemaValuePicker(
                field: "", values: names.map { .string($0) }, row: editor.row, columns: completion.columns, form: true)
            picker.title = Self.title(completion.place)
            picker.labels = completion.candidates.map {
                $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.detail
            }
            state.valuePicker = picker
        }
    }

    static func title(_ place: GraphQLCompletion.Place) -> String {
        switch place {
        case .fields(let type): "Fields of \(type)"
        case .arguments(let type, let field): "Arguments of \(type).\(field)"
        case .enumValues(let type): "Values of \(type)"
        case .inputFields(let type): "Fields of \(type)"
        case .directives: "Directives"
        case .directiveArguments(let name): "Arguments of @\(name)"
        case .variables: "Variables"
        case .types: "Types"
        }
    }

    /// `Ctrl-T`: the browser, at the type the cursor's selection set is of when there is one.
    mutating func openGraphQLBrowser(_ state: inout BodyEditorState) {
        guard state.kind.isGraphQL else {
            message = StatusMessage("not a GraphQL query: no schema to browse", isError: true)
            return
        }
        guard let schema = editorSchema(state) else {
            message = StatusMessage("no schema kept for this endpoint: Ctrl-G fetches it", isError: true)
            return
        }
        var browser = GraphQLSchemaBrowser()
        let editor = state.editor
        if case .fields(let type)? = GraphQLCompletion.at(
            row: editor.row, column: editor.column, in: editor.lines, schema: schema)?.place, schema.type(type) != nil
        {
            browser.path = [type]
            browser.selectedBefore = [schema.typeNames.firstIndex(of: type) ?? 0]
        }
        state.browser = browser
    }

    /// The browser's keys; Esc on the list of types gives the keys back to the query.
    mutating func handleGraphQLBrowserKey(_ key: Key, _ state: BodyEditorState) -> [Effect] {
        var state = state
        guard var browser = state.browser, let schema = editorSchema(state) else {
            state.browser = nil
            overlay = .bodyEditor(state)
            return []
        }
        state.browser = browser.handle(key, schema: schema, height: max(1, height - 9)) ? browser : nil
        overlay = .bodyEditor(state)
        return []
    }
}

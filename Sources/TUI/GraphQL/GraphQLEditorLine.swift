/// The body editor's last line for a GraphQL query (issue 29): the query's problems against its schema, located
/// (the cursor's line's first, else the first), or where the schema stands and the keys that use it.
struct GraphQLEditorLine: Equatable {
    var text: String
    var isError: Bool
    /// The editor lines (0-based) a problem is on, marked in the gutter.
    var problemRows: Set<Int>

    init(text: String, isError: Bool, problemRows: Set<Int> = []) {
        self.text = text
        self.isError = isError
        self.problemRows = problemRows
    }

    /// The line for `editor`, nil for a body that is not a GraphQL query. `fetchKey`, `browseKey`: their labels.
    static func make(
        _ editor: BodyEditorState, status: GraphQLSchemaStatus?, browseKey: String?, fetchKey: String?
    ) -> GraphQLEditorLine? {
        guard editor.kind.isGraphQL, editor.webSocketExchange == nil else { return nil }
        let fetch = fetchKey.map { " (\($0) fetches it)" } ?? ""
        switch status {
        case nil, .loading?:
            return GraphQLEditorLine(text: "GraphQL: reading the kept schema…", isError: false)
        case .absent?:
            return GraphQLEditorLine(
                text: "GraphQL: no schema kept for \(editor.schemaKey?.url ?? "this URL"): not checked\(fetch)",
                isError: false)
        case .fetching?:
            return GraphQLEditorLine(text: "GraphQL: fetching the schema by introspection…", isError: false)
        case .failed(let reason)?:
            return GraphQLEditorLine(text: "GraphQL: no schema: \(reason)\(fetch)", isError: true)
        case .loaded(let index)?:
            if let reason = editor.graphQLUnusable {
                return GraphQLEditorLine(text: "GraphQL: \(reason)", isError: true)
            }
            let problems = editor.graphQLProblems
            let text = editor.editor
            let hint = GraphQLCompletion.hint(row: text.row, column: text.column, in: text.lines, schema: index)
            guard !problems.isEmpty else {
                let browse = browseKey.map { "  (\($0) browses it)" } ?? ""
                return GraphQLEditorLine(
                    text: hint ?? "GraphQL: valid against the schema (\(index.summary))\(browse)", isError: false)
            }
            let rows = Set(problems.map { $0.line - 1 })
            let shown = problems.first { $0.line - 1 == editor.editor.row } ?? problems[0]
            let more = problems.count > 1 ? "  (+\(problems.count - 1) more)" : ""
            return GraphQLEditorLine(
                text: "\(shown.line):\(shown.column): \(shown.message)\(more)", isError: true, problemRows: rows)
        }
    }
}

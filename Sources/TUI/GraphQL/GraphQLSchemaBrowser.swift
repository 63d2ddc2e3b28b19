import ExplorerCore

/// The schema browser (`Ctrl-T` in the body editor of a GraphQL query): the schema's types, then a type's fields
/// with their arguments (types, defaults), descriptions and deprecations; `/` narrows the list as you type, Enter on a
/// field goes to its type, Esc comes back (and leaves from the list of types). A moment inside the body editor, like
/// the value picker: its keys are plain and the query stays as it was.
package struct GraphQLSchemaBrowser: Hashable, Sendable {
    /// The types gone to, the last one shown; empty: the list of types.
    package var path: [String] = []
    /// The highlighted row, and each earlier level's, to come back to.
    package var selected = 0
    var selectedBefore: [Int] = []
    package var search = ""
    package var isSearching = false
    /// The first row shown.
    var top = 0

    package init() {}

    /// One line of the browser (not escaped: the view escapes the server's text), and the type Enter goes to.
    package struct Row: Equatable, Sendable {
        package var text: String
        package var target: String?
        package var isDeprecated = false
    }

    /// The rows of the level shown, narrowed by the search (a name or a description containing it, any case).
    package func rows(_ schema: GraphQLSchemaIndex) -> [Row] {
        let all: [Row]
        if let name = path.last {
            all = Self.typeRows(name, schema)
        } else {
            all = schema.typeNames.compactMap { name in
                guard let type = schema.type(name) else { return nil }
                let description = type.description.map { "  — " + Self.oneLine($0) } ?? ""
                return Row(text: "\(name)  \(type.kind.lowercased())\(description)", target: name)
            }
        }
        guard !search.isEmpty else { return all }
        let needle = search.lowercased()
        return all.filter { $0.text.lowercased().contains(needle) }
    }

    static func typeRows(_ name: String, _ schema: GraphQLSchemaIndex) -> [Row] {
        guard let type = schema.type(name) else { return [Row(text: "\(name): not in the schema")] }
        var rows: [Row] = []
        for field in type.fields ?? [] {
            let args =
                field.args.isEmpty ? "" : "(" + field.args.map(GraphQLCompletion.argument).joined(separator: ", ") + ")"
            var text = "\(field.name)\(args): \(field.type.sdl)"
            if let description = field.description, !description.isEmpty { text += "  — " + oneLine(description) }
            if field.isDeprecated == true {
                text += "  · deprecated: " + oneLine(field.deprecationReason ?? "no reason given")
            }
            rows.append(
                Row(
                    text: text, target: GraphQLSchemaIndex.namedType(field.type),
                    isDeprecated: field.isDeprecated == true))
        }
        for input in type.inputFields ?? [] {
            var text = GraphQLCompletion.argument(input)
            if let description = input.description, !description.isEmpty { text += "  — " + oneLine(description) }
            rows.append(Row(text: text, target: GraphQLSchemaIndex.namedType(input.type)))
        }
        for value in type.enumValues ?? [] {
            var text = value.name
            if let description = value.description, !description.isEmpty { text += "  — " + oneLine(description) }
            if value.isDeprecated == true {
                text += "  · deprecated: " + oneLine(value.deprecationReason ?? "no reason given")
            }
            rows.append(Row(text: text, isDeprecated: value.isDeprecated == true))
        }
        for member in type.possibleTypes ?? [] {
            let named = GraphQLSchemaIndex.namedType(member)
            rows.append(Row(text: "… on \(named ?? "?")", target: named))
        }
        if rows.isEmpty { rows.append(Row(text: "(\(type.kind.lowercased()): no fields)")) }
        return rows
    }

    /// The heading over the rows: where the browser is, and what the type is.
    package func heading(_ schema: GraphQLSchemaIndex) -> String {
        guard let name = path.last else { return "\(schema.typeNames.count) types" }
        guard let type = schema.type(name) else { return name }
        let trail = (["types"] + path).joined(separator: " › ")
        let description = type.description.map { " — " + Self.oneLine($0) } ?? ""
        return "\(trail)  (\(type.kind.lowercased()))\(description)"
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Applies a key; false when it leaves the browser (Esc on the list of types).
    package mutating func handle(_ key: Key, schema: GraphQLSchemaIndex, height: Int) -> Bool {
        let count = rows(schema).count
        if isSearching {
            switch key {
            case .character(let character): search.append(character)
            case .backspace: if !search.isEmpty { search.removeLast() }
            case .enter: isSearching = false
            case .escape:
                isSearching = false
                search = ""
            case .up, .down, .pageUp, .pageDown: isSearching = false
            default: return true
            }
            if isSearching || key == .enter || key == .escape {
                selected = 0
                top = 0
                return true
            }
        }
        switch key {
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(max(0, count - 1), selected + 1)
        case .pageUp: selected = max(0, selected - height)
        case .pageDown: selected = min(max(0, count - 1), selected + height)
        case .home: selected = 0
        case .end: selected = max(0, count - 1)
        case .character("/"):
            isSearching = true
            search = ""
        case .enter, .right:
            let rows = rows(schema)
            guard rows.indices.contains(selected), let target = rows[selected].target, schema.type(target) != nil else {
                return true
            }
            path.append(target)
            selectedBefore.append(selected)
            selected = 0
            top = 0
            search = ""
        case .escape, .left:
            if !search.isEmpty {
                search = ""
                selected = 0
            } else if path.isEmpty {
                return key == .left
            } else {
                path.removeLast()
                selected = selectedBefore.popLast() ?? 0
            }
            top = 0
        default:
            break
        }
        if selected < top { top = selected }
        if selected >= top + height { top = selected - height + 1 }
        return true
    }
}

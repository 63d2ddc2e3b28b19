import ExplorerCore

/// Endpoints from a schema (`apix import graphql`): one per root query and mutation field, its arguments as the
/// operation's variables, and a selection set to `depth` (the field's own scalars, and those of the objects it
/// returns). Subscriptions are left out, and said.
///
/// Variables get a value to start from: a required argument a sample of its type (`""`, `0`, `false`, the first enum
/// value, an input object's required fields), a nullable one `null`; an argument with a default is declared with it
/// (`$first: Int = 10`) and left out of `variables:`, so the server's default applies until the user sets one.
package enum GraphQLEndpointGenerator {
    /// How deep selection sets go.
    package static let depth = 2

    /// The endpoints for `schema`, each a POST to `path`, and what was left out.
    package static func endpoints(_ schema: IntrospectedSchema, path: String) -> (
        endpoints: [Endpoint], notes: [String]
    ) {
        let types = Dictionary(schema.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var endpoints: [Endpoint] = []
        var notes: [String] = []
        let roots: [(kind: String, named: IntrospectedSchema.Named?)] = [
            ("query", schema.queryType), ("mutation", schema.mutationType),
        ]
        for root in roots {
            for field in schema.rootFields(root.named) {
                if field.isDeprecated == true {
                    notes.append("\(root.kind) \(field.name) is deprecated: left out")
                    continue
                }
                let operation =
                    field.name.prefix(1).uppercased() + field.name.dropFirst()
                    + (root.kind == "query" ? "Query" : "Mutation")
                let query = document(root.kind, operation: operation, field: field, types: types)
                let variables = field.args.filter { $0.defaultValue == nil }.map { argument in
                    TemplateValue.Member(key: argument.name, value: sample(argument.type, types: types, depth: 3))
                }
                let body = GraphQLBody(
                    query: query, variables: variables.isEmpty ? nil : .object(variables), operation: operation)
                endpoints.append(
                    Endpoint(
                        id: "\(root.kind).\(field.name)", folder: root.kind == "query" ? "queries" : "mutations",
                        description: field.description.map(firstLine), method: .post, path: Template(path),
                        body: .graphql(body)))
            }
        }
        let subscriptions = schema.rootFields(schema.subscriptionType)
        if !subscriptions.isEmpty {
            notes.append(
                "\(subscriptions.count) subscription field(s) left out: subscriptions are not generated yet")
        }
        return (endpoints, notes)
    }

    // MARK: - The document

    private static func document(
        _ kind: String, operation: String, field: IntrospectedSchema.Field,
        types: [String: IntrospectedSchema.FullType]
    ) -> String {
        var declarations: [String] = []
        var arguments: [String] = []
        for argument in field.args {
            declarations.append(
                "$\(argument.name): \(argument.type.sdl)" + (argument.defaultValue.map { " = \($0)" } ?? ""))
            arguments.append("\(argument.name): $\(argument.name)")
        }
        var lines = [
            "\(kind) \(operation)" + (declarations.isEmpty ? "" : "(" + declarations.joined(separator: ", ") + ")")
                + " {"
        ]
        let call = "  " + field.name + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
        let selection = selectionSet(field.type, types: types, depth: depth, indent: "    ")
        if selection.isEmpty {
            lines.append(call)
        } else {
            lines.append(call + " {")
            lines += selection
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// The lines inside `{ … }` for a value of `type`; empty for a scalar or enum.
    private static func selectionSet(
        _ type: IntrospectedSchema.TypeRef, types: [String: IntrospectedSchema.FullType], depth: Int, indent: String
    ) -> [String] {
        guard let typeName = named(type), let full = types[typeName] else { return [] }
        switch full.kind {
        case "OBJECT", "INTERFACE":
            var lines: [String] = []
            for field in full.fields ?? [] where field.isDeprecated != true {
                // A field that needs an argument cannot be selected without one.
                guard !field.args.contains(where: { $0.type.kind == "NON_NULL" && $0.defaultValue == nil }) else {
                    continue
                }
                guard let inner = named(field.type), let innerType = types[inner] else { continue }
                if innerType.kind == "SCALAR" || innerType.kind == "ENUM" {
                    lines.append(indent + field.name)
                } else if depth > 1 {
                    let nested = selectionSet(field.type, types: types, depth: depth - 1, indent: indent + "  ")
                    if !nested.isEmpty { lines += [indent + field.name + " {"] + nested + [indent + "}"] }
                }
            }
            return lines.isEmpty ? [indent + "__typename"] : lines
        case "UNION":
            var lines = [indent + "__typename"]
            for possible in full.possibleTypes ?? [] {
                guard let name = possible.name, depth > 1 else { continue }
                let nested = selectionSet(possible, types: types, depth: depth - 1, indent: indent + "  ")
                let fields = nested.filter { $0.trimmingCharacters(in: .whitespaces) != "__typename" }
                if !fields.isEmpty { lines += [indent + "... on \(name) {"] + fields + [indent + "}"] }
            }
            return lines
        default:
            return []
        }
    }

    // MARK: - Variables

    /// A value to start from for `type`: `null` when nullable, else a sample of the named type.
    private static func sample(
        _ type: IntrospectedSchema.TypeRef, types: [String: IntrospectedSchema.FullType], depth: Int
    ) -> TemplateValue {
        guard type.kind == "NON_NULL", let inner = type.ofType else { return .null }
        if inner.kind == "LIST" { return .array([]) }
        guard let name = inner.name else { return .null }
        switch name {
        case "Int", "Float": return .number("0")
        case "Boolean": return .bool(false)
        case "String", "ID": return .string(Template(""))
        default: break
        }
        guard let full = types[name] else { return .string(Template("")) }
        switch full.kind {
        case "ENUM":
            return .string(Template(full.enumValues?.first?.name ?? ""))
        case "INPUT_OBJECT" where depth > 0:
            let required = (full.inputFields ?? []).filter { $0.type.kind == "NON_NULL" && $0.defaultValue == nil }
            return .object(
                required.map { .init(key: $0.name, value: sample($0.type, types: types, depth: depth - 1)) })
        default:
            return .string(Template(""))
        }
    }

    private static func named(_ type: IntrospectedSchema.TypeRef) -> String? {
        type.name ?? type.ofType.flatMap(named)
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: true).first ?? "")
    }
}

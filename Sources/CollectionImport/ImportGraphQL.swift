import ExplorerCore

/// What the collection importers share for GraphQL requests (docs/GRAPHQL.md, "Imports"): a `graphql:` body from an
/// exporter's query, variables and operation name, with a note for each part that cannot be kept as the exporter
/// would have sent it.
enum ImportGraphQL {
    /// Variables as an exporter keeps them: JSON text (Postman, Bruno, and Insomnia since it saves them as typed) or
    /// a value (Insomnia's older exports).
    enum Variables {
        case text(String)
        case value(JSONValue)
    }

    /// A `graphql:` body. `request` names the request in notes (its folder and name, or its file).
    static func body(
        query: String, variables: Variables?, operation: String?, request: String, notes: inout [String]
    ) -> BodyTemplate {
        var body = GraphQLBody(query: query)
        if let variables { body.variables = kept(variables, request: request, notes: &notes) }
        if let operation = operation?.trimmingCharacters(in: .whitespacesAndNewlines), !operation.isEmpty {
            body.operation = operation
        }
        // The exporters fill `{{variables}}` in the query text too; apix sends a query as written.
        let references = ImportNaming.references(in: query)
        if !references.isEmpty {
            notes.append(
                "\(request): its GraphQL query uses " + references.map { "{{\($0)}}" }.joined(separator: ", ")
                    + ", which apix sends as written (only `variables:` is filled): pass the value as a GraphQL "
                    + "$variable")
        }
        let names = operationNames(query)
        if body.operation == nil, names.count > 1 {
            notes.append(
                "\(request): its GraphQL document has \(names.count) operations ("
                    + names.map { $0 ?? "anonymous" }.joined(separator: ", ") + ") and names none to run: set "
                    + "`operation:`")
        }
        return .graphql(body)
    }

    /// The variables as the profile keeps them: an object as a mapping; JSON text whose `{{variables}}` stand where
    /// values go (`{"limit": {{limit}}}`, JSON only once filled) as that text, parsed when sent. Empty ones are
    /// left out; what is not a JSON object is left out with a note saying where it breaks.
    static func kept(_ variables: Variables, request: String, notes: inout [String]) -> TemplateValue? {
        let value: JSONValue
        switch variables {
        case .value(.null):
            return nil
        case .value(.string(let text)), .text(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return nil }
            do {
                value = try JSONValue.parse(trimmed)
            } catch {
                // Where a `{{variable}}` stands, a value of the same width: what remains must be a JSON object,
                // and an error's line and column are the text's own.
                let filled = placeholdersFilled(trimmed)
                guard filled != trimmed else {
                    notes.append(unreadable(request, "\(error)"))
                    return nil
                }
                do {
                    guard case .object = try JSONValue.parse(filled) else {
                        notes.append(unreadable(request, "not an object"))
                        return nil
                    }
                    return .string(Template(trimmed))
                } catch let filledError {
                    notes.append(unreadable(request, "\(filledError)"))
                    return nil
                }
            }
        case .value(let given):
            value = given
        }
        guard case .object(let object) = value else {
            notes.append(unreadable(request, "not an object"))
            return nil
        }
        if object.isEmpty { return nil }
        // `BodyTemplate.json` is the one JSON-to-profile-value path: what YAML would read back otherwise (a repeated
        // key, a number YAML reads as another) stays JSON text, sent the same.
        guard case .json(let kept) = BodyTemplate.json(text: value.serialized()) else { return nil }
        return kept
    }

    static func unreadable(_ request: String, _ why: String) -> String {
        "\(request): its GraphQL variables are not a JSON object (\(why)): left out, the query kept; set "
            + "`variables:` by hand"
    }

    /// `text` with each `{{…}}` replaced by `0` and spaces (newlines kept), so it keeps its lines and columns.
    static func placeholdersFilled(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let template = rest[open.lowerBound..<close.upperBound]
            result += "0" + String(template.dropFirst().map { $0.isNewline ? $0 : " " })
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The operations a GraphQL document defines, in order: each one's name, nil for an anonymous one
    /// (`GraphQLOperations`).
    static func operationNames(_ query: String) -> [String?] {
        GraphQLOperations.scan(query).map(\.name)
    }
}

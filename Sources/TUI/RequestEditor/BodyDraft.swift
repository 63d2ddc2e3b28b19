import ExplorerCore

/// A request body as editable text, with the kind that says how the text turns back into a body.
package struct BodyDraft: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case json
        /// `name=value` lines.
        case form
        /// `name=value` lines; `@path` values are files.
        case multipart
        case text(contentType: String?)
        /// `@path` of a file streamed from disk.
        case file(contentType: String?)
        /// A GraphQL query (the text); the variables, operation and file it came from stay as the profile gives them.
        case graphql(GraphQLBody)

        package var name: String {
            switch self {
            case .json: "JSON"
            case .form: "form"
            case .multipart: "multipart"
            case .text: "text"
            case .file: "file"
            case .graphql: "GraphQL"
            }
        }

        /// How the text is written, for kinds whose text is not self-evident: shown in an empty editor.
        package var example: String? {
            switch self {
            case .form: "name=value, one per line"
            case .multipart: "name=value or name=@path/to/file, one per line"
            case .file: "@path/to/file"
            case .json, .text, .graphql: nil
            }
        }
    }

    package var kind: Kind
    package var text: String

    package init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    package init(template: BodyTemplate) {
        switch template {
        case .json(let value):
            kind = .json
            if case .string(let raw) = value, raw.raw.first == "{" || raw.raw.first == "[" {
                text = raw.raw
            } else {
                text = Self.json(value).serialized(pretty: true)
            }
        case .form(let fields):
            kind = .form
            text = Self.lines(fields)
        case .multipart(let fields):
            kind = .multipart
            text = Self.lines(fields)
        case .text(let template, let type):
            kind = .text(contentType: type)
            // A text that starts with `@` is not a file: written `@@` in the editor (BodyFileReference).
            text = BodyFileReference.literal(template.raw)
        case .file(let template, let type):
            kind = .file(contentType: type)
            text = template.raw.hasPrefix("@") ? template.raw : "@" + template.raw
        case .graphql(let graphql):
            kind = .graphql(graphql)
            text = graphql.query
        }
    }

    /// A YAML body value as JSON, keeping `{{variables}}` as written inside strings.
    static func json(_ value: TemplateValue) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let text): .number(text)
        case .string(let template): .string(template.raw)
        case .array(let items): .array(items.map(json))
        case .object(let members):
            .object(JSONObject(members.map { (key: $0.key, value: json($0.value)) }))
        }
    }

    static func lines(_ fields: [Parameter]) -> String {
        fields.flatMap { field in (field.values ?? []).map { "\(field.name)=\($0.raw)" } }.joined(separator: "\n")
    }

    /// Checks the text for its kind: JSON must parse (errors carry line and column), form lines need `=`.
    package func validate() -> String? {
        switch kind {
        case .json:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if BodyFileReference.isFile(trimmed) || trimmed.isEmpty { return nil }
            do {
                _ = try JSONValue.parse(text)
                return nil
            } catch {
                return error.description
            }
        case .form, .multipart:
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).isEmpty && !line.contains("=") {
                return "line \(number + 1), column 1: expected name=value"
            }
            return nil
        case .text, .graphql:
            return nil
        case .file:
            return BodyFileReference.isFile(text) ? nil : "line 1, column 1: expected @path of a file"
        }
    }

    /// The body template this text stands for, as it is sent: JSON as typed. A JSON or text body written as `@path`
    /// sends that file, and `@@…` is text starting with `@`, as `apix run --body` reads them (`BodyFileReference`); a
    /// relative path starts at the profile's directory, where the body is saved.
    package var template: BodyTemplate {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch kind {
        case .json:
            if BodyFileReference.isFile(trimmed) { return .file(Template(trimmed), contentType: "application/json") }
            return .json(.string(Template(text)))
        case .form:
            return .form(Self.parameters(text))
        case .multipart:
            return .multipart(Self.parameters(text))
        case .text(let type):
            if BodyFileReference.isFile(trimmed) { return .file(Template(trimmed), contentType: type) }
            if case .text(let literal) = BodyFileReference(text), text.hasPrefix("@@") {
                return .text(Template(literal), contentType: type)
            }
            return .text(Template(text), contentType: type)
        case .file(let type):
            return .file(Template(trimmed), contentType: type)
        case .graphql(var graphql):
            // An edited query is no longer the file's text: saved inline.
            if text != graphql.query { graphql.file = nil }
            graphql.query = text
            return .graphql(graphql)
        }
    }

    /// The body template `s` saves: JSON that parses as structure, so the profile keeps YAML a person can read
    /// (`BodyTemplate.json(text:)`), not an escaped string; otherwise what is sent.
    package var savedTemplate: BodyTemplate {
        guard case .json(.string(let template)) = template else { return template }
        return .json(text: template.raw)
    }

    static func parameters(_ text: String) -> [Parameter] {
        text.split(separator: "\n").compactMap { line in
            guard let equals = line.firstIndex(of: "=") else { return nil }
            let name = String(line[..<equals]).trimmingCharacters(in: .whitespaces)
            return Parameter(name, Template(String(line[equals...].dropFirst())))
        }
    }
}

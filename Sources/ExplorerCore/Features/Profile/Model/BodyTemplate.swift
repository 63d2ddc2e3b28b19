/// A request body as a profile describes it, before variables are filled in.
package enum BodyTemplate: Sendable, Hashable {
    /// `json:` with a YAML value. A string that looks like a JSON document (`{…}` or `[…]`) is sent as JSON text.
    case json(TemplateValue)
    /// `form:` pairs sent as `application/x-www-form-urlencoded`.
    case form([Parameter])
    /// `multipart:` parts; a value starting with `@` names a file streamed from disk (`@@` escapes a literal `@`).
    case multipart([Parameter])
    /// `text:` sent as-is with `content_type` (default `text/plain; charset=utf-8`).
    case text(Template, contentType: String?)
    /// `file: "@path"` streamed from disk with `content_type` (default guessed from the name).
    case file(Template, contentType: String?)
    /// `graphql:` a GraphQL query, its variables and operation (`GraphQLBody`), sent as GraphQL over HTTP.
    case graphql(GraphQLBody)

    /// The `body:` key that introduces this kind.
    package var kindName: String {
        switch self {
        case .json: "json"
        case .form: "form"
        case .multipart: "multipart"
        case .text: "text"
        case .file: "file"
        case .graphql: "graphql"
        }
    }
}

extension BodyTemplate {
    /// The `json:` body a JSON text stands for: its structure (key order, and numbers as written) when it parses
    /// and YAML can hold it so (no key repeated in an object, every number read back as the same number), so a
    /// saved body stays YAML a person can read and edit; else the text, sent as JSON once variables are filled.
    /// `{{variables}}` inside strings stay as written either way.
    package static func json(text: String) -> BodyTemplate {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let parsed = try? JSONValue.parse(text), let value = TemplateValue(yamlSafe: parsed) else {
            return .json(.string(Template(text)))
        }
        // A JSON string holding a document would be sent as that document (`json: "{…}"` is JSON text).
        if case .string(let template) = value, template.raw.first == "{" || template.raw.first == "[" {
            return .json(.string(Template(trimmed)))
        }
        return .json(value)
    }
}

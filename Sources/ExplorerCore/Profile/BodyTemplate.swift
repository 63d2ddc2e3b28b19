/// A request body as a profile describes it, before variables are filled in.
public enum BodyTemplate: Sendable, Hashable {
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

    /// The `body:` key that introduces this kind.
    public var kindName: String {
        switch self {
        case .json: "json"
        case .form: "form"
        case .multipart: "multipart"
        case .text: "text"
        case .file: "file"
        }
    }
}

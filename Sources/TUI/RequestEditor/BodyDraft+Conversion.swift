import ExplorerCore

/// The body-type picker's conversions: what can be carried over is (a flat JSON object ↔ form or multipart fields,
/// fields between form and multipart, anything → text, text that is JSON → JSON); what cannot is refused with the
/// reason, and the body stays as it was.
extension BodyDraft {
    /// This body as `choice`, or why it cannot be. `nil` body: `.none`.
    static func converted(_ body: BodyDraft?, to choice: BodyTypeChoice) -> Result<BodyDraft?, ConversionRefusal> {
        guard let body else {
            switch choice {
            case .none: return .success(nil)
            case .json: return .success(BodyDraft(kind: .json, text: "{}"))
            case .form: return .success(BodyDraft(kind: .form, text: ""))
            case .multipart: return .success(BodyDraft(kind: .multipart, text: ""))
            case .text: return .success(BodyDraft(kind: .text(contentType: nil), text: ""))
            case .file: return .success(BodyDraft(kind: .file(contentType: nil), text: "@"))
            }
        }
        switch (body.kind, choice) {
        case (_, .none):
            return .success(nil)
        case (.json, .json), (.form, .form), (.multipart, .multipart), (.text, .text), (.file, .file):
            return .success(body)
        case (.form, .multipart), (.multipart, .form):
            return .success(BodyDraft(kind: choice == .form ? .form : .multipart, text: body.text))
        case (.json, .form), (.json, .multipart):
            return fields(ofJSON: body.text).map {
                BodyDraft(kind: choice == .form ? .form : .multipart, text: $0)
            }
        case (.form, .json), (.multipart, .json):
            return .success(BodyDraft(kind: .json, text: json(ofFields: body.text)))
        case (.text, .json):
            guard (try? JSONValue.parse(body.text)) != nil else {
                return .failure(ConversionRefusal(reason: "the text is not JSON"))
            }
            return .success(BodyDraft(kind: .json, text: body.text))
        case (.graphql, .text):
            return .success(BodyDraft(kind: .text(contentType: "application/graphql"), text: body.text))
        case (.graphql, _):
            return .failure(ConversionRefusal(reason: "a GraphQL query is text: make it text first (T t)"))
        case (.file(let type), .text):
            return .success(BodyDraft(kind: .text(contentType: type), text: body.text))
        case (_, .text):
            // JSON stays JSON to the server: its type goes with it.
            let type = body.kind == .json ? "application/json" : nil
            return .success(BodyDraft(kind: .text(contentType: type), text: body.text))
        case (.text(let type), .file):
            let trimmed = body.text.trimmingCharacters(in: .whitespacesAndNewlines)
            return .success(
                BodyDraft(kind: .file(contentType: type), text: BodyFileReference.isFile(trimmed) ? trimmed : "@"))
        case (_, .file):
            let trimmed = body.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard BodyFileReference.isFile(trimmed) || trimmed.isEmpty else {
                return .failure(ConversionRefusal(reason: "a file body is `@path`: clear the body first (T n)"))
            }
            return .success(BodyDraft(kind: .file(contentType: nil), text: trimmed.isEmpty ? "@" : trimmed))
        case (.file, _):
            return .failure(ConversionRefusal(reason: "a file body is sent as the file: make it text first (T t)"))
        case (.text, _):
            return .failure(ConversionRefusal(reason: "text is not fields: write name=value lines as text, then T"))
        }
    }

    /// `name=value` lines of a JSON object whose values are strings, numbers, booleans or null (a list of those
    /// repeats the name).
    static func fields(ofJSON text: String) -> Result<String, ConversionRefusal> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .success("") }
        guard let value = try? JSONValue.parse(text), case .object(let object) = value else {
            return .failure(ConversionRefusal(reason: "only a JSON object becomes fields"))
        }
        var lines: [String] = []
        for (name, member) in object {
            let items: [JSONValue]
            if case .array(let array) = member { items = array } else { items = [member] }
            for item in items {
                guard let scalar = scalarText(item) else {
                    return .failure(
                        ConversionRefusal(reason: "`\(name)` holds an object or nested list, which fields cannot"))
                }
                lines.append("\(name)=\(scalar)")
            }
        }
        return .success(lines.joined(separator: "\n"))
    }

    private static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: ""
        case .array, .object: nil
        }
    }

    /// A JSON object of `name=value` lines, values as strings; a repeated name becomes a list.
    static func json(ofFields text: String) -> String {
        var order: [String] = []
        var values: [String: [JSONValue]] = [:]
        for parameter in parameters(text) {
            if values[parameter.name] == nil { order.append(parameter.name) }
            values[parameter.name, default: []] += (parameter.values ?? []).map { .string($0.raw) }
        }
        let members = order.map { name in
            let items = values[name] ?? []
            return (key: name, value: items.count == 1 ? items[0] : JSONValue.array(items))
        }
        return JSONValue.object(JSONObject(members)).serialized(pretty: true)
    }
}

/// Why a body cannot become the chosen type (shown; the body is left alone).
struct ConversionRefusal: Error, Equatable {
    var reason: String
}

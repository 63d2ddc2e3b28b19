import ExplorerCore

/// One editable row of the request editor: a path param, query item or header.
public struct DraftRow: Hashable, Sendable {
    public var name: String
    public var value: String
    /// Disabled rows stay listed but are not sent (YAML `null` items start disabled).
    public var enabled: Bool

    public init(name: String, value: String, enabled: Bool = true) {
        self.name = name
        self.value = value
        self.enabled = enabled
    }
}

/// The request editor's tabs.
public enum EditorTab: Int, CaseIterable, Hashable, Sendable {
    case params, query, headers, body

    public var title: String {
        switch self {
        case .params: "Params"
        case .query: "Query"
        case .headers: "Headers"
        case .body: "Body"
        }
    }
}

/// The user's working copy of an endpoint: rows and body text as written (`{{variables}}` unresolved). Sends use
/// `endpoint(from:)`, so edits apply to requests whether or not they are saved.
public struct RequestDraft: Hashable, Sendable {
    public var params: [DraftRow]
    public var query: [DraftRow]
    public var headers: [DraftRow]
    public var body: BodyDraft?

    public init(endpoint: Endpoint) {
        params = Self.rows(endpoint.params)
        // Placeholders without a declared default still get a row to fill in.
        for name in endpoint.placeholders where !params.contains(where: { $0.name == name }) {
            params.append(DraftRow(name: name, value: "", enabled: false))
        }
        query = Self.rows(endpoint.query)
        headers = Self.rows(endpoint.headers)
        body = endpoint.body.map(BodyDraft.init(template:))
    }

    static func rows(_ parameters: [Parameter]) -> [DraftRow] {
        parameters.flatMap { parameter -> [DraftRow] in
            guard let values = parameter.values, !values.isEmpty else {
                return [DraftRow(name: parameter.name, value: "", enabled: false)]
            }
            return values.map { DraftRow(name: parameter.name, value: $0.raw) }
        }
    }

    public func rows(_ tab: EditorTab) -> [DraftRow] {
        switch tab {
        case .params: params
        case .query: query
        case .headers: headers
        case .body: []
        }
    }

    public mutating func setRows(_ rows: [DraftRow], for tab: EditorTab) {
        switch tab {
        case .params: params = rows
        case .query: query = rows
        case .headers: headers = rows
        case .body: break
        }
    }

    /// The endpoint as edited: what is sent and what `s` saves.
    public func endpoint(from original: Endpoint) -> Endpoint {
        var endpoint = original
        endpoint.params = params.map { row in
            Parameter(name: row.name, values: row.enabled ? [Template(row.value)] : nil)
        }
        endpoint.query = query.map { row in
            Parameter(name: row.name, values: row.enabled ? [Template(row.value)] : nil)
        }
        // Headers with one name become one parameter (repeated values), in first-seen order; an enabled row with an
        // empty value removes the header inherited from the profile or environment.
        var headerParameters: [Parameter] = []
        for row in headers where row.enabled {
            let values: [Template]? = row.value.isEmpty ? nil : [Template(row.value)]
            if let index = headerParameters.firstIndex(where: { $0.name.lowercased() == row.name.lowercased() }) {
                if let values { headerParameters[index].values = (headerParameters[index].values ?? []) + values }
            } else {
                headerParameters.append(Parameter(name: row.name, values: values))
            }
        }
        endpoint.headers = headerParameters
        if let body {
            endpoint.body = body.template
        }
        return endpoint
    }
}

/// A request body as editable text, with the kind that says how the text turns back into a body.
public struct BodyDraft: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case json
        /// `name=value` lines.
        case form
        /// `name=value` lines; `@path` values are files.
        case multipart
        case text(contentType: String?)
        /// `@path` of a file streamed from disk.
        case file(contentType: String?)

        public var name: String {
            switch self {
            case .json: "JSON"
            case .form: "form"
            case .multipart: "multipart"
            case .text: "text"
            case .file: "file"
            }
        }
    }

    public var kind: Kind
    public var text: String

    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    public init(template: BodyTemplate) {
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
            text = template.raw
        case .file(let template, let type):
            kind = .file(contentType: type)
            text = template.raw.hasPrefix("@") ? template.raw : "@" + template.raw
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
    public func validate() -> String? {
        switch kind {
        case .json:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.hasPrefix("@") || trimmed.isEmpty { return nil }
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
        case .text:
            return nil
        case .file:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.hasPrefix("@") && trimmed.count > 1 ? nil : "line 1, column 1: expected @path of a file"
        }
    }

    /// The body template this text stands for. A JSON or text body written as `@path` sends that file.
    public var template: BodyTemplate {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch kind {
        case .json:
            if trimmed.hasPrefix("@"), !trimmed.contains("\n") { return .file(Template(trimmed), contentType: "application/json") }
            return .json(.string(Template(text)))
        case .form:
            return .form(Self.parameters(text))
        case .multipart:
            return .multipart(Self.parameters(text))
        case .text(let type):
            return .text(Template(text), contentType: type)
        case .file(let type):
            return .file(Template(trimmed), contentType: type)
        }
    }

    static func parameters(_ text: String) -> [Parameter] {
        text.split(separator: "\n").compactMap { line in
            guard let equals = line.firstIndex(of: "=") else { return nil }
            let name = String(line[..<equals]).trimmingCharacters(in: .whitespaces)
            return Parameter(name, Template(String(line[equals...].dropFirst())))
        }
    }
}

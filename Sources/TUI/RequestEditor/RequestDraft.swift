import ExplorerCore

/// The user's working copy of an endpoint: rows and body text as written (`{{variables}}` unresolved). Sends use
/// `endpoint(from:)`, so edits apply to requests whether or not they are saved.
struct RequestDraft: Hashable, Sendable {
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

    mutating func setRows(_ rows: [DraftRow], for tab: EditorTab) {
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

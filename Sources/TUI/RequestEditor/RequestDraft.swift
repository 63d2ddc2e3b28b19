import ExplorerCore

/// The user's working copy of an endpoint: rows and body text as written (`{{variables}}` unresolved). Sends use
/// `endpoint(from:)`, so edits apply to requests whether or not they are saved.
struct RequestDraft: Hashable, Sendable {
    package var params: [DraftRow]
    package var query: [DraftRow]
    package var headers: [DraftRow]
    package var body: BodyDraft?
    /// The method and the path (or full URL) as written, `{placeholders}` and `{{variables}}` unresolved.
    package var method: HTTPMethod
    package var path: String

    init(
        method: HTTPMethod, path: String, params: [DraftRow], query: [DraftRow], headers: [DraftRow], body: BodyDraft?
    ) {
        self.method = method
        self.path = path
        self.params = params
        self.query = query
        self.headers = headers
        self.body = body
    }

    package init(endpoint: Endpoint) {
        method = endpoint.method
        path = endpoint.path.raw
        params = Self.rows(endpoint.params)
        // Placeholders without a declared default still get a row to fill in.
        for name in endpoint.placeholders where !params.contains(where: { $0.name == name }) {
            params.append(DraftRow(name: name, value: "", enabled: false))
        }
        query = Self.rows(endpoint.query)
        headers = Self.rows(endpoint.headers, nullRemoves: true)
        body = endpoint.body.map(BodyDraft.init(template:))
    }

    /// One row per value, ticked when sent; values switched off in the profile come after as unticked rows. A
    /// `null` item is an unticked empty row, except a header's, which removes an inherited header: an empty ticked
    /// row, as `endpoint(from:)` writes it.
    static func rows(_ parameters: [Parameter], nullRemoves: Bool = false) -> [DraftRow] {
        parameters.flatMap { parameter -> [DraftRow] in
            let sent = (parameter.values ?? []).map { DraftRow(name: parameter.name, value: $0.raw) }
            let off = parameter.disabledValues.map { DraftRow(name: parameter.name, value: $0.raw, enabled: false) }
            if sent.isEmpty && off.isEmpty {
                return [DraftRow(name: parameter.name, value: "", enabled: nullRemoves && parameter.values == nil)]
            }
            return sent + off
        }
    }

    package func rows(_ tab: EditorTab) -> [DraftRow] {
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

    /// The URL line as `u` shows it: the path, then the ticked query rows (`?a=1&b=2`), so the whole URL is edited.
    /// `%`, `&`, `=`, `+`, `#` and spaces in names and values are percent-encoded, as `setPathAndQuery` reads them.
    var urlLine: String {
        func encoded(_ text: String, isName: Bool) -> String {
            var result = ""
            for character in text {
                switch character {
                case "%": result += "%25"
                case "&": result += "%26"
                case "+": result += "%2B"
                case "#": result += "%23"
                case " ": result += "%20"
                case "=" where isName: result += "%3D"
                default: result.append(character)
                }
            }
            return result
        }
        let items = query.filter { $0.enabled && !$0.name.isEmpty }.map {
            encoded($0.name, isName: true) + ($0.value.isEmpty ? "" : "=" + encoded($0.value, isName: false))
        }
        return items.isEmpty ? path : path + "?" + items.joined(separator: "&")
    }

    /// The URL line as typed: the part before `?` is the path; each `name=value` after it (decoded as a server
    /// reads a query: `+` is a space, then `%XX`) sets a query row of that name, or adds one, so a typed query is
    /// saved under `query:`, not inside `path:`. A ticked row the line no longer has is unticked (kept, not sent).
    mutating func setPathAndQuery(_ text: String) {
        let mark = text.firstIndex(of: "?")
        path = mark.map { String(text[..<$0]) } ?? text
        var set: Set<Int> = []
        if let mark {
            for pair in text[text.index(after: mark)...].split(separator: "&") where !pair.isEmpty {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                func decoded(_ part: Substring) -> String {
                    let spaced = part.replacingOccurrences(of: "+", with: " ")
                    return spaced.removingPercentEncoding ?? spaced
                }
                let name = decoded(parts[0])
                let value = parts.count > 1 ? decoded(parts[1]) : ""
                if let index = query.indices.first(where: { !set.contains($0) && query[$0].name == name }) {
                    query[index].value = value
                    query[index].enabled = true
                    set.insert(index)
                } else {
                    query.append(DraftRow(name: name, value: value))
                    set.insert(query.count - 1)
                }
            }
        }
        for index in query.indices where query[index].enabled && !set.contains(index) {
            query[index].enabled = false
        }
    }

    /// The endpoint as `s` saves it: as sent, with a JSON body that parses kept as structure.
    package func savedEndpoint(from original: Endpoint) -> Endpoint {
        var endpoint = endpoint(from: original)
        if let body { endpoint.body = body.savedTemplate }
        return endpoint
    }

    /// The endpoint as edited: what is sent.
    package func endpoint(from original: Endpoint) -> Endpoint {
        var endpoint = original
        endpoint.method = method
        if path != original.path.raw { endpoint.path = Template(path) }
        endpoint.params = Self.parameters(params, sameName: { $0 == $1 })
        endpoint.query = Self.parameters(query, sameName: { $0 == $1 })
        endpoint.headers = Self.parameters(
            headers, sameName: { $0.lowercased() == $1.lowercased() }, emptyRemoves: true)
        // A body as the endpoint gives it is sent as the endpoint's: a `json:` structure encoded by the core, the
        // same bytes `apix run` sends (the draft's text is only its pretty view). Edited, the text is sent as typed.
        if let body, body != original.body.map(BodyDraft.init(template:)) {
            endpoint.body = body.template
        }
        return endpoint
    }

    /// Rows of one name become one parameter (repeated values; a YAML mapping cannot repeat a key), in first-seen
    /// order. Unticked rows keep their values as switched off, so nothing typed is lost on save. A lone unticked
    /// empty row is `null` (listed, not sent), except for headers, where `null` is what a ticked empty row means:
    /// remove the header inherited from the profile or environment.
    static func parameters(
        _ rows: [DraftRow], sameName: (String, String) -> Bool, emptyRemoves: Bool = false
    ) -> [Parameter] {
        var result: [Parameter] = []
        var rowCounts: [Int] = []
        for row in rows {
            let index: Int
            if let found = result.firstIndex(where: { sameName($0.name, row.name) }) {
                index = found
            } else {
                result.append(Parameter(name: row.name, values: nil))
                rowCounts.append(0)
                index = result.count - 1
            }
            rowCounts[index] += 1
            if row.enabled {
                if emptyRemoves && row.value.isEmpty { continue }
                result[index].values = (result[index].values ?? []) + [Template(row.value)]
            } else {
                result[index].disabledValues.append(Template(row.value))
            }
        }
        for index in result.indices
        where !emptyRemoves && rowCounts[index] == 1 && result[index].values == nil
            && result[index].disabledValues == [""]
        {
            result[index].disabledValues = []
        }
        return result
    }
}

import ExplorerCore
import Foundation

extension PostmanImporter {
    /// Walks the item tree: folders into `A / B` names, requests into endpoints.
    struct Walker {
        var draft: CollectionDraft
        /// The collection's auth object (what the profile's `auth:` came from).
        var profileAuth: JSONValue?

        mutating func walk(_ items: [JSONValue], folder: [String], inherited: JSONValue?) {
            for item in items {
                let name = item["name"]?.text ?? "request"
                if let children = item["item"], item["request"] == nil {
                    PostmanImporter.scripts(item, owner: "folder \(name)", draft: &draft)
                    walk(children.array, folder: folder + [name], inherited: item["auth"] ?? inherited)
                } else if let request = item["request"] {
                    PostmanImporter.scripts(item, owner: name, draft: &draft)
                    add(request, name: name, folder: folder, inherited: inherited)
                }
            }
        }

        mutating func add(_ request: JSONValue, name: String, folder: [String], inherited: JSONValue?) {
            let methodText = (request["method"]?.text ?? "GET").uppercased()
            guard let method = HTTPMethod(rawValue: methodText) else {
                draft.notes.append("\(name): method \(methodText) skipped")
                return
            }
            let url = request["url"] ?? request
            var endpoint = Endpoint(
                id: "", name: ImportNaming.line(name), folder: folder.isEmpty ? nil : folder.joined(separator: " / "),
                description: request["description"].flatMap(PostmanImporter.descriptionText), method: method,
                path: Template(PostmanImporter.path(url)))
            endpoint.query = PostmanImporter.query(url)
            for variable in url["variable"]?.array ?? [] {
                guard let key = variable["key"]?.text else { continue }
                let value = variable["value"]?.text
                endpoint.params.append(Parameter(key, value.flatMap { $0.isEmpty ? nil : Template($0) }))
            }
            for name in endpoint.placeholders where !endpoint.params.contains(where: { $0.name == name }) {
                endpoint.params.append(Parameter(name: name, values: nil))
            }
            endpoint.headers = PostmanImporter.pairs(request["header"]?.array ?? [])
            let body = PostmanImporter.body(request["body"], headers: endpoint.headers, name: name, draft: &draft)
            endpoint.body = body
            if case .form? = body { endpoint.headers.removeAll { $0.name.lowercased() == "content-type" } }
            if case .multipart? = body { endpoint.headers.removeAll { $0.name.lowercased() == "content-type" } }
            // A `graphql:` body sets its own (JSON, or none for GET).
            if case .graphql? = body { endpoint.headers.removeAll { $0.name.lowercased() == "content-type" } }
            applyAuth(request["auth"] ?? inherited, to: &endpoint, name: name)
            if ImportWebSocket.isWebSocketURL(endpoint.path.raw) {
                // v2.1 has no WebSocket item (Postman does not export its WebSocket collections): a `ws(s)://` URL is
                // the mark; a raw body, if any, is the message to send.
                let raw = request["body"]?["raw"]?.text ?? ""
                let json = request["body"]?["options"]?["raw"]?["language"]?.text == "json"
                let message = ImportWebSocket.message(name: "body", text: raw, json: json)
                ImportWebSocket.settle(&endpoint, messages: message.map { [$0] } ?? [])
            }
            draft.add(endpoint, idFrom: name)
        }

        /// The request's effective auth: the profile's (nothing to do), none (`auth: none`), or its own, as a
        /// header or query item where it is a bearer token or an API key, as a named definition (`auth: oauth2`)
        /// where it is OAuth2, Digest, NTLM or AWS SigV4.
        mutating func applyAuth(_ auth: JSONValue?, to endpoint: inout Endpoint, name: String) {
            guard let auth, let type = auth["type"]?.text else {
                if draft.auth != nil { endpoint.authDisabled = true }
                return
            }
            if type == "noauth" {
                if draft.auth != nil { endpoint.authDisabled = true }
                return
            }
            if let profileAuth, auth == profileAuth, draft.auth != nil { return }
            switch type {
            case "bearer":
                let token = PostmanImporter.field(auth, "token") ?? ""
                let value = credentialText(token, as: "token")
                endpoint.headers.append(Parameter("Authorization", Template("Bearer \(value)")))
            case "apikey":
                let key = PostmanImporter.field(auth, "key") ?? "X-API-Key"
                let value = credentialText(PostmanImporter.field(auth, "value") ?? "", as: "api_key")
                if PostmanImporter.field(auth, "in") == "query" {
                    endpoint.query.append(Parameter(key, Template(value)))
                } else {
                    endpoint.headers.append(Parameter(key, Template(value)))
                }
            case "oauth2", "digest", "ntlm", "awsv4":
                // A named definition (`auths:`) the endpoint uses: these need the whole mapping, not a header.
                if let named = draft.namedAuth(
                    for: auth, make: { PostmanImporter.computedAuth(auth, owner: name, draft: &$0) })
                {
                    endpoint.authName = named
                    return
                }
                let token = credentialText(PostmanImporter.field(auth, "accessToken") ?? "", as: "access_token")
                endpoint.headers.append(Parameter("Authorization", Template("Bearer \(token)")))
                draft.notes.append(
                    "\(name): its OAuth2 grant (\(PostmanImporter.field(auth, "grant_type") ?? "none")) cannot run in "
                        + "apix: its token is an `Authorization` header (`access_token`)")
            default:
                draft.notes.append("\(name): its own `\(type)` auth is not carried over")
            }
            // Its own credential is in a header: the profile's must not replace it.
            if draft.auth != nil { endpoint.authDisabled = true }
        }

        mutating func credentialText(_ value: String, as name: String) -> String {
            draft.credentialText(value, as: name)
        }
    }

    /// A URL's path (the whole URL before the query; `:name` segments as `{name}`).
    static func path(_ url: JSONValue) -> String {
        var raw: String
        if let text = url.text {
            raw = text
        } else if let text = url["raw"]?.text {
            raw = text
        } else {
            let host = url["host"].map { $0.text ?? $0.array.compactMap(\.text).joined(separator: ".") } ?? ""
            let path = url["path"].map { $0.text ?? $0.array.compactMap(\.text).joined(separator: "/") } ?? ""
            let scheme = url["protocol"]?.text.map { "\($0)://" } ?? ""
            raw = scheme + host + (path.isEmpty || path.hasPrefix("/") ? path : "/" + path)
        }
        if let mark = raw.firstIndex(where: { $0 == "?" || $0 == "#" }) { raw = String(raw[..<mark]) }
        let segments = raw.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix(":") && segment.count > 1 && !segment.contains("{")
                ? "{\(segment.dropFirst())}" : String(segment)
        }
        return segments.joined(separator: "/").trimmingCharacters(in: .whitespaces)
    }

    /// Query items: the URL object's list (disabled ones kept disabled), else the raw URL's.
    static func query(_ url: JSONValue) -> [Parameter] {
        if let list = url["query"]?.array, url.isObject { return pairs(list) }
        guard let raw = url.text ?? url["raw"]?.text, let mark = raw.firstIndex(of: "?") else { return [] }
        let query = raw[raw.index(after: mark)...].prefix { $0 != "#" }
        return FormEncoding.decode(String(query), plusIsSpace: false).map { Parameter($0.name, Template($0.value)) }
    }

    /// `[{key, value, disabled}]` as parameters, repeated keys as one with several values.
    static func pairs(_ list: [JSONValue]) -> [Parameter] {
        var result: [Parameter] = []
        for pair in list {
            guard let key = pair["key"]?.text, !key.isEmpty else { continue }
            let value = Template(pair["value"]?.text ?? "")
            let disabled = pair["disabled"]?.flag == true
            if let index = result.firstIndex(where: { $0.name == key }) {
                if disabled {
                    result[index].disabledValues.append(value)
                } else {
                    result[index].values = (result[index].values ?? []) + [value]
                }
            } else {
                result.append(
                    Parameter(name: key, values: disabled ? nil : [value], disabledValues: disabled ? [value] : []))
            }
        }
        return result
    }

    static func body(_ body: JSONValue?, headers: [Parameter], name: String, draft: inout CollectionDraft)
        -> BodyTemplate?
    {
        guard let body, body["disabled"]?.flag != true else { return nil }
        let declared = headers.first { $0.name.lowercased() == "content-type" }?.value?.raw
        switch body["mode"]?.text ?? "" {
        case "raw":
            guard let raw = body["raw"]?.text, !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return nil
            }
            let language = body["options"]?["raw"]?["language"]?.text
            if language == "json" || declared.map(MediaType.isJSON) == true {
                return .json(text: raw)
            }
            let type =
                declared
                ?? [
                    "xml": "application/xml", "html": "text/html", "javascript": "application/javascript",
                    "text": "text/plain",
                ][language ?? ""]
            // A leading `@` would name a file (BodyFileReference): `@@` keeps it literal.
            return .text(Template(BodyFileReference.literal(raw)), contentType: type)
        case "urlencoded":
            return .form(pairs(body["urlencoded"]?.array ?? []))
        case "formdata":
            var fields: [Parameter] = []
            for field in body["formdata"]?.array ?? [] {
                guard let key = field["key"]?.text else { continue }
                var value = field["value"]?.text ?? ""
                if field["type"]?.text == "file" {
                    let source = field["src"]?.text ?? field["src"]?.array.first?.text ?? ""
                    if source.isEmpty {
                        draft.notes.append("\(name): file field `\(key)` has no file: set `@./\(key)`")
                    }
                    value = "@" + (source.isEmpty ? "./\(key)" : source)
                } else if value.hasPrefix("@") {
                    value = "@" + value
                }
                let disabled = field["disabled"]?.flag == true
                fields.append(
                    Parameter(
                        name: key, values: disabled ? nil : [Template(value)],
                        disabledValues: disabled ? [Template(value)] : []))
            }
            return .multipart(fields)
        case "file":
            let source = body["file"]?["src"]?.text ?? ""
            if source.isEmpty { draft.notes.append("\(name): its file body names no file: set `@./\(name).body`") }
            return .file(Template("@" + (source.isEmpty ? "./body" : source)), contentType: declared)
        case "graphql":
            // Postman keeps the variables as the JSON text typed in its editor.
            let graphql = body["graphql"]
            return ImportGraphQL.body(
                query: graphql?["query"]?.text ?? "", variables: graphql?["variables"].map { .value($0) },
                operation: graphql?["operationName"]?.text, request: name, notes: &draft.notes)
        default:
            return nil
        }
    }
}

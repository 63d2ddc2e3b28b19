import ExplorerCore
import Foundation
import Yams

/// Insomnia exports, v4 (JSON, a flat list of resources linked by `parentId`) and v5 (YAML, a tree): request
/// groups become `A / B` folders, requests endpoints, the base environment profile variables and each
/// sub-environment an environment, auth the profile's where every request agrees (else headers), Nunjucks
/// `{{ _.name }}` plain `{{name}}`. Template tags (`{% response … %}`) cannot be run: each becomes an empty
/// variable, with a note; specs, unit tests and cookie jars are skipped with a note. WebSocket requests (v4's
/// `websocket_request` with its `websocket_payload`s, v5's `ws-req_` items) become `protocol: websocket` endpoints.
enum InsomniaImporter {
    /// A request with its folder path, in one shape for both versions.
    struct Request {
        var item: JSONValue
        var folder: [String]
        var auth: JSONValue?
    }

    static func makeProfile(text: String, fileName: String, id: String?) throws(InteropError) -> ProfileImport {
        let root: JSONValue
        if let json = try? JSONValue.parse(text) {
            root = json
        } else {
            do {
                guard let node = try Yams.compose(yaml: text) else { throw InteropError(.invalid("empty file")) }
                root = jsonValue(node)
            } catch let error as InteropError {
                throw error
            } catch {
                throw InteropError(.invalid("not YAML or JSON: \(error)"))
            }
        }
        var notes: [String] = []
        var requests: [Request] = []
        var title = ((fileName as NSString).lastPathComponent as NSString).deletingPathExtension
        var baseVariables: [JSONObject.Member] = []
        var environments: [(String, [JSONObject.Member])] = []
        // v4's `websocket_payload`s by their request's id: the message each WebSocket request keeps.
        var payloads: [String: [JSONValue]] = [:]
        if root["__export_format"] != nil {
            let resources = root["resources"]?.array ?? []
            var byID: [String: JSONValue] = [:]
            for resource in resources { if let id = resource["_id"]?.text { byID[id] = resource } }
            var skipped: [String: Int] = [:]
            for resource in resources {
                switch resource["_type"]?.text ?? "" {
                case "workspace":
                    if let name = resource["name"]?.text { title = name }
                case "request", "websocket_request":
                    var folder: [String] = []
                    var auth: JSONValue?
                    var parent = resource["parentId"]?.text
                    while let id = parent, let group = byID[id], group["_type"]?.text == "request_group" {
                        folder.insert(group["name"]?.text ?? "folder", at: 0)
                        if auth == nil, let own = group["authentication"], own["type"] != nil { auth = own }
                        parent = group["parentId"]?.text
                    }
                    requests.append(Request(item: resource, folder: folder, auth: auth))
                case "environment":
                    let data = resource["data"]?.members ?? []
                    if byID[resource["parentId"]?.text ?? ""]?["_type"]?.text == "workspace" {
                        baseVariables += data
                    } else {
                        environments.append((resource["name"]?.text ?? "environment", data))
                    }
                case "websocket_payload":
                    payloads[resource["parentId"]?.text ?? "", default: []].append(resource)
                case "request_group", "cookie_jar":
                    continue
                case let other:
                    skipped[other, default: 0] += 1
                }
            }
            for (kind, count) in skipped.sorted(by: { $0.key < $1.key }) {
                notes.append("\(count) `\(kind)` \(count == 1 ? "resource" : "resources") skipped")
            }
        } else if (root["type"]?.text ?? "").hasPrefix("collection.insomnia.rest/") {
            title = root["name"]?.text ?? title
            walk(root["collection"]?.array ?? [], folder: [], auth: nil, into: &requests, notes: &notes)
            baseVariables = root["environments"]?["data"]?.members ?? []
            for sub in root["environments"]?["subEnvironments"]?.array ?? [] {
                environments.append((sub["name"]?.text ?? "environment", sub["data"]?.members ?? []))
            }
        } else {
            throw InteropError(.invalid("not an Insomnia export (v4 JSON or v5 YAML)"))
        }
        var draft = CollectionDraft(id: id ?? ImportNaming.slug(title, fallback: "insomnia"), name: title)
        draft.notes = notes
        var converter = Nunjucks()
        for (name, value) in baseVariables {
            draft.define(name, converter.convert(value.text ?? flat(value)))
        }
        for (name, data) in environments {
            var variables: [String: Template] = [:]
            let environment = ImportNaming.slug(name, fallback: "environment")
            for (key, value) in data {
                let text = converter.convert(value.text ?? flat(value))
                if ImportNaming.looksSecret(key) {
                    draft.secret(key, text, environment: environment)
                } else {
                    variables[key] = Template(text)
                }
            }
            draft.environments.append(ProfileEnvironment(name: environment, baseURL: "", variables: variables))
        }
        for request in requests {
            let id = request.item["_id"]?.text ?? request.item["meta"]?["id"]?.text ?? ""
            add(request, payloads: payloads[id] ?? [], draft: &draft, converter: &converter)
        }
        if converter.tags > 0 {
            draft.notes.append(
                "\(converter.tags) Insomnia template tags ({% … %}) cannot run in apix: each became an empty variable "
                    + "(tag_1…) to fill in")
        }
        return draft.finish()
    }

    /// A nested value as JSON text (an environment's object or list).
    static func flat(_ value: JSONValue) -> String {
        value.serialized()
    }

    static func walk(
        _ items: [JSONValue], folder: [String], auth: JSONValue?, into requests: inout [Request], notes: inout [String]
    ) {
        for item in items {
            if let children = item["children"] {
                let own = item["authentication"].flatMap { $0["type"] == nil ? nil : $0 }
                walk(
                    children.array, folder: folder + [item["name"]?.text ?? "folder"], auth: own ?? auth,
                    into: &requests, notes: &notes)
                if item["environment"] != nil {
                    notes.append("folder \(item["name"]?.text ?? ""): its environment is not carried over")
                }
            } else if item["url"] != nil {
                requests.append(Request(item: item, folder: folder, auth: auth))
            }
        }
    }

    static func add(
        _ request: Request, payloads: [JSONValue], draft: inout CollectionDraft, converter: inout Nunjucks
    ) {
        let item = request.item
        let name = item["name"]?.text ?? "request"
        let methodText = item["method"]?.text ?? "GET"
        guard let method = HTTPMethod(rawValue: methodText) else {
            draft.notes.append("\(name): method \(methodText) skipped")
            return
        }
        let url = converter.convert(item["url"]?.text ?? "")
        let (bare, query) = HTTPFileImporter.split(url)
        var endpoint = Endpoint(
            id: "", name: ImportNaming.line(name),
            folder: request.folder.isEmpty ? nil : request.folder.joined(separator: " / "),
            description: item["description"]?.text.flatMap {
                $0.isEmpty ? nil : ImportNaming.line(HTMLText.plain($0), limit: 200)
            },
            method: method, path: Template(bare))
        endpoint.query = query + pairs(item["parameters"]?.array ?? [], converter: &converter)
        endpoint.headers = pairs(item["headers"]?.array ?? [], converter: &converter)
        for placeholder in endpoint.placeholders where !endpoint.params.contains(where: { $0.name == placeholder }) {
            endpoint.params.append(Parameter(name: placeholder, values: nil))
        }
        endpoint.body = body(
            item["body"], headers: &endpoint.headers, converter: &converter, request: name, notes: &draft.notes)
        let auth = item["authentication"].flatMap { $0["type"] == nil ? nil : $0 } ?? request.auth
        applyAuth(auth, to: &endpoint, name: name, draft: &draft, converter: &converter)
        if isWebSocket(item, url: url) {
            let messages = payloads.compactMap { payload in
                ImportWebSocket.message(
                    name: payload["name"]?.text.flatMap { $0.isEmpty ? nil : ImportNaming.line($0) } ?? "payload",
                    text: converter.convert(payload["value"]?.text ?? ""),
                    json: MediaType.isJSON(payload["mode"]?.text ?? ""))
            }
            ImportWebSocket.settle(&endpoint, messages: messages)
        }
        draft.add(endpoint, idFrom: name)
    }

    /// A WebSocket request: v4's `_type: websocket_request`, v5's `ws-req_` id, or (either) a `ws(s)://` URL.
    static func isWebSocket(_ item: JSONValue, url: String) -> Bool {
        item["_type"]?.text == "websocket_request" || (item["meta"]?["id"]?.text ?? "").hasPrefix("ws-req_")
            || ImportWebSocket.isWebSocketURL(url)
    }

    static func pairs(_ list: [JSONValue], converter: inout Nunjucks) -> [Parameter] {
        var result: [Parameter] = []
        for pair in list {
            guard let key = pair["name"]?.text, !key.isEmpty else { continue }
            let value = Template(converter.convert(pair["value"]?.text ?? ""))
            let disabled = pair["disabled"]?.flag == true
            result.append(
                Parameter(name: key, values: disabled ? nil : [value], disabledValues: disabled ? [value] : []))
        }
        return result
    }

    static func body(
        _ body: JSONValue?, headers: inout [Parameter], converter: inout Nunjucks, request: String,
        notes: inout [String]
    ) -> BodyTemplate? {
        guard let body else { return nil }
        let mime = body["mimeType"]?.text ?? ""
        if let params = body["params"]?.array, !params.isEmpty {
            headers.removeAll { $0.name.lowercased() == "content-type" }
            var fields: [Parameter] = []
            for param in params {
                guard let name = param["name"]?.text else { continue }
                var value = converter.convert(param["value"]?.text ?? "")
                if param["type"]?.text == "file" {
                    let file = param["fileName"]?.text ?? ""
                    value = "@" + (file.isEmpty ? "./\(name)" : file)
                }
                let disabled = param["disabled"]?.flag == true
                fields.append(
                    Parameter(
                        name: name, values: disabled ? nil : [Template(value)],
                        disabledValues: disabled ? [Template(value)] : []))
            }
            return mime.hasPrefix("multipart/") ? .multipart(fields) : .form(fields)
        }
        guard let raw = body["text"]?.text, !raw.isEmpty else { return nil }
        let text = converter.convert(raw)
        headers.removeAll { $0.name.lowercased() == "content-type" }
        if mime.lowercased().hasPrefix("application/graphql") { return graphQL(text, request: request, notes: &notes) }
        if MediaType.isJSON(mime) { return .json(text: text) }
        return .text(Template(BodyFileReference.literal(text)), contentType: mime.isEmpty ? nil : mime)
    }

    /// A GraphQL request's body: Insomnia keeps `{"query", "variables", "operationName"}` as JSON text, the variables
    /// an object (or, since it saves them as typed, JSON text); text that is not such JSON is the query itself, as
    /// `application/graphql` means.
    static func graphQL(_ text: String, request: String, notes: inout [String]) -> BodyTemplate {
        guard let envelope = try? JSONValue.parse(text), let query = envelope["query"]?.text else {
            notes.append(
                "\(request): its GraphQL body is not the JSON Insomnia writes: the whole text kept as the query")
            return ImportGraphQL.body(query: text, variables: nil, operation: nil, request: request, notes: &notes)
        }
        return ImportGraphQL.body(
            query: query, variables: envelope["variables"].map { .value($0) },
            operation: envelope["operationName"]?.text, request: request, notes: &notes)
    }

    /// Insomnia's auth on the request (or its folder): bearer and API keys as headers or query items, basic
    /// as the profile's when the profile has none, `none` as `auth: none`, OAuth2, Digest, NTLM and AWS IAM as a
    /// named definition (`auths:`) the endpoint uses.
    static func applyAuth(
        _ auth: JSONValue?, to endpoint: inout Endpoint, name: String, draft: inout CollectionDraft,
        converter: inout Nunjucks
    ) {
        guard let auth, auth["disabled"]?.flag != true, let type = auth["type"]?.text else { return }
        switch type {
        case "bearer":
            let token = converter.convert(auth["token"]?.text ?? "")
            let prefix = auth["prefix"]?.text.flatMap { $0.isEmpty ? nil : $0 } ?? "Bearer"
            let value = credential(token, as: "token", draft: &draft)
            endpoint.headers.append(Parameter("Authorization", Template("\(prefix) \(value)")))
        case "apikey":
            let key = auth["key"]?.text ?? "X-API-Key"
            let value = credential(converter.convert(auth["value"]?.text ?? ""), as: "api_key", draft: &draft)
            if auth["addTo"]?.text == "queryParams" {
                endpoint.query.append(Parameter(key, Template(value)))
            } else {
                endpoint.headers.append(Parameter(key, Template(value)))
            }
        case "basic" where draft.auth == nil:
            let username = draft.credential(converter.convert(auth["username"]?.text ?? ""), as: "username")
            let password = draft.credential(converter.convert(auth["password"]?.text ?? ""), as: "password")
            draft.auth = .mapping([
                .init("type", .scalar("basic")), .init("username", username), .init("password", password),
            ])
        case "none", "basic":
            return
        case "oauth2", "digest", "ntlm", "iam":
            if let named = draft.namedAuth(
                for: auth, make: { computedAuth(auth, owner: name, draft: &$0, converter: &converter) })
            {
                endpoint.authName = named
            } else {
                draft.notes.append(
                    "\(name): its OAuth2 grant (\(auth["grantType"]?.text ?? "none")) cannot run in apix: not "
                        + "carried over")
            }
        default:
            draft.notes.append("\(name): `\(type)` auth is not carried over")
        }
    }

    /// Insomnia's `oauth2`, `digest`, `ntlm` and `iam` (AWS) auth as the apix kind, for a named definition; nil
    /// for an OAuth2 grant apix cannot run (`refresh_token`).
    static func computedAuth(
        _ auth: JSONValue, owner: String, draft: inout CollectionDraft, converter: inout Nunjucks
    ) -> AuthSpec? {
        func text(_ key: String) -> String { converter.convert(auth[key]?.text ?? "") }
        switch auth["type"]?.text ?? "" {
        case "oauth2":
            var fields = ImportAuth.OAuth2(grant: text("grantType"))
            fields.authorizationURL = text("authorizationUrl")
            fields.tokenURL = text("accessTokenUrl")
            fields.clientID = text("clientId")
            fields.clientSecret = text("clientSecret")
            fields.username = text("username")
            fields.password = text("password")
            fields.scope = text("scope")
            fields.redirectURI = text("redirectUrl")
            fields.credentialsInBody = auth["credentialsInBody"]?.flag == true
            fields.extra = ["audience", "resource"].compactMap { key in
                let value = text(key)
                return value.isEmpty ? nil : Parameter(key, Template(value))
            }
            return ImportAuth.oauth2(fields, owner: owner, draft: &draft)
        case "digest":
            return ImportAuth.challenge(.digest, username: text("username"), password: text("password"), draft: &draft)
        case "ntlm":
            return ImportAuth.challenge(.ntlm, username: text("username"), password: text("password"), draft: &draft)
        case "iam":
            return ImportAuth.awsSigV4(
                accessKey: text("accessKeyId"), secretKey: text("secretAccessKey"), sessionToken: text("sessionToken"),
                region: text("region"), service: text("service"), owner: owner, draft: &draft)
        default:
            return nil
        }
    }

    static func credential(_ value: String, as name: String, draft: inout CollectionDraft) -> String {
        draft.credentialText(value, as: name)
    }

    /// A YAML tree as JSON (scalars as strings, except plain booleans).
    static func jsonValue(_ node: Node) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, let flag = node.bool { return .bool(flag) }
            return .string(scalar.string)
        case .sequence(let sequence):
            return .array(sequence.map(jsonValue))
        case .mapping(let mapping):
            return .object(JSONObject(mapping.map { (key: $0.key.string ?? "", value: jsonValue($0.value)) }))
        case .alias:
            return .null
        }
    }
}

/// Nunjucks as Insomnia writes it, as apix templates: `{{ _.a }}` → `{{a}}`; each distinct `{% tag %}` → `{{tag_N}}`.
struct Nunjucks {
    private(set) var tags = 0
    private var known: [String: String] = [:]

    mutating func convert(_ text: String) -> String {
        guard text.contains("{{") || text.contains("{%") else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.range(of: "{") {
            let after = rest[open.upperBound...]
            if after.hasPrefix("{"), let close = after.range(of: "}}") {
                result += rest[..<open.lowerBound]
                var name = after.dropFirst()[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                if name.hasPrefix("_.") { name.removeFirst(2) }
                result += "{{" + name.replacingOccurrences(of: ".", with: "_") + "}}"
                rest = after[close.upperBound...]
            } else if after.hasPrefix("%"), let close = after.range(of: "%}") {
                result += rest[..<open.lowerBound]
                let tag = String(after[..<close.upperBound])
                if known[tag] == nil {
                    tags += 1
                    known[tag] = "tag_\(tags)"
                }
                result += "{{" + (known[tag] ?? "tag") + "}}"
                rest = after[close.upperBound...]
            } else {
                result += rest[..<open.upperBound]
                rest = after
            }
        }
        return result + rest
    }
}

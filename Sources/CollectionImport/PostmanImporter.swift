import ExplorerCore
import Foundation

/// Postman collections (v2.0 and v2.1) and environment files: folders of any depth become `A / B` folders,
/// requests endpoints (ids from their names), collection variables profile variables (secret-looking ones the
/// secrets file), the collection's auth the profile's (a folder's or request's own bearer or API key as headers,
/// `noauth` as `auth: none`), bodies raw / JSON / urlencoded / form-data (files as `@path`) / GraphQL / file,
/// disabled headers and query items kept disabled. Scripts are skipped with a note naming each. An item whose URL is
/// `ws://` or `wss://` becomes a `protocol: websocket` endpoint.
package enum PostmanImporter {
    /// The profile for `collection` (parsed JSON), with `environments` (parsed environment files) as environments.
    package static func makeProfile(
        collection: JSONValue, environments: [JSONValue] = [], id: String?
    ) throws(InteropError) -> ProfileImport {
        guard ImportFormat.isPostmanCollection(collection) else {
            throw InteropError(.invalid("not a Postman collection: no `info.schema`"))
        }
        let title = collection["info"]?["name"]?.text ?? "postman"
        var draft = CollectionDraft(
            id: id ?? ImportNaming.slug(title), name: title,
            description: collection["info"]?["description"].flatMap(descriptionText))
        for variable in collection["variable"]?.array ?? [] {
            guard let key = variable["key"]?.text ?? variable["id"]?.text else { continue }
            draft.define(key, variable["value"]?.text ?? "")
        }
        for environment in environments {
            var values: [String: Template] = [:]
            let name = ImportNaming.slug(environment["name"]?.text ?? "environment", fallback: "environment")
            for value in environment["values"]?.array ?? [] where value["enabled"]?.flag != false {
                guard let key = value["key"]?.text else { continue }
                if ImportNaming.looksSecret(key) || value["type"]?.text == "secret" {
                    draft.secret(key, value["value"]?.text ?? "", environment: name)
                } else {
                    values[key] = Template(value["value"]?.text ?? "")
                }
            }
            draft.environments.append(ProfileEnvironment(name: name, baseURL: "", variables: values))
        }
        let collectionAuth = collection["auth"]
        if let collectionAuth, let type = collectionAuth["type"]?.text, type != "noauth" {
            draft.auth = profileAuth(collectionAuth, draft: &draft)
        }
        scripts(collection, owner: "the collection", draft: &draft)
        var walker = Walker(draft: draft, profileAuth: collectionAuth)
        walker.walk(collection["item"]?.array ?? [], folder: [], inherited: collectionAuth)
        draft = walker.draft
        var imported = draft.finish()
        dynamicVariables(&imported)
        return imported
    }

    /// Postman's `{{$guid}}`-style variables get a fixed value (apix has no dynamic variables), with a note.
    static func dynamicVariables(_ imported: inout ProfileImport) {
        let dynamic = imported.profile.variables.keys.filter { $0.hasPrefix("$") }.sorted()
        guard !dynamic.isEmpty else { return }
        for name in dynamic {
            imported.profile.variables[name] = Template(dynamicValue(name))
        }
        imported.notes.append(
            "Postman's dynamic variables get a fixed value: " + dynamic.joined(separator: ", "))
    }

    static func dynamicValue(_ name: String) -> String {
        switch name {
        case "$guid", "$randomUUID": "00000000-0000-0000-0000-000000000000"
        case "$timestamp": "1700000000"
        case "$isoTimestamp": "2024-01-01T00:00:00Z"
        case "$randomInt": "1"
        default: "example"
        }
    }

    static func descriptionText(_ value: JSONValue) -> String? {
        let text = value.text ?? value["content"]?.text
        guard let text = text.map(HTMLText.plain) else { return nil }
        let paragraph = text.components(separatedBy: "\n\n").first ?? text
        let line = paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return line.isEmpty ? nil : line
    }

    /// Pre-request and test scripts are not run: one note each.
    static func scripts(_ item: JSONValue, owner: String, draft: inout CollectionDraft) {
        for event in item["event"]?.array ?? [] {
            let exec = event["script"]?["exec"]
            let lines = exec?.array.compactMap(\.text) ?? [exec?.text ?? ""]
            guard lines.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { continue }
            let kind = event["listen"]?.text == "test" ? "test" : "pre-request"
            draft.notes.append("\(owner): \(kind) script skipped (apix does not run scripts)")
        }
    }

    /// A field of an auth object: v2.1 lists `[{key, value}]`, v2.0 has an object.
    static func field(_ auth: JSONValue, _ key: String) -> String? {
        guard let type = auth["type"]?.text, let block = auth[type] else { return nil }
        if case .array(let pairs) = block {
            return pairs.first { $0["key"]?.text == key }?["value"]?.text
        }
        return block[key]?.text
    }

    /// The profile's `auth:` for a Postman auth object, or nil (with a note) for kinds apix has not.
    static func profileAuth(_ auth: JSONValue, draft: inout CollectionDraft) -> ProfileEmitter.Value? {
        typealias Entry = ProfileEmitter.Entry
        switch auth["type"]?.text ?? "" {
        case "bearer":
            let token = draft.credential(field(auth, "token") ?? "", as: "token")
            return .mapping([Entry("type", .scalar("bearer")), Entry("token", token)])
        case "basic":
            let username = draft.credential(field(auth, "username") ?? "", as: "username")
            let password = draft.credential(field(auth, "password") ?? "", as: "password")
            return .mapping([
                Entry("type", .scalar("basic")), Entry("username", username), Entry("password", password),
            ])
        case "apikey":
            let place = field(auth, "in") == "query" ? "query" : "header"
            let value = draft.credential(field(auth, "value") ?? "", as: "api_key")
            return .mapping([
                Entry("type", .scalar("api_key")), Entry("name", .string(field(auth, "key") ?? "X-API-Key")),
                Entry("value", value), Entry("in", .scalar(place)),
            ])
        case "oauth2":
            return oauth2(auth, draft: &draft)
        case let other:
            if let spec = computedAuth(auth, owner: "the collection", draft: &draft) {
                return ProfileEmitter.auth(spec)
            }
            draft.notes.append("`\(other)` auth has no apix kind: not carried over")
            return nil
        }
    }

    /// The collection's OAuth2: the grant apix runs, else a bearer token to paste (`access_token`) with a note.
    static func oauth2(_ auth: JSONValue, draft: inout CollectionDraft) -> ProfileEmitter.Value {
        if let spec = computedAuth(auth, owner: "the collection", draft: &draft) { return ProfileEmitter.auth(spec) }
        let grant = field(auth, "grant_type") ?? ""
        let token = draft.credential(field(auth, "accessToken") ?? "", as: "access_token")
        draft.notes.append(
            "OAuth2 (\(grant.isEmpty ? "no grant type" : grant)): apix cannot run it; put a token in `access_token`")
        return .mapping([ProfileEmitter.Entry("type", .scalar("bearer")), ProfileEmitter.Entry("token", token)])
    }

    /// Postman's `oauth2`, `digest`, `ntlm` and `awsv4` auth as the apix kind, or nil (an OAuth2 grant apix cannot
    /// run, another type).
    static func computedAuth(_ auth: JSONValue, owner: String, draft: inout CollectionDraft) -> AuthSpec? {
        let text = { (key: String) in field(auth, key) ?? "" }
        switch auth["type"]?.text ?? "" {
        case "oauth2":
            var fields = ImportAuth.OAuth2(grant: text("grant_type"))
            fields.authorizationURL = text("authUrl")
            fields.tokenURL = text("accessTokenUrl")
            fields.clientID = text("clientId")
            fields.clientSecret = text("clientSecret")
            fields.username = text("username")
            fields.password = text("password")
            fields.scope = text("scope")
            fields.redirectURI = text("redirect_uri").isEmpty ? text("callbackUrl") : text("redirect_uri")
            fields.credentialsInBody = text("client_authentication") == "body"
            fields.extra = extraParameters(auth)
            return ImportAuth.oauth2(fields, owner: owner, draft: &draft)
        case "digest":
            return ImportAuth.challenge(.digest, username: text("username"), password: text("password"), draft: &draft)
        case "ntlm":
            return ImportAuth.challenge(
                .ntlm, username: text("username"), password: text("password"), domain: text("domain"), draft: &draft)
        case "awsv4":
            if text("addAuthDataToQuery") == "true" {
                draft.notes.append("\(owner): AWS signature in the query is sent in headers instead")
            }
            return ImportAuth.awsSigV4(
                accessKey: text("accessKey"), secretKey: text("secretKey"), sessionToken: text("sessionToken"),
                region: text("region"), service: text("service"), owner: owner, draft: &draft)
        default:
            return nil
        }
    }

    /// A field's value as written (a list of parameters, a flag), where `field` gives text only.
    static func fieldValue(_ auth: JSONValue, _ key: String) -> JSONValue? {
        guard let type = auth["type"]?.text, let block = auth[type] else { return nil }
        if case .array(let pairs) = block { return pairs.first { $0["key"]?.text == key }?["value"] }
        return block[key]
    }

    /// The enabled `authRequestParams` and `tokenRequestParams` sent in the URL or body (`audience`, `resource`),
    /// as `extra` (which apix sends with both requests); header ones are left out.
    static func extraParameters(_ auth: JSONValue) -> [Parameter] {
        var extra: [Parameter] = []
        for list in ["authRequestParams", "tokenRequestParams"] {
            for pair in fieldValue(auth, list)?.array ?? [] where pair["enabled"]?.flag != false {
                guard let key = pair["key"]?.text, !key.isEmpty, pair["send_as"]?.text != "request_header",
                    !extra.contains(where: { $0.name == key })
                else { continue }
                extra.append(Parameter(key, Template(pair["value"]?.text ?? "")))
            }
        }
        return extra
    }
}

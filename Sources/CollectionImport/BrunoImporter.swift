import ExplorerCore
import Foundation

/// Bruno collections (a folder with `bruno.json` and `.bru` files): folders become `A / B` folders (a
/// `folder.bru`'s name wins over the directory's), requests endpoints in `seq` order, `collection.bru` variables
/// profile variables, `environments/*.bru` environments (`vars:secret` names to the secrets file), bearer / basic /
/// API-key auth the profile's or headers, `inherit` the profile's. Scripts, tests and assertions are skipped with a
/// note. A WebSocket request (`ws { … }`, with `body:ws` messages) becomes a `protocol: websocket` endpoint.
enum BrunoImporter {
    /// One `name { … }` block of a `.bru` file: its lines, two-space indentation removed.
    struct Block {
        var name: String
        var lines: [String]

        /// `key: value` lines (a leading `~` marks a disabled one).
        var pairs: [(key: String, value: String, enabled: Bool)] {
            lines.compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                var key = line[..<colon].trimmingCharacters(in: .whitespaces)
                let enabled = !key.hasPrefix("~")
                if !enabled { key.removeFirst() }
                return (key, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces), enabled)
            }
        }

        func value(_ key: String) -> String? { pairs.first { $0.key == key }?.value }
        var text: String { lines.joined(separator: "\n") }
    }

    static func blocks(_ text: String) -> [Block] {
        var result: [Block] = []
        var current: Block?
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = String(raw)
            if var block = current {
                if line == "}" || line == "]" {
                    result.append(block)
                    current = nil
                } else {
                    block.lines.append(line.hasPrefix("  ") ? String(line.dropFirst(2)) : line)
                    current = block
                }
            } else if line.hasSuffix(" {") || line.hasSuffix(" [") {
                current = Block(name: String(line.dropLast(2)), lines: [])
            }
        }
        return result
    }

    static func makeProfile(directory: String, id: String?) throws(InteropError) -> ProfileImport {
        let manifest = (try? CollectionImporter.json((directory as NSString).appendingPathComponent("bruno.json")))
        let title = manifest?["name"]?.text ?? (directory as NSString).lastPathComponent
        var draft = CollectionDraft(id: id ?? ImportNaming.slug(title, fallback: "bruno"), name: title)
        let collection = read((directory as NSString).appendingPathComponent("collection.bru"))
        for block in collection where block.name.hasPrefix("vars") {
            for pair in block.pairs where pair.enabled { draft.define(pair.key, pair.value) }
        }
        // `auth { mode: oauth2 }` says which `auth:…` block is in use (older files have only that block).
        let mode = collection.first { $0.name == "auth" }?.value("mode")
        let chosen =
            mode.map { mode in collection.first { $0.name == "auth:\(mode)" } }
            ?? collection.first { $0.name.hasPrefix("auth:") }
        if let auth = chosen {
            draft.auth = profileAuth(auth, draft: &draft)
        }
        let environments = (directory as NSString).appendingPathComponent("environments")
        for file in ((try? FileManager.default.contentsOfDirectory(atPath: environments)) ?? []).sorted()
        where file.hasSuffix(".bru") {
            var variables: [String: Template] = [:]
            let name = ImportNaming.slug((file as NSString).deletingPathExtension, fallback: "environment")
            let blocks = read((environments as NSString).appendingPathComponent(file))
            let secrets = Set(
                blocks.filter { $0.name == "vars:secret" }.flatMap { $0.lines }.map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: " ,~"))
                })
            for block in blocks where block.name == "vars" {
                for pair in block.pairs where pair.enabled {
                    if secrets.contains(pair.key) || ImportNaming.looksSecret(pair.key) {
                        draft.secret(pair.key, pair.value, environment: name)
                    } else {
                        variables[pair.key] = Template(pair.value)
                    }
                }
            }
            for secret in secrets where !secret.isEmpty { draft.secret(secret, "", environment: name) }
            draft.environments.append(ProfileEnvironment(name: name, baseURL: "", variables: variables))
        }
        var scripts = 0
        walk(directory, folder: [], draft: &draft, scripts: &scripts)
        if scripts > 0 {
            draft.notes.append("\(scripts) scripts, tests or assertions skipped: apix does not run scripts")
        }
        return draft.finish()
    }

    static func read(_ file: String) -> [Block] {
        guard let data = FileManager.default.contents(atPath: file) else { return [] }
        return blocks(String(decoding: data, as: UTF8.self))
    }

    static func walk(_ directory: String, folder: [String], draft: inout CollectionDraft, scripts: inout Int) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        var requests: [(seq: Int, name: String, blocks: [Block])] = []
        for name in names where name.hasSuffix(".bru") && name != "folder.bru" && name != "collection.bru" {
            let blocks = read((directory as NSString).appendingPathComponent(name))
            let seq = Int(blocks.first { $0.name == "meta" }?.value("seq") ?? "") ?? Int.max
            requests.append((seq, name, blocks))
        }
        for request in requests.sorted(by: { ($0.seq, $0.name) < ($1.seq, $1.name) }) {
            add(request.blocks, file: request.name, folder: folder, draft: &draft, scripts: &scripts)
        }
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                !(folder.isEmpty && name == "environments"), !name.hasPrefix(".")
            else { continue }
            let meta = read((path as NSString).appendingPathComponent("folder.bru")).first { $0.name == "meta" }
            walk(path, folder: folder + [meta?.value("name") ?? name], draft: &draft, scripts: &scripts)
        }
    }

    static func add(_ blocks: [Block], file: String, folder: [String], draft: inout CollectionDraft, scripts: inout Int)
    {
        let name = blocks.first { $0.name == "meta" }?.value("name") ?? (file as NSString).deletingPathExtension
        let methods = ["get", "post", "put", "patch", "delete", "head", "options", "trace", "connect"]
        // Recent Bruno writes a WebSocket request as `meta { type: ws }` with a `ws { url, body: ws, auth }` block.
        let socket = blocks.first { $0.name == "ws" }
        guard let request = socket ?? blocks.first(where: { methods.contains($0.name) }),
            let method = socket == nil ? HTTPMethod(rawValue: request.name) : .get
        else {
            draft.notes.append("\(file): not an HTTP request: skipped")
            return
        }
        let url = request.value("url") ?? ""
        let (bare, query) = HTTPFileImporter.split(url)
        var endpoint = Endpoint(
            id: "", name: ImportNaming.line(name), folder: folder.isEmpty ? nil : folder.joined(separator: " / "),
            method: method, path: Template(bare))
        endpoint.query = query
        for block in blocks {
            switch block.name {
            case "params:query":
                endpoint.query = block.pairs.map(parameter)
            case "params:path":
                endpoint.params = block.pairs.map(parameter)
            case "headers":
                endpoint.headers = block.pairs.map(parameter)
            case "docs":
                endpoint.description = ImportNaming.line(HTMLText.plain(block.text), limit: 200)
            default:
                if block.name.hasPrefix("script:") || block.name == "tests" || block.name.hasPrefix("assert") {
                    scripts += 1
                }
            }
        }
        // Bruno writes path parameters `:name`.
        endpoint.path = Template(PostmanImporter.path(.string(bare)))
        for placeholder in endpoint.placeholders where !endpoint.params.contains(where: { $0.name == placeholder }) {
            endpoint.params.append(Parameter(name: placeholder, values: nil))
        }
        if socket == nil {
            endpoint.body = body(
                blocks, kind: request.value("body") ?? "none", headers: &endpoint.headers, request: "\(name) (\(file))",
                notes: &draft.notes)
        }
        let mode = request.value("auth") ?? "inherit"
        if mode == "none", draft.auth != nil {
            endpoint.authDisabled = true
        } else if mode != "inherit", mode != "none", let auth = blocks.first(where: { $0.name == "auth:\(mode)" }) {
            switch mode {
            case "bearer":
                endpoint.headers.append(Parameter("Authorization", Template("Bearer \(auth.value("token") ?? "")")))
                if draft.auth != nil { endpoint.authDisabled = true }
            case "oauth2", "digest", "ntlm", "awsv4":
                if let spec = computedAuth(auth, owner: name, draft: &draft) {
                    endpoint.authName = draft.namedAuth(spec, base: ImportAuth.definitionName(spec))
                } else {
                    draft.notes.append(
                        "\(name): its OAuth2 grant (\(auth.value("grant_type") ?? "none")) cannot run in apix: not "
                            + "carried over")
                }
            default:
                draft.notes.append("\(name): its own `\(mode)` auth is not carried over")
            }
        }
        if socket != nil {
            ImportWebSocket.settle(&endpoint, messages: blocks.filter { $0.name == "body:ws" }.compactMap(message))
        }
        draft.add(endpoint, idFrom: name)
    }

    /// A `body:ws { name, type, content }` block as a saved message: `content: '''` starts lines (indented two
    /// more spaces) that end at `'''`; a one-line `content: text` is that text. `type: json` marks JSON.
    static func message(_ block: Block) -> WebSocketEndpoint.SavedMessage? {
        var content: [String] = []
        var inside = false
        for line in block.lines {
            if inside {
                if line.trimmingCharacters(in: .whitespaces) == "'''" { break }
                content.append(line.hasPrefix("  ") ? String(line.dropFirst(2)) : line)
            } else if line.hasPrefix("content:") {
                let rest = line.dropFirst("content:".count).trimmingCharacters(in: .whitespaces)
                if rest == "'''" { inside = true } else { content = [rest] }
            }
        }
        return ImportWebSocket.message(
            name: block.value("name").map { ImportNaming.line($0) } ?? "message", text: content.joined(separator: "\n"),
            json: block.value("type") == "json")
    }

    static func parameter(_ pair: (key: String, value: String, enabled: Bool)) -> Parameter {
        Parameter(
            name: pair.key, values: pair.enabled ? [Template(pair.value)] : nil,
            disabledValues: pair.enabled ? [] : [Template(pair.value)])
    }

    static func body(
        _ blocks: [Block], kind: String, headers: inout [Parameter], request: String, notes: inout [String]
    ) -> BodyTemplate? {
        guard kind != "none", let block = blocks.first(where: { $0.name == "body:\(kind)" }) else { return nil }
        switch kind {
        case "json":
            headers.removeAll { $0.name.lowercased() == "content-type" }
            return .json(text: block.text)
        case "form-urlencoded":
            headers.removeAll { $0.name.lowercased() == "content-type" }
            return .form(block.pairs.map(parameter))
        case "multipart-form":
            headers.removeAll { $0.name.lowercased() == "content-type" }
            return .multipart(
                block.pairs.map { pair in
                    var pair = pair
                    if pair.value.hasPrefix("@file(") { pair.value = "@" + pair.value.dropFirst(6).dropLast() }
                    return parameter(pair)
                })
        case "graphql":
            // `body:graphql` holds the query, `body:graphql:vars` the variables as JSON text (Bruno has no operation
            // name: it sends `{query, variables}`).
            headers.removeAll { $0.name.lowercased() == "content-type" }
            let variables = blocks.first { $0.name == "body:graphql:vars" }?.text
            return ImportGraphQL.body(
                query: block.text, variables: variables.map { .text($0) }, operation: nil, request: request,
                notes: &notes)
        default:
            let type = ["xml": "application/xml", "text": "text/plain"][kind]
            let text = block.text
            return .text(Template(BodyFileReference.literal(text)), contentType: type)
        }
    }

    static func profileAuth(_ block: Block, draft: inout CollectionDraft) -> ProfileEmitter.Value? {
        switch block.name {
        case "auth:bearer":
            return .mapping([
                .init("type", .scalar("bearer")),
                .init("token", draft.credential(block.value("token") ?? "", as: "token")),
            ])
        case "auth:basic":
            return .mapping([
                .init("type", .scalar("basic")),
                .init("username", draft.credential(block.value("username") ?? "", as: "username")),
                .init("password", draft.credential(block.value("password") ?? "", as: "password")),
            ])
        default:
            if let spec = computedAuth(block, owner: "the collection", draft: &draft) {
                return ProfileEmitter.auth(spec)
            }
            draft.notes.append("the collection's `\(block.name)` is not carried over")
            return nil
        }
    }

    /// `auth:oauth2`, `auth:digest`, `auth:ntlm` and `auth:awsv4` as the apix kind; nil for an OAuth2 grant apix
    /// cannot run and other blocks.
    static func computedAuth(_ block: Block, owner: String, draft: inout CollectionDraft) -> AuthSpec? {
        func text(_ key: String) -> String { block.value(key) ?? "" }
        switch block.name {
        case "auth:oauth2":
            var fields = ImportAuth.OAuth2(grant: text("grant_type"))
            fields.authorizationURL = text("authorization_url")
            fields.tokenURL = text("access_token_url")
            fields.clientID = text("client_id")
            fields.clientSecret = text("client_secret")
            fields.username = text("username")
            fields.password = text("password")
            fields.scope = text("scope")
            fields.redirectURI = text("callback_url")
            fields.credentialsInBody = text("credentials_placement") == "body"
            return ImportAuth.oauth2(fields, owner: owner, draft: &draft)
        case "auth:digest":
            return ImportAuth.challenge(.digest, username: text("username"), password: text("password"), draft: &draft)
        case "auth:ntlm":
            return ImportAuth.challenge(
                .ntlm, username: text("username"), password: text("password"), domain: text("domain"), draft: &draft)
        case "auth:awsv4":
            if text("accessKeyId").isEmpty, !text("profileName").isEmpty {
                draft.notes.append(
                    "\(owner): AWS profile \(text("profileName")) is not read: fill in `aws_access_key_id` and "
                        + "`aws_secret_access_key`")
            }
            return ImportAuth.awsSigV4(
                accessKey: text("accessKeyId"), secretKey: text("secretAccessKey"), sessionToken: text("sessionToken"),
                region: text("region"), service: text("service"), owner: owner, draft: &draft)
        default:
            return nil
        }
    }
}

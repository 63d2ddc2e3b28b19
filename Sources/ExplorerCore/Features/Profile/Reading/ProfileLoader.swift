import Foundation
import Yams

/// Loads profiles from YAML files, reporting every problem at its file, line and column. A broken file never stops
/// the others: `load(directory:)` returns the good profiles and the problems.
public enum ProfileLoader {
    static let profileKeys = [
        "name", "description", "default_environment", "environments", "variables", "headers", "timeout",
        "connect_timeout", "stall_timeout", "follow_redirects", "max_redirects", "redirect_body", "insecure", "ca_file",
        "compressed", "max_body", "max_body_ratio", "http_version", "proxy", "no_proxy", "cert_file", "key_file",
        "key_password", "cookies", "env_file", "auth", "auths", "endpoints", "history", "stream", "schemas",
        "schema_dialect", "format_assertion",
    ]
    static let environmentKeys = [
        "base_url", "headers", "variables", "insecure", "ca_file", "compressed", "auth", "auths", "http_version",
        "proxy", "no_proxy", "cert_file", "key_file", "key_password", "cookies", "env_file",
    ]
    static let endpointKeys = [
        "id", "name", "folder", "description", "method", "path", "params", "query", "headers", "body", "timeout",
        "connect_timeout", "stall_timeout", "follow_redirects", "max_redirects", "redirect_body", "insecure", "ca_file",
        "compressed", "max_body", "max_body_ratio", "priority", "cache", "auth", "download", "custom_method", "capture",
        "uses", "expect", "http_version", "proxy", "no_proxy", "cert_file", "key_file", "key_password", "cookies",
        "stream", "connection_init",
        "protocol", "subprotocols", "ping_interval", "max_message", "messages", "responses", "request_schema",
    ]
    static let bodyKinds = ["json", "form", "multipart", "text", "file", "graphql"]

    /// Every `*.yaml` / `*.yml` profile in `directory` (not `*.secrets.yaml` or `*.local.yaml`), sorted by id;
    /// `given`: variables given at run time (`apix check --var`), which the profiles may use without defining.
    public static func load(directory: String, alsoDefined given: Set<String> = []) -> ProfileCatalog {
        var catalog = ProfileCatalog()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() where isProfileFile(name) {
            let path = (directory as NSString).appendingPathComponent(name)
            switch load(file: path, addingSecrets: [], alsoDefined: given) {
            case .success(let profile): catalog.profiles.append(profile)
            case .failure(let failure):
                catalog.problems.append(contentsOf: failure.problems)
                catalog.failedFiles.append(path)
                catalog.problemsByProfile[id(forFile: path), default: []].append(contentsOf: failure.problems)
            }
        }
        return catalog
    }

    package static func isProfileFile(_ name: String) -> Bool {
        guard name.hasSuffix(".yaml") || name.hasSuffix(".yml"), !name.hasPrefix(".") else { return false }
        return !name.hasSuffix(".secrets.yaml") && !name.hasSuffix(".local.yaml")
            && !name.hasSuffix(".secrets.yml") && !name.hasSuffix(".local.yml")
    }

    /// The profile id for a file: its name without the extension.
    package static func id(forFile path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return (name as NSString).deletingPathExtension
    }

    /// Loads one profile file with its companions: `ID.secrets.yaml` (secret variables, merged in and masked
    /// on display) and `ID.local.yaml` (endpoints saved where the profile could not be edited in place).
    public static func load(file path: String) -> Result<Profile, ProfileLoadFailure> {
        load(file: path, text: nil)
    }

    /// Like `load(file:)`, with `secrets` (a `--env-file`'s lines) as secret variables over every other definition,
    /// added before the variables are checked: the profile may use names only they, or `alsoDefined` (`--var`), define.
    package static func load(
        file path: String, addingSecrets secrets: [(key: String, value: String)], alsoDefined: Set<String> = []
    ) -> Result<Profile, ProfileLoadFailure> {
        load(file: path, text: nil, addingSecrets: secrets, alsoDefined: alsoDefined)
    }

    /// Like `load(file:)`, but with `text` standing in for the profile file's contents and `overlay` for the
    /// overlay file's (the writer checks a candidate this way before replacing a file).
    /// `secretsText` stands in for the secrets file's (`VariableWriter`'s check; the file need not exist yet), and
    /// `addedFrom` names where `secrets` came from in `variableLayers`.
    static func load(
        file path: String, text: String?, overlay: (file: String, text: String)? = nil,
        secretsText: (file: String, text: String)? = nil,
        addingSecrets secrets: [(key: String, value: String)] = [], addedFrom source: String = "--env-file",
        alsoDefined: Set<String> = [], commands: SecretCommands = .shared
    ) -> Result<Profile, ProfileLoadFailure> {
        let yaml: String
        switch text.map(Result.success) ?? readText(path) {
        case .success(let contents): yaml = contents
        case .failure(let problem): return .failure(ProfileLoadFailure([problem]))
        }
        let (profile, found) = read(yaml: yaml, file: path, id: id(forFile: path))
        var problems = found
        guard var loaded = profile else { return .failure(ProfileLoadFailure(problems)) }
        // Only whether it is there: the side file is read when a schema is first used.
        let sideFile = ProfileSchemas.sideFile(of: path)
        if FileManager.default.fileExists(atPath: sideFile) { loaded.schemas.sideFile = sideFile }
        loaded.variableLayers.add(.profileFile, environment: nil, loaded.variables)
        for environment in loaded.environments {
            loaded.variableLayers.add(.profileFile, environment: environment.name, environment.variables)
        }
        var secretsRead = true
        if let secretsText {
            let found = mergeSecrets(file: secretsText.file, text: secretsText.text, into: &loaded)
            secretsRead = found.isEmpty
            problems += found
        } else if let secrets = companion(of: path, kind: "secrets") {
            let found = mergeSecrets(file: secrets, into: &loaded)
            secretsRead = found.isEmpty
            problems += found
        }
        if let overlay {
            problems += mergeOverlay(file: overlay.file, text: overlay.text, into: &loaded)
        } else if let overlay = companion(of: path, kind: "local") {
            problems += mergeOverlay(file: overlay, into: &loaded)
        }
        // Variables are checked even when the structure has problems, so one `apix check` lists everything; not
        // when the secrets file has problems, since the names it defines may be among what could not be read.
        problems += mergeEnvFiles(into: &loaded)
        if !secrets.isEmpty { loaded.addSecretVariables(secrets, from: source) }
        problems += runSecretCommands(in: &loaded, commands: commands)
        if secretsRead { problems += variableProblems(in: loaded, alsoDefined: alsoDefined) }
        problems += authNameProblems(in: loaded)
        problems += schemaNameProblems(in: loaded)
        return problems.isEmpty ? .success(loaded) : .failure(ProfileLoadFailure(inFileOrder(problems, first: path)))
    }

    /// Like `load(file:)`, with the dotenv file `envFile` (relative to the profile's directory, `~/` at home) added
    /// over every other definition as `--env-file` adds its lines: the secrets file the explorer was told to use.
    /// A file that cannot be read or parsed is a problem of the profile's.
    package static func load(file path: String, envFile: String?) -> Result<Profile, ProfileLoadFailure> {
        guard let envFile else { return load(file: path) }
        let directory = (path as NSString).deletingLastPathComponent
        switch DotEnv.load(envFile, relativeTo: directory.isEmpty ? "." : directory) {
        case .success(let entries):
            // An empty file is still the one chosen: its (empty) layer says so.
            return load(file: path, text: nil, addingSecrets: entries, addedFrom: envFile).map { profile in
                var profile = profile
                profile.variableLayers.add(.addedEnvFile(envFile), environment: nil, [:])
                return profile
            }
        case .failure(let problem):
            return .failure(
                ProfileLoadFailure([
                    ProfileProblem("env file: \(problem.message)", at: .init(file: path, line: 1, column: 1))
                ]))
        }
    }

    /// Parses profile YAML text (without companion files); `file` is used for locations and `@path` resolution.
    package static func parse(yaml: String, file: String, id: String) -> Result<Profile, ProfileLoadFailure> {
        let (profile, found) = read(yaml: yaml, file: file, id: id)
        guard let profile else { return .failure(ProfileLoadFailure(found)) }
        let problems =
            found + variableProblems(in: profile) + authNameProblems(in: profile) + schemaNameProblems(in: profile)
        return problems.isEmpty ? .success(profile) : .failure(ProfileLoadFailure(inFileOrder(problems, first: file)))
    }

    /// Problems by file (the profile's first, then others as they first appear), each file's in line order.
    static func inFileOrder(_ problems: [ProfileProblem], first file: String) -> [ProfileProblem] {
        var files = [file]
        for problem in problems where !files.contains(problem.location.file) { files.append(problem.location.file) }
        return problems.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            let (fx, fy) = (files.firstIndex(of: x.file) ?? 0, files.firstIndex(of: y.file) ?? 0)
            return (fx, x.line, x.column, a.offset) < (fy, y.line, y.column, b.offset)
        }.map(\.element)
    }

    static func readText(_ path: String) -> Result<String, ProfileProblem> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(ProfileProblem("cannot read file", at: .init(file: path, line: 1, column: 1)))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(ProfileProblem("not UTF-8 text", at: .init(file: path, line: 1, column: 1)))
        }
        return .success(text)
    }

    /// Composes `yaml` and reads it as a profile, collecting every problem.
    static func read(yaml: String, file: String, id: String, split: Bool = true) -> (Profile?, [ProfileProblem]) {
        let profile: Profile?
        let found: [ProfileProblem]
        if split, let read = readSplit(yaml: yaml, file: file, id: id) {
            (profile, found) = read
        } else {
            switch compose(yaml, file: file) {
            case .failure(let problem): return (nil, [problem])
            case .success(let root):
                var reader = YAMLReader(file: file)
                profile = readProfile(root, id: id, reader: &reader)
                found = reader.problems
            }
        }
        // In file order, as a compiler lists them.
        let problems = found.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            return (x.line, x.column, a.offset) < (y.line, y.column, b.offset)
        }.map(\.element)
        return (profile, problems)
    }

    // MARK: - Profile

    /// Reads a composed profile. `endpoints`, when given, are its endpoint items already read (by `readSplit`).
    static func readProfile(
        _ root: YAMLNode, id: String, reader: inout YAMLReader, endpoints preread: [(YAMLNode, Endpoint?)]? = nil
    ) -> Profile? {
        guard let fields = reader.fields(root, "profile", known: profileKeys, required: ["environments"]) else {
            return nil
        }
        var profile = Profile(id: id, file: reader.file, environments: [])
        if let node = fields["name"] { profile.name = reader.string(node, "name") ?? id }
        if let node = fields["description"] { profile.description = reader.string(node, "description") }
        if let node = fields["variables"] { profile.variables = readVariables(node, reader: &reader) }
        if let node = fields["headers"] { profile.headers = reader.parameters(node, "headers") }
        profile.transfer = readTransfer(fields, reader: &reader)
        profile.envFile = readEnvFile(fields, reader: &reader)
        if let node = fields["auth"] { profile.auth = readAuth(node, reader: &reader) }
        if let node = fields["auths"] { profile.auths = readAuthDefinitions(node, reader: &reader) }
        if let node = fields["history"] { profile.recordsHistory = reader.bool(node, "history") ?? true }
        readSchemas(fields, into: &profile, reader: &reader)
        if let node = fields["environments"] {
            let entries = reader.namedEntries(node, "`environments`")
            for entry in entries ?? [] {
                if let environment = readEnvironment(entry.value, name: entry.key, reader: &reader) {
                    profile.environments.append(environment)
                }
            }
            if entries?.isEmpty == true {
                reader.fail("`environments` must name at least one environment", at: node)
            }
        }
        if let node = fields["default_environment"], let name = reader.string(node, "default_environment") {
            if profile.environments.contains(where: { $0.name == name }) || profile.environments.isEmpty {
                profile.defaultEnvironment = name
            } else {
                reader.fail(
                    "unknown environment `\(name)` in `default_environment` (known: "
                        + profile.environments.map(\.name).joined(separator: ", ") + ")", at: node)
            }
        }
        if let node = fields["endpoints"] {
            if let sequence = node.sequence {
                var seen: [String: SourceLocation] = [:]
                let read = preread ?? sequence.map { ($0, readEndpoint($0, reader: &reader)) }
                for (item, read) in read {
                    guard let endpoint = read else { continue }
                    if let first = seen[endpoint.id] {
                        reader.fail(
                            "duplicate endpoint id `\(endpoint.id)` (first defined at line \(first.line))",
                            at: endpoint.location ?? reader.location(item))
                        continue
                    }
                    seen[endpoint.id] = endpoint.location ?? reader.location(item)
                    profile.endpoints.append(endpoint)
                }
            } else if !YAMLReader.isNull(node) {
                let hint = node.mapping == nil ? "" : "; " + ProfileShapeHints.endpointMapping(node)
                reader.fail("`endpoints` must be a list, got \(YAMLReader.describe(node))\(hint)", at: node)
            }
        }
        return profile
    }

    static func readTransfer(_ fields: YAMLFields, reader: inout YAMLReader) -> TransferSettings {
        var settings = TransferSettings()
        if let node = fields["timeout"] { settings.timeout = reader.seconds(node, "timeout") }
        if let node = fields["connect_timeout"] { settings.connectTimeout = reader.seconds(node, "connect_timeout") }
        if let node = fields["stall_timeout"] { settings.stallTimeout = reader.seconds(node, "stall_timeout") }
        if let node = fields["follow_redirects"] { settings.followRedirects = reader.bool(node, "follow_redirects") }
        if let node = fields["max_redirects"] { settings.maxRedirects = reader.integer(node, "max_redirects") }
        if let node = fields["insecure"] { settings.insecure = reader.bool(node, "insecure") }
        if let node = fields["ca_file"] { settings.caFile = reader.string(node, "ca_file") }
        if let node = fields["compressed"] { settings.compressed = reader.bool(node, "compressed") }
        if let node = fields["max_body"] { settings.maxBody = reader.size(node, "max_body") }
        if let node = fields["stream"] { settings.stream = reader.bool(node, "stream") }
        if let node = fields["redirect_body"], let text = reader.string(node, "redirect_body") {
            if let value = RedirectBody(rawValue: text) {
                settings.redirectBody = value
            } else {
                reader.fail("`redirect_body` must be same_origin or any_origin, got \"\(text)\"", at: node)
            }
        }
        readNetwork(fields, into: &settings, reader: &reader)
        return settings
    }

    // MARK: - Endpoint

    static func readEndpoint(_ node: YAMLNode, reader: inout YAMLReader) -> Endpoint? {
        guard let fields = reader.fields(node, "endpoint", known: endpointKeys, required: ["id", "path"]),
            let idNode = fields["id"], let id = reader.string(idNode, "id"),
            let pathNode = fields["path"], let path = reader.template(pathNode, "path")
        else { return nil }
        var endpoint = Endpoint(id: id, path: path, location: reader.location(node))
        if let node = fields["name"] { endpoint.name = reader.string(node, "name") ?? id }
        if let node = fields["folder"] { endpoint.folder = reader.string(node, "folder") }
        if let node = fields["description"] { endpoint.description = reader.string(node, "description") }
        if let method = readMethod(fields, reader: &reader) { endpoint.method = method }
        if let node = fields["params"] { endpoint.params = reader.parameters(node, "params") }
        if let node = fields["query"] { endpoint.query = reader.parameters(node, "query") }
        if let node = fields["headers"] { endpoint.headers = reader.parameters(node, "headers") }
        if let node = fields["body"] { endpoint.body = readBody(node, reader: &reader) }
        // A GraphQL body is a POST unless the endpoint says otherwise (GET sends it as query parameters).
        if fields["method"] == nil, case .graphql? = endpoint.body { endpoint.method = .post }
        // Written only when set: an endpoint that sets no option keeps the one shared storage (`EndpointOptions`).
        let transfer = readTransfer(fields, reader: &reader)
        if transfer != TransferSettings() { endpoint.transfer = transfer }
        if let node = fields["priority"], let text = reader.string(node, "priority") {
            if let priority = Endpoint.Priority(rawValue: text.lowercased()) {
                endpoint.priority = priority
            } else {
                reader.fail("`priority` must be high, normal or low, got \"\(text)\"", at: node)
            }
        }
        if let node = fields["cache"] { endpoint.cacheSeconds = reader.integer(node, "cache") }
        if let node = fields["auth"] { readEndpointAuth(node, into: &endpoint, reader: &reader) }
        if let node = fields["download"],
            let download = reader.fields(node, "`download`", known: ["to"], required: ["to"]),
            let to = download["to"]
        {
            endpoint.downloadTo = reader.string(to, "download.to")
        }
        readChecks(fields, into: &endpoint, reader: &reader)
        if let node = fields["responses"] { endpoint.responses = readResponses(node, reader: &reader) }
        if let node = fields["request_schema"] { readRequestSchema(node, into: &endpoint, reader: &reader) }
        endpoint.webSocket = readWebSocket(fields, body: endpoint.body, reader: &reader)
        // A WebSocket endpoint's handshake is a GET whatever its body (a `graphql:` one goes in a message).
        if endpoint.webSocket != nil, fields["method"] == nil { endpoint.method = .get }
        let declared = Set(endpoint.params.map(\.name))
        for name in endpoint.placeholders where !declared.contains(name) {
            reader.fail(
                "path placeholder `{\(name)}` has no value: add `\(name)` under `params` (null if the user must fill it)",
                at: pathNode)
        }
        return endpoint
    }

    static func readBody(_ node: YAMLNode, reader: inout YAMLReader) -> BodyTemplate? {
        if let text = node.scalar?.string, !YAMLReader.isNull(node) {
            reader.fail(
                "`body` must be a mapping, got \(YAMLReader.describe(node)); " + ProfileShapeHints.bodyText(text),
                at: node)
            return nil
        }
        guard let fields = reader.fields(node, "`body`", known: bodyKinds + ["content_type"]) else { return nil }
        let kinds = bodyKinds.filter { fields[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let value = fields[kind] else {
            let found = kinds.isEmpty ? "none" : kinds.map { "`\($0)`" }.joined(separator: " and ")
            reader.fail(
                "`body` needs exactly one of `json`, `form`, `multipart`, `text`, `file` or `graphql`, got \(found)",
                at: node)
            return nil
        }
        let contentType = fields["content_type"].flatMap { reader.string($0, "content_type") }
        switch kind {
        case "json":
            return .json(reader.templateValue(value))
        case "form":
            return .form(reader.parameters(value, "form"))
        case "multipart":
            return .multipart(reader.parameters(value, "multipart"))
        case "text":
            return reader.template(value, "text").map { .text($0, contentType: contentType) }
        case "graphql":
            return readGraphQL(value, reader: &reader).map { .graphql($0) }
        default:
            guard let path = reader.template(value, "file") else { return nil }
            if !path.raw.hasPrefix("@") {
                reader.fail("`file` must be a path starting with @, e.g. \"@./data.bin\"", at: value)
            }
            return .file(path, contentType: contentType)
        }
    }
}

/// A profile file that did not load, with every problem found in it.
public struct ProfileLoadFailure: Error, Sendable, CustomStringConvertible {
    public var problems: [ProfileProblem]

    package init(_ problems: [ProfileProblem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

import Foundation

/// Turns a profile endpoint, an environment and the user's overrides into the exact request to send.
///
/// Layers, later wins: profile < environment < endpoint < user, for headers (case-insensitive names), variables
/// and transfer settings.
public struct RequestBuilder: Sendable {
    public var profile: Profile
    public var environment: ProfileEnvironment
    package var processEnvironment: [String: String]
    /// How `masking` shows secrets: `••••` for the screen, markers for exports (`SecretMarker`).
    package var maskStyle: VariableScope.MaskStyle = .bullets
    /// Where relative paths of a profile without a file start; `nil`: the process's current directory, read when
    /// needed. A front end that builds requests without asking the process sets it once.
    public var workingDirectory: String?
    /// What `~/` means when `processEnvironment` has no `HOME`; `nil`: the user database, read when needed.
    public var homeDirectory: String?
    /// Values captured from earlier responses (`CaptureStore`), by reference: `{{login.token}}`. Secret-like ones
    /// are masked like secrets.
    package var captured: [String: CapturedValue] = [:]

    public init(
        profile: Profile, environment: String? = nil,
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(RequestBuildError) {
        self.profile = profile
        self.environment = try profile.environment(environment)
        self.processEnvironment = processEnvironment
    }

    /// Variables visible to templates: profile's, then the environment's, then the user's. A variable's value
    /// may itself use `{{env.NAME}}` or other variables. With `masking`, secrets inside other variables' values
    /// are masked where they appear (`Bearer ••••`; `maskStyle` says how).
    package func scope(overrides: [String: String] = [:], masking: Bool = false) throws(RequestBuildError)
        -> VariableScope
    {
        var templates = profile.variables
        templates.merge(environment.variables) { _, new in new }
        var scope = VariableScope(
            secretNames: profile.secretNames, processEnvironment: processEnvironment, maskStyle: maskStyle)
        scope.merge(captured.filter { !$0.value.isSecret }.mapValues(\.value))
        scope.merge(captured.filter { $0.value.isSecret }.mapValues(\.value), secret: true)
        var resolved: [String: String] = [:]
        // A command's variable has the value its command gave when the profile loaded (secret by then).
        for (name, template) in templates {
            guard let words = template.command else { continue }
            guard let value = profile.commandValues[words] else {
                throw RequestBuildError(.unknownVariable(name: name), location: template.location)
            }
            resolved[name] = value
        }
        // Each variable is filled once, after those it refers to, so the work is bounded by the size of the values,
        // never by how often they are referenced or how deep they nest.
        let graph = DependencyGraph(variables: templates)
        if let cycle = graph.cycles.first {
            // The loader refuses such a profile; a builder made from an unchecked one says the same.
            throw RequestBuildError(
                .invalidVariable(DependencyGraph.describe(cycle)), location: templates[cycle[0]]?.location)
        }
        var total = 0
        for name in graph.order where resolved[name] == nil {
            guard let template = templates[name] else { continue }
            let value = try Self.expand(
                name, template, templates: templates, scope: scope, masking: masking, resolved: resolved)
            total += value.utf8.count
            guard total <= Self.maxVariablesBytes else {
                throw RequestBuildError(
                    .invalidVariable(
                        "all variables together expand to more than \(Units.bytes(Int64(Self.maxVariablesBytes))) "
                            + "({{\(name)}} passed it)"),
                    location: template.location)
            }
            resolved[name] = value
        }
        scope.merge(resolved)
        scope.merge(overrides)
        return scope
    }

    /// The most a variable may expand to. Variables referring several times to others that do the same grow
    /// exponentially (`a: "{{b}}{{b}}…"`, `b: "{{c}}{{c}}…"`): past this the request is refused, not built.
    static let maxVariableBytes = 1 << 20

    /// The most all variables together may expand to. A chain of variables that each add a little to the next grows
    /// with the square of its length (`v0: "{{v1}}…"`, `v1: "{{v2}}…"`, … 2,000 of them adding 500 bytes each is
    /// 1 MB for `v0` and 1 GB in all): past this the request is refused.
    static let maxVariablesBytes = 32 << 20

    /// `name`'s value with every reference filled: the variables it refers to are in `resolved` already.
    private static func expand(
        _ name: String, _ template: Template, templates: [String: Template], scope: VariableScope, masking: Bool,
        resolved: [String: String]
    ) throws(RequestBuildError) -> String {
        let tooLarge = RequestBuildError(
            .invalidVariable("variable {{\(name)}} expands to more than \(Units.bytes(Int64(maxVariableBytes)))"),
            location: template.location)
        var output = ""
        for piece in template.pieces {
            guard output.utf8.count <= maxVariableBytes else { throw tooLarge }
            switch piece {
            case .text(let text): output += text
            case .variable(let inner) where inner.hasPrefix("env.") || templates[inner] == nil:
                // `{{env.NAME}}`, or a captured value (`{{login.token}}`): a plain value, masked when secret.
                guard let value = scope.rendered(inner, masking: masking) else {
                    throw RequestBuildError(.unknownVariable(name: inner), location: template.location)
                }
                output += value
            case .variable(let inner) where masking && scope.isSecret(inner):
                output += scope.maskText(for: inner)
            case .variable(let inner):
                guard let known = resolved[inner] else {
                    throw RequestBuildError(
                        .invalidVariable(DependencyGraph.describe([name, inner])), location: template.location)
                }
                output += known
            }
        }
        guard output.utf8.count <= maxVariableBytes else { throw tooLarge }
        return output
    }

    /// The request for `endpoint` with `overrides` applied. With `masking`, secrets read `••••` (for display
    /// and exports, never for sending).
    public func request(
        for endpoint: Endpoint, overrides: RequestOverrides = RequestOverrides(), masking: Bool = false
    ) throws(RequestBuildError) -> PreparedRequest {
        try plan(for: endpoint, overrides: overrides, masking: masking).prepared()
    }

    /// The request for `endpoint` built without file system, clock or randomness (with `workingDirectory` and
    /// `homeDirectory` set): what only the machine knows is settled later by `RequestPlan.prepared`.
    public func plan(
        for endpoint: Endpoint, overrides: RequestOverrides = RequestOverrides(), masking: Bool = false
    ) throws(RequestBuildError) -> RequestPlan {
        let scope = try scope(overrides: overrides.variables, masking: masking)
        let context = "endpoint \(endpoint.id)"

        // URL: base + path with placeholders, then query.
        // A `ws://`/`wss://` base URL (a WebSocket service's address) is reached as http/https, by every endpoint.
        let base = WebSocketConnection.transportURL(try environment.baseURL.render(scope, masking: masking))
        var params: [String: String] = [:]
        for param in endpoint.params {
            if let value = param.value { params[param.name] = try value.render(scope, masking: masking) }
        }
        params.merge(overrides.params) { _, user in user }
        let path = try URLBuilder.path(endpoint.path, params: params, scope: scope, masking: masking)
        var url = URLBuilder.join(base: base, path: path)
        // A WebSocket endpoint's whole `ws://`/`wss://` path is connected to as http/https (docs/WEBSOCKET.md).
        if endpoint.webSocket != nil { url = WebSocketConnection.transportURL(url) }
        guard Self.isHTTPURL(url) else {
            throw RequestBuildError(.invalidURL(url), location: environment.baseURL.location, context: context)
        }
        let userQueryNames = Set(overrides.query.map(\.name))
        let secrets = secretDerivedVariables()
        var secretNames = CredentialNames()
        var query: [(name: String, value: String)] = []
        for item in endpoint.query where !userQueryNames.contains(item.name) {
            for value in item.values ?? [] {
                query.append((item.name, try value.render(scope, masking: masking)))
                if Self.uses(secrets, value) { secretNames.insertQueryItem(item.name) }
            }
        }
        query.append(contentsOf: overrides.query)
        let graphQLItems = try graphQLQueryItems(endpoint, overrides: overrides, scope: scope, masking: masking)
        query.append(contentsOf: graphQLItems)
        // A GET's `variables` parameter that carries a secret is a credential like any query item that does.
        if !graphQLItems.isEmpty, graphQLVariablesUse(secrets, endpoint) { secretNames.insertQueryItem("variables") }
        url = URLBuilder.appendingQuery(query, to: url)

        var (headers, secretHeaders) = try headers(
            for: endpoint, url: url, base: base, overrides: overrides, secrets: secrets, scope: scope, masking: masking)
        addGraphQLAccept(endpoint, overrides: overrides, to: &headers)
        for name in secretHeaders { secretNames.insertHeader(name) }
        for field in headers where !Self.isValidHeader(field) {
            throw RequestBuildError(.invalidHeader("\(field.name): \(field.value)"), context: context)
        }

        var options = try transferOptions(for: endpoint, url: url, overrides: overrides, scope: scope, masking: masking)
        let download = downloadTarget(endpoint: endpoint, url: url, overrides: overrides)
        options.downloadTo = download?.path

        let body = try body(for: endpoint, overrides: overrides, headers: headers, scope: scope, masking: masking)
        let drawsBoundary =
            if case .multipart = body { headers["Content-Type"].flatMap(Self.boundary) == nil } else { false }
        return RequestPlan(
            request: PreparedRequest(
                method: endpoint.method, url: url, headers: headers, body: body, options: options,
                credentialNames: secretNames),
            drawsBoundary: drawsBoundary, downloadName: download?.nameIfDirectory,
            graphQLConnectionInit: try graphQLConnectionInit(endpoint, scope: scope, masking: masking))
    }

    /// The variables whose value holds a secret: the secret ones, and those whose template uses one (directly or
    /// through other variables). Headers and query items that use them are credentials as much as `auth:` ones.
    func secretDerivedVariables() -> Set<String> {
        guard !profile.secretNames.isEmpty else { return [] }
        var templates = profile.variables
        templates.merge(environment.variables) { _, new in new }
        var derived = profile.secretNames
        // Grows until stable; each pass adds at least one name or stops, so at most `templates.count` passes.
        var changed = true
        while changed {
            changed = false
            for (name, template) in templates where !derived.contains(name) {
                if template.variableNames.contains(where: derived.contains) {
                    derived.insert(name)
                    changed = true
                }
            }
        }
        return derived
    }

    /// Whether `template` uses one of `secrets`.
    static func uses(_ secrets: Set<String>, _ template: Template) -> Bool {
        !secrets.isEmpty && template.variableNames.contains(where: secrets.contains)
    }

    /// Convenience: the request for the endpoint with this id.
    public func request(
        endpoint id: String, overrides: RequestOverrides = RequestOverrides(), masking: Bool = false
    ) throws(RequestBuildError) -> PreparedRequest {
        guard let endpoint = profile.endpoint(id) else { throw RequestBuildError(.unknownEndpoint(id)) }
        return try request(for: endpoint, overrides: overrides, masking: masking)
    }

    // MARK: - Pieces

    private func body(
        for endpoint: Endpoint, overrides: RequestOverrides, headers: HTTPHeaders, scope: VariableScope,
        masking: Bool
    ) throws(RequestBuildError) -> RequestBody {
        let declaredType = headers["Content-Type"]
        switch overrides.body {
        case .text(let text):
            let type = declaredType ?? endpoint.body.flatMap(Self.defaultContentType) ?? "text/plain; charset=utf-8"
            return .bytes(Data(text.utf8), contentType: type)
        case .file(let path):
            return .file(path: path, contentType: declaredType ?? MediaType.guess(forPath: path))
        case nil:
            break
        }
        guard let template = endpoint.body else { return .none }
        switch template {
        case .json(let value):
            let data: Data
            if case .string(let text) = value, Self.looksLikeJSONDocument(text.raw) {
                let rendered = try text.render(scope, masking: masking)
                do {
                    _ = try JSONValue.parse(rendered)
                } catch {
                    // "invalid body: JSON error at line 1, column 513: …" (the error names JSON itself).
                    throw RequestBuildError(.invalidBody("\(error)"), location: text.location)
                }
                data = Data(rendered.utf8)
            } else {
                data = Data(try value.render(scope, masking: masking).serialized().utf8)
            }
            return .bytes(data, contentType: declaredType ?? "application/json")
        case .form(let fields):
            var pairs: [(name: String, value: String)] = []
            for field in fields {
                for value in field.values ?? [] {
                    pairs.append((field.name, try value.render(scope, masking: masking)))
                }
            }
            return .bytes(
                Data(FormEncoding.body(pairs).utf8), contentType: declaredType ?? "application/x-www-form-urlencoded")
        case .text(let text, let contentType):
            return .bytes(
                Data(try text.render(scope, masking: masking).utf8),
                contentType: declaredType ?? contentType ?? "text/plain; charset=utf-8")
        case .file(let path, let contentType):
            let resolved = try fileReference(path, scope: scope)
            return .file(path: resolved, contentType: declaredType ?? contentType ?? MediaType.guess(forPath: resolved))
        case .graphql(let graphql):
            // GET carries the query in the URL (`graphQLQueryItems`); a WebSocket endpoint's body is the payload of
            // its `subscribe` message (`GraphQLTransportWS`), whatever the handshake's method.
            guard endpoint.method != .get || endpoint.webSocket != nil else { return .none }
            let envelope = try graphql.envelope(scope, masking: masking)
            return .bytes(Data(envelope.serialized().utf8), contentType: declaredType ?? "application/json")
        case .multipart(let fields):
            var parts: [MultipartBody.Part] = []
            for field in fields {
                for value in field.values ?? [] {
                    let rendered = try value.render(scope, masking: masking)
                    switch BodyFileReference(rendered) {
                    case .file:
                        let path = try fileReference(value, scope: scope)
                        parts.append(
                            .init(name: field.name, content: .file(path: path, filename: nil, contentType: nil)))
                    case .text(let text):
                        parts.append(.init(name: field.name, content: .text(text)))
                    }
                }
            }
            // The boundary comes from the user's Content-Type when they set one, so both agree; else it is drawn
            // when the request is sent (`RequestPlan.prepared`).
            var multipart = MultipartBody(parts: parts, boundary: "")
            if let declaredType, let boundary = Self.boundary(in: declaredType) { multipart.boundary = boundary }
            return .multipart(multipart)
        }
    }

    private static func defaultContentType(_ body: BodyTemplate) -> String? {
        switch body {
        case .json, .graphql: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .text(_, let type): type
        case .file(_, let type): type
        case .multipart: nil
        }
    }

    /// `@path` (or a bare path) → an absolute path, relative to the profile's directory (`BodyFileReference`).
    private func fileReference(_ template: Template, scope: VariableScope) throws(RequestBuildError) -> String {
        // Always a file here (a `file:` body, or a multipart value `BodyFileReference` read as one): the `@` is
        // optional.
        var path = try template.render(scope)
        if path.hasPrefix("@") { path.removeFirst() }
        guard !path.isEmpty else {
            throw RequestBuildError(.invalidBody("empty file reference"), location: template.location)
        }
        return resolvePath(path)
    }

    /// What `~` means: `HOME`, else `homeDirectory`, else the user database.
    private var home: String { processEnvironment["HOME"] ?? homeDirectory ?? NSHomeDirectory() }

    func resolvePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let current = workingDirectory ?? FileManager.default.currentDirectoryPath
        var base = profile.file.isEmpty ? current : profile.directory
        // A profile loaded from a relative directory (`--profiles profiles`): its files are under the current one,
        // not under the root, which normalising `profiles/./x` alone would make of it.
        if !base.hasPrefix("/") { base = base == "." ? current : current + "/" + base }
        return BodyFileReference.resolve(path, base: base, home: home)
    }

    /// Where the body is written, and the file name it gets inside that target if it is a directory: a target
    /// written with a final `/` is one by its spelling; any other is looked at when sent (`RequestPlan.prepared`).
    private func downloadTarget(endpoint: Endpoint, url: String, overrides: RequestOverrides)
        -> (path: String, nameIfDirectory: String?)?
    {
        // `-o`: from the working directory, and a directory there is named into when the answer's head is in (its
        // Content-Disposition may name the file).
        if let explicit = overrides.downloadTo {
            let base = workingDirectory ?? FileManager.default.currentDirectoryPath
            return (BodyDestination(explicit, base: base, home: home).path, nil)
        }
        guard let target = endpoint.downloadTo else { return nil }
        let resolved = resolvePath(target)
        let name = BodyDestination.fileName(url: url)
        if target.hasSuffix("/") { return ((resolved as NSString).appendingPathComponent(name), nil) }
        return (resolved, name)
    }

    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" { return pair[1].trimmingCharacters(in: ["\""]) }
        }
        return nil
    }

    static func looksLikeJSONDocument(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return (trimmed.hasPrefix("{") && trimmed.hasSuffix("}")) || (trimmed.hasPrefix("[") && trimmed.hasSuffix("]"))
    }

    static func isHTTPURL(_ url: String) -> Bool {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), let host = parsed.host else {
            return false
        }
        return (scheme == "http" || scheme == "https") && !host.isEmpty
    }

    static func isValidHeader(_ field: HTTPHeaders.Field) -> Bool {
        !field.name.isEmpty && field.name.unicodeScalars.allSatisfy(HTTPMethod.isTokenCharacter)
            && !field.value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
    }
}

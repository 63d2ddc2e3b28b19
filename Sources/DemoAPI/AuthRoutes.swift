import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// OAuth2-style token endpoint, protected resources and the static auth schemes (Basic, API key).
struct AuthRoutes {
    static let clientID = "demo-client"
    static let clientSecret = "demo-secret"
    static let user = "demo"
    static let password = "demo-password"
    static let apiKey = "demo-key"
    static let defaultScope = "todos:read todos:write"
    static let knownScopes: Set<Substring> = ["todos:read", "todos:write", "profile"]
    static let apiKeyHeader = HTTPField.Name("X-API-Key")!
    static let pragma = HTTPField.Name("Pragma")!
    static let bearerChallenge = "Bearer realm=\"demo\""
    static let invalidTokenChallenge = "Bearer realm=\"demo\", error=\"invalid_token\""

    let store: AuthStore
    let todos: TodoStore

    func register(on router: Router<BasicRequestContext>) {
        router.post("/auth/token") { request, _ in try await token(request) }
        router.get("/auth/stats") { _, _ in
            let stats = await store.stats
            return Response.json([
                "token_requests": .int(stats.tokenRequests),
                "refreshes": .int(stats.refreshes),
                "password_grants": .int(stats.passwordGrants),
                "client_credentials_grants": .int(stats.clientCredentialsGrants),
                "failures": .int(stats.failures),
            ])
        }
        router.post("/auth/revoke") { request, _ in
            // RFC 7009: the answer is 200 whether or not the token was known.
            let parameters = try await Self.parameters(request)
            var revoked = false
            if let token = FormURLEncoding.first("token", in: parameters) {
                revoked = await store.revoke(token)
            }
            return Response.json(["revoked": .bool(revoked)])
        }
        router.post("/auth/expire") { _, _ in
            Response.json(["expired": .int(await store.expireAllAccessTokens())])
        }
        router.get("/me") { request, _ in
            let grant = try await authorize(request)
            return Response.json([
                "user": .string(orNull: grant.user),
                "client_id": .string(grant.clientID),
                "scope": .string(grant.scope),
            ])
        }
        router.get("/protected/todos") { request, _ in
            _ = try await authorize(request)
            return Response.json(.array(await todos.list().map(\.json)))
        }
        for method in EchoRoutes.methods {
            router.on("/always-401", method: method) { _, _ -> Response in
                throw DemoError(
                    .unauthorized,
                    "invalid_token",
                    "this resource never accepts a token",
                    headers: [.wwwAuthenticate: Self.invalidTokenChallenge]
                )
            }
        }
        router.get("/basic-auth/:user/:password") { request, context in
            let expected = BasicCredentials(
                user: context.parameters.get("user") ?? "",
                password: context.parameters.get("password") ?? ""
            )
            guard let sent = request.headers[.authorization].flatMap(BasicCredentials.init), sent == expected else {
                throw DemoError(
                    .unauthorized,
                    "unauthorized",
                    "send Basic credentials matching the path",
                    headers: [.wwwAuthenticate: "Basic realm=\"demo\""]
                )
            }
            return Response.json(["authenticated": true, "user": .string(sent.user)])
        }
        router.get("/api-key") { request, _ in
            if request.headers[Self.apiKeyHeader] == Self.apiKey {
                return Response.json(["authenticated": true, "via": "header"])
            }
            if request.query("api_key") == Self.apiKey {
                return Response.json(["authenticated": true, "via": "query"])
            }
            throw DemoError(.unauthorized, "invalid_api_key", "send X-API-Key: demo-key or api_key=demo-key")
        }
    }

    // MARK: - Token endpoint

    private func token(_ request: Request) async throws -> Response {
        await store.countTokenRequest()
        do {
            let tokens = try await grant(request)
            var answer: [(key: String, value: JSONValue)] = [
                (key: "access_token", value: .string(tokens.accessToken)),
                (key: "token_type", value: "Bearer"),
                (key: "expires_in", value: .int(Self.seconds(tokens.lifetime))),
            ]
            if let refreshToken = tokens.refreshToken {
                answer.append((key: "refresh_token", value: .string(refreshToken)))
            }
            answer.append((key: "scope", value: .string(tokens.scope)))
            // RFC 6749 section 5.1: token responses must not be cached.
            return Response.json(.object(answer), headers: [.cacheControl: "no-store", Self.pragma: "no-cache"])
        } catch {
            await store.countFailure()
            throw error
        }
    }

    /// Validates a token request (RFC 6749 sections 4.3, 4.4, 6) and performs the grant.
    private func grant(_ request: Request) async throws -> AuthStore.IssuedTokens {
        let parameters = try await Self.parameters(request)
        func parameter(_ name: String) -> String? {
            FormURLEncoding.first(name, in: parameters).flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let grantType = parameter("grant_type") else {
            throw Self.oauthError(.badRequest, "invalid_request", "grant_type is required")
        }
        let clientID = try authenticateClient(request, parameter: parameter)
        let requestedScope = try parameter("scope").map(Self.validatedScope)

        switch grantType {
        case "password":
            guard let user = parameter("username"), let password = parameter("password") else {
                throw Self.oauthError(.badRequest, "invalid_request", "username and password are required")
            }
            guard user == Self.user, password == Self.password else {
                throw Self.oauthError(.badRequest, "invalid_grant", "wrong username or password")
            }
            return await store.grantPassword(user: user, clientID: clientID, scope: requestedScope ?? Self.defaultScope)
        case "client_credentials":
            return await store.grantClientCredentials(clientID: clientID, scope: requestedScope ?? Self.defaultScope)
        case "refresh_token":
            guard let refreshToken = parameter("refresh_token") else {
                throw Self.oauthError(.badRequest, "invalid_request", "refresh_token is required")
            }
            if let requestedScope, let original = await store.scope(ofRefreshToken: refreshToken),
                !Set(requestedScope.split(separator: " ")).isSubset(of: Set(original.split(separator: " ")))
            {
                throw Self.oauthError(.badRequest, "invalid_scope", "a refresh cannot widen the scope")
            }
            guard
                let tokens = await store.grantRefresh(
                    refreshToken: refreshToken,
                    clientID: clientID,
                    scope: requestedScope
                )
            else {
                throw Self.oauthError(.badRequest, "invalid_grant", "the refresh token is unknown, used or revoked")
            }
            return tokens
        default:
            throw Self.oauthError(.badRequest, "unsupported_grant_type", "grant_type '\(grantType)' is not supported")
        }
    }

    /// The authenticated client id: HTTP Basic first, else the `client_id` / `client_secret` parameters.
    private func authenticateClient(_ request: Request, parameter: (String) -> String?) throws -> String {
        var id: String?
        var secret: String?
        if let authorization = request.headers[.authorization] {
            guard let credentials = BasicCredentials(authorization: authorization) else {
                throw Self.invalidClient("the Authorization header is not valid Basic credentials")
            }
            // RFC 6749 section 2.3.1: the client id and secret are form-encoded before Base64.
            id = FormURLEncoding.decode(credentials.user[...])
            secret = FormURLEncoding.decode(credentials.password[...])
        } else {
            id = parameter("client_id")
            secret = parameter("client_secret")
        }
        guard let id, let secret else { throw Self.invalidClient("client authentication is required") }
        guard id == Self.clientID, secret == Self.clientSecret else { throw Self.invalidClient("unknown client") }
        return id
    }

    /// Parameters of a form (or, leniently, JSON object) body.
    private static func parameters(_ request: Request) async throws -> [(name: String, value: String)] {
        let body = try await request.collectBody(limit: 64 << 10)
        switch request.mediaType {
        case "application/json":
            guard case .object(let members) = try? JSONValue.parse(body) else {
                throw oauthError(.badRequest, "invalid_request", "the body must be a JSON object")
            }
            return members.compactMap { member in
                switch member.value {
                case .string(let value): (name: member.key, value: value)
                case .int(let value): (name: member.key, value: String(value))
                default: nil
                }
            }
        case nil, "application/x-www-form-urlencoded":
            return FormURLEncoding.parse(String(decoding: body.readableBytesView, as: UTF8.self)[...])
        default:
            throw oauthError(.badRequest, "invalid_request", "send application/x-www-form-urlencoded")
        }
    }

    private static func validatedScope(_ scope: String) throws -> String {
        let parts = scope.split(separator: " ")
        guard !parts.isEmpty, parts.allSatisfy(knownScopes.contains) else {
            throw oauthError(.badRequest, "invalid_scope", "known scopes: profile todos:read todos:write")
        }
        return parts.joined(separator: " ")
    }

    // MARK: - Protected resources

    /// The grant behind the request's bearer token; otherwise a 401 with the RFC 6750 challenge (no error code
    /// when no token was sent at all).
    func authorize(_ request: Request) async throws -> AuthStore.AccessGrant {
        guard let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ")
        else {
            throw DemoError(
                .unauthorized,
                "invalid_token",
                "a bearer token is required",
                headers: [.wwwAuthenticate: Self.bearerChallenge]
            )
        }
        let token = authorization.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
        switch await store.validate(accessToken: token) {
        case .valid(let grant):
            return grant
        case .expired:
            throw DemoError(
                .unauthorized,
                "invalid_token",
                "the access token expired",
                headers: [.wwwAuthenticate: Self.invalidTokenChallenge]
            )
        case .unknown:
            throw DemoError(
                .unauthorized,
                "invalid_token",
                "the access token is unknown or revoked",
                headers: [.wwwAuthenticate: Self.invalidTokenChallenge]
            )
        }
    }

    // MARK: - Helpers

    private static func oauthError(_ status: HTTPResponse.Status, _ code: String, _ detail: String) -> DemoError {
        DemoError(status, code, detail, headers: [.cacheControl: "no-store"])
    }

    private static func invalidClient(_ detail: String) -> DemoError {
        DemoError(.unauthorized, "invalid_client", detail, headers: [.wwwAuthenticate: "Basic realm=\"demo\""])
    }

    /// Whole seconds of `duration`, rounded down so a client never believes a token lives longer than it does.
    static func seconds(_ duration: Duration) -> Int {
        max(0, Int(duration.components.seconds))
    }
}

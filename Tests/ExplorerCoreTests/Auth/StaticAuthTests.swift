import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Bearer, Basic and API key credentials from a profile, through the client, as the demo server receives them.
@Suite("Static credentials against the demo API")
struct StaticAuthTests {
    static func profile(port: Int, auth: String) -> String {
        """
        variables: { token: t0ken, user: demo, pass: "pa:ss", key: demo-key }
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        auth: \(auth)
        endpoints:
          - { id: echo, path: /echo }
          - { id: basic, path: "/basic-auth/demo/pa:ss" }
          - { id: key, path: /api-key }
          - { id: open, path: /echo, auth: none }
        """
    }

    /// Sends `endpoint` of a profile with `auth` the way `apix run` does; returns the response.
    func send(_ endpoint: String, auth: String, server: RunningDemoServer, sessions: AuthSessions) async throws
        -> Response
    {
        let profile = try ProfileLoader.parse(
            yaml: Self.profile(port: server.port, auth: auth), file: "/p/static.yaml", id: "static"
        ).get()
        let builder = try RequestBuilder(profile: profile)
        let request = try builder.request(endpoint: endpoint)
        let resolved = try builder.auth(for: profile.endpoint(endpoint))
        var interceptor: AuthInterceptor?
        if let resolved { interceptor = await sessions.interceptor(for: resolved, key: builder.authSessionKey) }
        return try await Client().send(request, options: SendOptions(interceptor: interceptor)).response()
    }

    @Test(
        "each static kind reaches the server in the right header or query item",
        arguments: [
            ("{ type: bearer, token: \"{{token}}\" }", "echo", "header Authorization: Bearer t0ken"),
            ("{ type: api_key, name: X-Custom-Key, value: \"{{key}}\" }", "echo", "header X-Custom-Key: demo-key"),
            ("{ type: api_key, name: api_key, value: \"{{key}}\", in: query }", "echo", "query api_key=demo-key"),
        ])
    func placedOnTheWire(auth: String, endpoint: String, expected: String) async throws {
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            let sessions = AuthSessions(store: TokenStore(stateDirectory: state.path))
            let echo = try await send(endpoint, auth: auth, server: server, sessions: sessions).echo()
            let headers = echo["headers"]?.pairs.map { "header \($0.0): \($0.1)" } ?? []
            let query = echo["query"]?.pairs.map { "query \($0.0)=\($0.1)" } ?? []
            #expect((headers + query).contains(expected), "\(headers + query)")
        }
    }

    @Test("the demo's Basic and API-key routes accept what apix sends, and `auth: none` sends nothing")
    func acceptedByTheServer() async throws {
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            let sessions = AuthSessions(store: TokenStore(stateDirectory: state.path))
            let basic = try await send(
                "basic", auth: "{ type: basic, username: \"{{user}}\", password: \"{{pass}}\" }", server: server,
                sessions: sessions)
            #expect(basic.statusCode == 200)
            for location in ["header", "query"] {
                let key = try await send(
                    "key",
                    auth: "{ type: api_key, name: \(location == "header" ? "X-API-Key" : "api_key"), "
                        + "value: \"{{key}}\", in: \(location) }", server: server, sessions: sessions)
                #expect(key.statusCode == 200)
                #expect(try JSONValue.parse(key.body.data())["via"]?.stringValue == location)
            }
            let open = try await send("open", auth: "{ type: bearer, token: x }", server: server, sessions: sessions)
            #expect(try open.echo().header("Authorization") == nil)
            // Static credentials never touch the token store.
            #expect(!FileManager.default.fileExists(atPath: sessions.store.directory))
        }
    }

    @Test("one refresher per profile and environment is shared by everyone in the process")
    func sharedRefreshers() async throws {
        let state = try TemporaryDirectory()
        let sessions = AuthSessions(store: TokenStore(stateDirectory: state.path))
        let settings = OAuth2Settings(grant: .clientCredentials, tokenURL: "http://127.0.0.1:1/t", clientID: "c")
        let local = ProfileEnvironmentKey(profile: "p", environment: "local")
        let first = await sessions.refresher(for: local, settings: settings)
        let again = await sessions.refresher(for: local, settings: settings)
        let staging = await sessions.refresher(
            for: ProfileEnvironmentKey(profile: "p", environment: "staging"), settings: settings)
        #expect(first === again)
        #expect(first !== staging)
        #expect(sessions.existingRefresher(for: local) === first)
    }
}

import DemoAPI
import Foundation
import TestSupport
import Testing

@Suite("OAuth-style auth")
struct AuthRoutesTests {
    static let basicClient = ("Authorization", "Basic " + Data("demo-client:demo-secret".utf8).base64EncodedString())

    private func passwordGrant(_ server: RunningDemoServer) async throws -> [String: Any] {
        let reply = try await server.send(
            "POST",
            "/auth/token",
            form: "grant_type=password&username=demo&password=demo-password",
            headers: [Self.basicClient]
        )
        #expect(reply.status == 200)
        #expect(reply.header("Cache-Control") == "no-store")
        return try reply.object()
    }

    private func me(_ server: RunningDemoServer, token: String) async throws -> HTTPReply {
        try await server.send("/me", headers: [("Authorization", "Bearer \(token)")])
    }

    @Test("password grant issues tokens that open /me")
    func passwordGrantOpensMe() async throws {
        try await withDemoServer(.init(accessTokenLifetime: .seconds(45))) { server in
            let tokens = try await passwordGrant(server)
            #expect(tokens["token_type"] as? String == "Bearer")
            #expect(tokens["expires_in"] as? Int == 45)
            #expect(tokens["scope"] as? String == "todos:read todos:write")
            let access = try #require(tokens["access_token"] as? String)
            #expect(tokens["refresh_token"] is String)

            let me = try await me(server, token: access)
            #expect(me.status == 200)
            #expect(try me.object()["user"] as? String == "demo")
            let todos = try await server.send("/protected/todos", headers: [("Authorization", "Bearer \(access)")])
            #expect(try todos.array().count == 5)
        }
    }

    @Test("refresh rotates the refresh token and the stats count it")
    func refreshRotation() async throws {
        try await withDemoServer { server in
            let tokens = try await passwordGrant(server)
            let refresh = try #require(tokens["refresh_token"] as? String)
            let form =
                "grant_type=refresh_token&refresh_token=\(refresh)&client_id=demo-client&client_secret=demo-secret"

            let refreshed = try await server.send("POST", "/auth/token", form: form)
            #expect(refreshed.status == 200)
            let newTokens = try refreshed.object()
            let newRefresh = try #require(newTokens["refresh_token"] as? String)
            #expect(newRefresh != refresh)
            #expect(try await me(server, token: #require(newTokens["access_token"] as? String)).status == 200)

            let reused = try await server.send("POST", "/auth/token", form: form)
            #expect(reused.status == 400)
            #expect(try reused.object()["error"] as? String == "invalid_grant")

            let stats = try await server.send("/auth/stats").object()
            #expect(stats["token_requests"] as? Int == 3)
            #expect(stats["refreshes"] as? Int == 1)
            #expect(stats["password_grants"] as? Int == 1)
            #expect(stats["client_credentials_grants"] as? Int == 0)
            #expect(stats["failures"] as? Int == 1)
        }
    }

    @Test("concurrent refreshes with one refresh token: exactly one wins")
    func concurrentRefresh() async throws {
        try await withDemoServer { server in
            let refresh = try #require(try await passwordGrant(server)["refresh_token"] as? String)
            let form = "grant_type=refresh_token&refresh_token=\(refresh)"
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        try await server.send("POST", "/auth/token", form: form, headers: [Self.basicClient]).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.sorted() == [200, 400, 400, 400, 400, 400])
            #expect(try await server.send("/auth/stats").object()["refreshes"] as? Int == 1)
        }
    }

    @Test("client credentials grant (form fields or JSON) has no refresh token")
    func clientCredentials() async throws {
        try await withDemoServer { server in
            let viaForm = try await server.send(
                "POST",
                "/auth/token",
                form: "grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret&scope=todos%3Aread"
            ).object()
            #expect(viaForm["access_token"] is String)
            #expect(viaForm["refresh_token"] == nil)
            #expect(viaForm["scope"] as? String == "todos:read")
            let viaJSON = try await server.send(
                "POST",
                "/auth/token",
                json: #"{"grant_type":"client_credentials","client_id":"demo-client","client_secret":"demo-secret"}"#
            )
            #expect(viaJSON.status == 200)
            #expect(try await server.send("/auth/stats").object()["client_credentials_grants"] as? Int == 2)
        }
    }

    @Test("token errors follow RFC 6749")
    func tokenErrors() async throws {
        try await withDemoServer { server in
            let badClient = try await server.send(
                "POST",
                "/auth/token",
                form: "grant_type=client_credentials&client_id=demo-client&client_secret=wrong"
            )
            #expect(badClient.status == 401)
            #expect(try badClient.object()["error"] as? String == "invalid_client")
            #expect(badClient.header("WWW-Authenticate") == #"Basic realm="demo""#)

            let cases: [(form: String, error: String)] = [
                ("grant_type=password&username=demo&password=nope", "invalid_grant"),
                ("grant_type=password&username=demo", "invalid_request"),
                ("grant_type=magic", "unsupported_grant_type"),
                ("username=demo", "invalid_request"),
                ("grant_type=refresh_token&refresh_token=rt_unknown", "invalid_grant"),
                ("grant_type=client_credentials&scope=admin", "invalid_scope"),
            ]
            for (form, error) in cases {
                let reply = try await server.send("POST", "/auth/token", form: form, headers: [Self.basicClient])
                #expect(reply.status == 400, "\(form)")
                #expect(try reply.object()["error"] as? String == error, "\(form)")
            }
            #expect(try await server.send("/auth/stats").object()["failures"] as? Int == cases.count + 1)
        }
    }

    @Test("/me answers 401 with a Bearer challenge: no error code without a token")
    func meChallenges() async throws {
        try await withDemoServer { server in
            let missing = try await server.send("/me")
            #expect(missing.status == 401)
            #expect(missing.header("WWW-Authenticate") == #"Bearer realm="demo""#)
            #expect(try missing.object()["error"] as? String == "invalid_token")

            let invalid = try await me(server, token: "at_forged")
            #expect(invalid.status == 401)
            #expect(invalid.header("WWW-Authenticate") == #"Bearer realm="demo", error="invalid_token""#)

            let always = try await server.send("/always-401")
            #expect(always.status == 401)
            #expect(always.header("WWW-Authenticate") == #"Bearer realm="demo", error="invalid_token""#)
        }
    }

    @Test("tokens stop working when expired, forced to expire or revoked")
    func tokenExpiry() async throws {
        try await withDemoServer(.init(accessTokenLifetime: .seconds(1))) { server in
            let tokens = try await passwordGrant(server)
            #expect(tokens["expires_in"] as? Int == 1)
            let short = try #require(tokens["access_token"] as? String)
            try await Task.sleep(for: .milliseconds(1100))
            let expired = try await me(server, token: short)
            #expect(expired.status == 401)
            #expect(try expired.object()["error_description"] as? String == "the access token expired")
        }
        try await withDemoServer { server in
            let tokens = try await passwordGrant(server)
            let access = try #require(tokens["access_token"] as? String)
            #expect(try await server.send("POST", "/auth/expire").status == 200)
            #expect(try await me(server, token: access).status == 401)

            let refreshed = try await server.send(
                "POST",
                "/auth/token",
                form: "grant_type=refresh_token&refresh_token=\(try #require(tokens["refresh_token"] as? String))",
                headers: [Self.basicClient]
            ).object()
            let fresh = try #require(refreshed["access_token"] as? String)
            #expect(try await me(server, token: fresh).status == 200)
            #expect(try await server.send("POST", "/auth/revoke", form: "token=\(fresh)").status == 200)
            #expect(try await me(server, token: fresh).status == 401)
            #expect(try await server.send("POST", "/auth/revoke", form: "token=unknown").status == 200)
        }
    }

    @Test("Basic auth and API key routes")
    func staticSchemes() async throws {
        try await withDemoServer { server in
            let basic = "Basic " + Data("ann:s3cret".utf8).base64EncodedString()
            let ok = try await server.send("/basic-auth/ann/s3cret", headers: [("Authorization", basic)])
            #expect(ok.status == 200)
            #expect(try ok.object()["user"] as? String == "ann")
            let wrong = try await server.send("/basic-auth/ann/other", headers: [("Authorization", basic)])
            #expect(wrong.status == 401)
            #expect(wrong.header("WWW-Authenticate") == #"Basic realm="demo""#)

            #expect(try await server.send("/api-key", headers: [("X-API-Key", "demo-key")]).status == 200)
            #expect(try await server.send("/api-key?api_key=demo-key").status == 200)
            #expect(try await server.send("/api-key?api_key=nope").status == 401)
        }
    }
}

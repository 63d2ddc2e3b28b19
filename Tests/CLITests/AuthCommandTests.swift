import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix auth …` and `apix run` with auth, end to end: the real binary against the demo API, with the token store
/// in a temporary `XDG_STATE_HOME`.
@Suite("apix auth as a subprocess")
struct AuthCommandTests {
    static func profile(port: Int) -> String {
        """
        variables: { password: demo-password, key: demo-key }
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
          keyed:
            base_url: "http://127.0.0.1:\(port)"
            auth: { type: api_key, name: X-API-Key, value: "{{key}}" }
        auth:
          type: oauth2
          grant: password
          token_url: /auth/token
          client_id: demo-client
          client_secret: demo-secret
          username: demo
          password: "{{password}}"
        endpoints:
          - { id: me, path: /me }
          - { id: echo, path: /echo }
          - { id: always, path: /always-401 }
          - { id: stats, path: /auth/stats, auth: none }
          - { id: key, path: /api-key }
        """
    }

    /// A demo server, a profile directory with `oauth.yaml` and an empty state directory.
    struct Setup {
        let server: RunningDemoServer
        let profiles: String
        let state: String

        /// Runs apix with the private state directory and profiles.
        func apix(_ arguments: [String]) async throws -> ApixProcess.Output {
            try await ApixProcess.run(arguments + ["--profiles", profiles], environment: ["XDG_STATE_HOME": state])
        }

        var tokenFile: String { state + "/apix/tokens/oauth@local.json" }

        func stats() async throws -> JSONValue {
            try JSONValue.parse(await apix(["run", "oauth", "stats"]).stdout)
        }

        /// `auth status --json --reveal`.
        func revealed() async throws -> JSONValue {
            try JSONValue.parse(await apix(["auth", "status", "oauth", "--json", "--reveal"]).stdout)
        }
    }

    func withSetup(_ body: (Setup) async throws -> Void) async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.profile(port: server.port).write(
                toFile: profiles.path + "/oauth.yaml", atomically: true, encoding: .utf8)
            try await body(Setup(server: server, profiles: profiles.path, state: state.path))
        }
    }

    @Test("status before and after login: none, then valid with its expiry and grant, the token masked")
    func statusAndLogin() async throws {
        try await withSetup { setup in
            let before = try await setup.apix(["auth", "status", "oauth"])
            #expect(before.status == 0)
            #expect(before.text.contains("oauth (local): oauth2, password grant"))
            #expect(before.text.contains("state: none"))

            let login = try await setup.apix(["auth", "login", "oauth"])
            #expect(login.status == 0)
            #expect(login.text.contains("logged in with the password grant; token valid, expires in"))

            let after = try await setup.apix(["auth", "status", "oauth"])
            #expect(after.text.contains("state: valid, expires in"))
            #expect(after.text.contains("access token: ••••"))
            let token = try #require(try await setup.revealed()["access_token"]?.stringValue)
            #expect(token.hasPrefix("at_"))
            #expect(!after.text.contains(token))
            #expect(!login.text.contains(token) && !login.stderr.contains(token))

            let json = try JSONValue.parse(await setup.apix(["auth", "status", "oauth", "--json"]).stdout)
            #expect(json["state"]?.stringValue == "valid")
            #expect(json["grant"]?.stringValue == "password")
            #expect(json["access_token"]?.stringValue == "••••")
            #expect(json["has_refresh_token"]?.boolValue == true)
            #expect((1...30).contains(json["expires_in"]?.intValue ?? -1))
        }
    }

    @Test("the token file is mode 0600 in a 0700 directory")
    func fileModes() async throws {
        try await withSetup { setup in
            #expect(try await setup.apix(["run", "oauth", "me"]).status == 0)
            let file = try FileManager.default.attributesOfItem(atPath: setup.tokenFile)
            #expect(file[.posixPermissions] as? Int == 0o600)
            let directory = try FileManager.default.attributesOfItem(atPath: setup.state + "/apix/tokens")
            #expect(directory[.posixPermissions] as? Int == 0o700)
        }
    }

    @Test("refresh replaces the token with one refresh; logout forgets it")
    func refreshAndLogout() async throws {
        try await withSetup { setup in
            #expect(try await setup.apix(["auth", "login", "oauth"]).status == 0)
            let first = try await setup.revealed()["access_token"]?.stringValue
            let refresh = try await setup.apix(["auth", "refresh", "oauth"])
            #expect(refresh.status == 0)
            #expect(refresh.text.contains("oauth (local): refreshed"))
            #expect(try await setup.revealed()["access_token"]?.stringValue != first)
            #expect(try await setup.stats()["refreshes"]?.intValue == 1)

            let logout = try await setup.apix(["auth", "logout", "oauth"])
            #expect(logout.status == 0)
            #expect(!FileManager.default.fileExists(atPath: setup.tokenFile))
            #expect(try await setup.apix(["auth", "status", "oauth"]).text.contains("state: none"))
        }
    }

    @Test("run logs in on its own, refreshes after the server expires the token, and masks credentials in --json")
    func runWithOAuth() async throws {
        try await withSetup { setup in
            let first = try await setup.apix(["run", "oauth", "me"])
            #expect(first.status == 0)
            #expect(try JSONValue.parse(first.stdout)["user"]?.stringValue == "demo")
            var request = PreparedRequest(method: .post, url: setup.server.baseURL + "/auth/expire")
            request.options.timeout = .seconds(10)
            _ = await Client().send(request)

            let json = try await setup.apix(["run", "oauth", "echo", "--json", "-H", "Cookie: session=s3cr3t"])
            #expect(json.status == 0)
            let object = try JSONValue.parse(json.stdout)
            let sent = object["request"]?["headers"]?.arrayValue ?? []
            #expect(sent.contains { $0[0]?.stringValue == "Authorization" && $0[1]?.stringValue == "Bearer ••••" })
            #expect(sent.contains { $0[0]?.stringValue == "Cookie" && $0[1]?.stringValue == "••••" })
            let token = try #require(try await setup.revealed()["access_token"]?.stringValue)
            // The echo body necessarily holds the token (the server repeats it); nothing else may.
            var withoutBody = object.objectValue ?? [:]
            withoutBody.removeAll(key: "body")
            #expect(!JSONValue.object(withoutBody).serialized().contains(token))
            #expect(!JSONValue.object(withoutBody).serialized().contains("s3cr3t"))
            #expect(!json.stderr.contains(token))

            // The server expired the token: `me` answers 401, the client refreshes once and retries (with --fail a
            // 401 left standing would exit 22).
            let me = try await setup.apix(["run", "oauth", "me", "--fail"])
            #expect(me.status == 0, "\(me.stderr)")
            #expect(try JSONValue.parse(me.stdout)["user"]?.stringValue == "demo")
            let stats = try await setup.stats()
            #expect(stats["password_grants"]?.intValue == 1)
            #expect(stats["refreshes"]?.intValue == 1)

            let revealed = try JSONValue.parse(await setup.apix(["run", "oauth", "me", "--json", "--reveal"]).stdout)
            let shown = revealed["request"]?["headers"]?.arrayValue ?? []
            let current = try #require(try await setup.revealed()["access_token"]?.stringValue)
            #expect(shown.contains { $0[1]?.stringValue == "Bearer \(current)" })
        }
    }

    @Test("a refused login exits 4 with the server's reason; a later run says the earlier login failed")
    func refusedLogin() async throws {
        try await withSetup { setup in
            let login = try await setup.apix(["auth", "login", "oauth", "--var", "password=wrong"])
            #expect(login.status == 4)
            #expect(login.stderr.contains("invalid_grant: wrong username or password"))
            let run = try await setup.apix(["run", "oauth", "me", "--var", "password=wrong"])
            #expect(run.status == 4)
            #expect(run.stderr.contains("an earlier login failed (the token server rejected the password grant"))
            #expect(run.stderr.contains("apix auth login oauth -e local"))
            #expect(try await setup.stats()["token_requests"]?.intValue == 1)
            #expect(try await setup.apix(["auth", "login", "oauth"]).status == 0)
            #expect(try await setup.apix(["run", "oauth", "me"]).status == 0)
        }
    }

    @Test("a server that always answers 401: the run tries twice and ends with the 401")
    func always401() async throws {
        try await withSetup { setup in
            let out = try await setup.apix(["run", "oauth", "always", "--fail"])
            #expect(out.status == 22)
            #expect(out.stderr.contains("401"))
            let stats = try await setup.stats()
            #expect(stats["password_grants"]?.intValue == 1)
            #expect(stats["refreshes"]?.intValue == 1)
        }
    }

    @Test("static credentials: status shows them masked (revealed on request); login has nothing to do")
    func staticCredentials() async throws {
        try await withSetup { setup in
            let status = try await setup.apix(["auth", "status", "oauth", "-e", "keyed"])
            #expect(status.text.contains("oauth (keyed): api_key (static credentials from the profile)"))
            #expect(status.text.contains("X-API-Key: ••••"))
            #expect(!status.text.contains("demo-key"))
            let revealed = try await setup.apix(["auth", "status", "oauth", "-e", "keyed", "--json", "--reveal"])
            #expect(try JSONValue.parse(revealed.stdout)["credential"]?["value"]?.stringValue == "demo-key")
            let login = try await setup.apix(["auth", "login", "oauth", "-e", "keyed"])
            #expect(login.status == 3)
            #expect(login.stderr.contains("uses static api_key credentials"))

            let run = try await setup.apix(["run", "oauth", "key", "-e", "keyed", "--json"])
            let object = try JSONValue.parse(run.stdout)
            #expect(object["status"]?.intValue == 200)
            let sent = object["request"]?["headers"]?.arrayValue ?? []
            #expect(sent.contains { $0[0]?.stringValue == "X-API-Key" && $0[1]?.stringValue == "••••" })
            #expect(!run.text.contains("demo-key"))
        }
    }

    @Test("status words the token state with TokenState.summary, the wording the TUI's status bar uses")
    func stateWording() async throws {
        try await withSetup { setup in
            let none = try await setup.apix(["auth", "status", "oauth"])
            #expect(none.text.contains("  state: \(TokenState.none.summary())\n"))
            let refused = try await setup.apix(["auth", "login", "oauth", "--var", "password=wrong"])
            #expect(refused.status == 4)
            let json = try JSONValue.parse(await setup.apix(["auth", "status", "oauth", "--json"]).stdout)
            #expect(json["state"]?.stringValue == "failed")
            let reason = try #require(json["reason"]?.stringValue)
            let failed = try await setup.apix(["auth", "status", "oauth"])
            #expect(failed.text.contains("  state: \(TokenState.failed(reason).summary())\n"))
            #expect(failed.text.contains("  state: failed: "))
        }
    }

    @Test("a corrupt token file is reported and replaced, never a crash")
    func corruptStore() async throws {
        try await withSetup { setup in
            try FileManager.default.createDirectory(
                atPath: setup.state + "/apix/tokens", withIntermediateDirectories: true)
            try "{ half a token".write(toFile: setup.tokenFile, atomically: true, encoding: .utf8)
            let status = try await setup.apix(["auth", "status", "oauth"])
            #expect(status.status == 0)
            #expect(status.text.contains("warning: token store"))
            let run = try await setup.apix(["run", "oauth", "me"])
            #expect(run.status == 0)
            #expect(run.stderr.contains("apix: warning: token store"))
            #expect(try await setup.apix(["auth", "status", "oauth"]).text.contains("state: valid"))
        }
    }

    @Test("the shipped demo profile logs in with the password grant and reaches the protected routes")
    func demoProfile() async throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            func apix(_ arguments: [String]) async throws -> ApixProcess.Output {
                try await ApixProcess.run(
                    arguments + ["--var", "port=\(server.port)", "--profiles", repository + "/profiles"],
                    environment: ["XDG_STATE_HOME": state.path])
            }
            let me = try await apix(["run", "demo", "me"])
            #expect(me.status == 0)
            #expect(try JSONValue.parse(me.stdout)["scope"]?.stringValue == "todos:read todos:write profile")
            #expect(try await apix(["run", "demo", "protected.todos", "--fail"]).status == 0)
            let status = try await apix(["auth", "status", "demo"])
            #expect(status.text.contains("demo (local): oauth2, password grant"))
            #expect(status.text.contains("token url: \(server.baseURL)/auth/token"))
        }
    }
}

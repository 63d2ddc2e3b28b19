import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The authorization code grant with PKCE through the real `apix` against a real authorization server (Authlib behind
/// Flask, `Tests/Peers/oauth_server.py`), signed in by a scripted browser (`$BROWSER` is
/// `Tests/Peers/scripted_browser.py`, which follows the authorization URL and delivers the redirect to apix's
/// listener) or by a user pasting the redirected URL (`Tests/Peers/paste_login.py`).
@Suite("Authorization code with PKCE against Authlib")
struct AuthorizationCodeCommandTests {
    /// The peer, a profile directory, a state directory and the browser's log.
    struct Setup {
        let peer: PythonPeer
        let profiles: TemporaryDirectory
        let state: TemporaryDirectory
        /// Beside the state directory: the browser's log holds the codes it saw.
        let logs: TemporaryDirectory

        var browserLog: String { logs.path + "/browser.log" }
        var tokenFile: String { state.path + "/apix/tokens/oauth@local.json" }

        init(expiresIn: Int = 3600, revocation: String = "/revoke") throws {
            peer = try PythonPeer("oauth_server.py", arguments: [String(expiresIn)])
            profiles = try TemporaryDirectory()
            state = try TemporaryDirectory()
            logs = try TemporaryDirectory()
            try AuthorizationCodeProfile.yaml(port: peer.port, revocation: revocation).write(
                toFile: profiles.path + "/oauth.yaml", atomically: true, encoding: .utf8)
            try AuthorizationCodeProfile.secrets.write(
                toFile: profiles.path + "/oauth.secrets.yaml", atomically: true, encoding: .utf8)
        }

        /// apix with the private state, the scripted browser in `mode`, and the profiles.
        func apix(_ arguments: [String], browser mode: String = "approve") async throws -> ApixProcess.Output {
            try await ApixProcess.run(
                arguments + ["--profiles", profiles.path],
                environment: [
                    "XDG_STATE_HOME": state.path, "APIX_BROWSER_MODE": mode, "APIX_BROWSER_LOG": browserLog,
                    "BROWSER": "/usr/bin/python3 \(PythonPeer.directory)/scripted_browser.py",
                ])
        }

        /// What the scripted browser did, one object per run.
        func browserRuns() throws -> [JSONValue] {
            let text = (try? String(contentsOfFile: browserLog, encoding: .utf8)) ?? ""
            return try text.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)) }
        }

        func stats() async throws -> JSONValue {
            try JSONValue.parse(await apix(["run", "oauth", "stats"]).stdout)
        }

        func storedToken() throws -> JSONValue? {
            guard let data = FileManager.default.contents(atPath: tokenFile) else { return nil }
            return try JSONValue.parse(data)["token"]
        }

        func stop() { peer.stop() }
    }

    /// The files under `directory` whose bytes hold `secret`, relative to it.
    static func files(containing secret: String, under directory: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: directory + "/" + path),
                data.range(of: Data(secret.utf8)) != nil
            {
                found.append(path)
            }
        }
        return found
    }

    /// The `code` query item of a redirect URL.
    static func code(in location: String) -> String? {
        URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value
    }

    @Test("a browser login: the peer sees S256 and a 43-character verifier, the tokens are stored, the page holds none")
    func login() async throws {
        let setup = try Setup()
        defer { setup.stop() }
        let login = try await setup.apix(["auth", "login", "oauth"])
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.text.contains("logged in with the authorization_code grant"), "\(login.text)")
        // The URL is printed whatever opens it, on stderr (stdout stays the command's answer).
        #expect(login.stderr.contains("/authorize?response_type=code&client_id=apix-cli"), "\(login.stderr)")
        #expect(!login.text.contains("/authorize?"))

        let run = try #require(try setup.browserRuns().first)
        let authorize = try #require(run["authorize"]?.stringValue)
        #expect(authorize.contains("code_challenge_method=S256") && authorize.contains("scope=profile"))
        #expect(authorize.contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A"))
        #expect(!authorize.contains("code_verifier"))
        let state = try #require(URLComponents(string: authorize)?.queryItems?.first { $0.name == "state" }?.value)
        #expect(state.count >= 22, "state of at least 128 bits: \(state)")
        #expect(run["listener_status"]?.intValue == 200)
        let page = try #require(run["page"]?.stringValue)
        #expect(page.contains("Signed in"))

        let stats = try await setup.stats()
        #expect(stats["verifiers"]?.arrayValue?.map(\.intValue) == [43])
        let token = try #require(try setup.storedToken())
        let access = try #require(token["access_token"]?.stringValue)
        let refresh = try #require(token["refresh_token"]?.stringValue)
        let code = try #require(Self.code(in: run["location"]?.stringValue ?? ""))
        for secret in [access, refresh, code] { #expect(!page.contains(secret)) }

        // The token is sent, masked in what apix shows and records.
        let me = try await setup.apix(["run", "oauth", "me", "--json"])
        #expect(me.status == 0, "\(me.stderr)")
        let object = try JSONValue.parse(me.stdout)
        #expect(object["status"]?.intValue == 200, "\(me.text)")
        #expect(me.text.contains("Bearer ••••"))
        let history = try await setup.apix(["history", "--json"])
        for output in [login, me, history] {
            for secret in [access, refresh, code] {
                #expect(!output.text.contains(secret) && !output.stderr.contains(secret))
            }
        }
        // Nothing on disk holds them but the token file (the history's database, its WAL, the cache).
        #expect(FileManager.default.fileExists(atPath: setup.tokenFile))
        for secret in [access, refresh, code] {
            #expect(Self.files(containing: secret, under: setup.state.path).allSatisfy { $0.hasPrefix("apix/tokens/") })
        }
        #expect(Self.files(containing: code, under: setup.state.path).isEmpty)
    }

    @Test("a redirect with another state, a denied consent and no redirect in time end the login and store nothing")
    func failures() async throws {
        let setup = try Setup()
        defer { setup.stop() }
        let tampered = try await setup.apix(["auth", "login", "oauth"], browser: "tamper")
        #expect(tampered.status == 4, "\(tampered.stderr)")
        #expect(tampered.stderr.contains("the redirect's `state` is not this login's"), "\(tampered.stderr)")
        let denied = try await setup.apix(["auth", "login", "oauth"], browser: "deny")
        #expect(denied.status == 4, "\(denied.stderr)")
        #expect(denied.stderr.contains("answered access_denied"), "\(denied.stderr)")
        let late = try await setup.apix(["auth", "login", "oauth", "--timeout", "1"], browser: "ignore")
        #expect(late.status == 4, "\(late.stderr)")
        #expect(late.stderr.contains("no redirect to http://127.0.0.1:"), "\(late.stderr)")
        #expect(late.stderr.contains("within 1 s"), "\(late.stderr)")
        for output in [tampered, denied, late] {
            // The reason is one line (after the prompt's three).
            let reason = output.stderr.split(separator: "\n").filter { $0.hasPrefix("apix: authentication failed") }
            #expect(reason.count == 1 && output.stderr.hasSuffix("nothing stored\n"), "\(output.stderr)")
        }
        let runs = try setup.browserRuns()
        #expect(runs.map { $0["listener_status"]?.intValue } == [400, 400, nil])
        #expect(!FileManager.default.fileExists(atPath: setup.tokenFile))
        // The tampered login's code was never exchanged.
        #expect(try await setup.stats()["token_requests"]?.intValue == 0)
    }

    @Test("--no-browser: the redirected URL pasted on stdin signs in; no browser is started")
    func pasted() async throws {
        let setup = try Setup()
        defer { setup.stop() }
        let driven = try await ApixProcess.run(
            executable: "/usr/bin/python3",
            [
                PythonPeer.directory + "/paste_login.py", ApixProcess.binary, "auth", "login", "oauth", "--no-browser",
                "--profiles", setup.profiles.path,
            ],
            environment: [
                "XDG_STATE_HOME": setup.state.path, "APIX_BROWSER_LOG": setup.browserLog,
                "BROWSER": "/usr/bin/python3 \(PythonPeer.directory)/scripted_browser.py",
            ])
        let result = try JSONValue.parse(driven.stdout)
        #expect(result["status"]?.intValue == 0, "\(driven.text) \(driven.stderr)")
        #expect(result["stdout"]?.stringValue?.contains("logged in with the authorization_code grant") == true)
        #expect(try setup.storedToken()?["access_token"]?.stringValue != nil)
        #expect(try setup.browserRuns().isEmpty, "--no-browser starts no browser")
        let code = try #require(Self.code(in: result["location"]?.stringValue ?? ""))
        let stdout = result["stdout"]?.stringValue ?? ""
        #expect(!stdout.contains(code))
    }

    @Test("refresh rotation: each refresh's new refresh token replaces the stored one (the peer revokes the old)")
    func rotation() async throws {
        let setup = try Setup()
        defer { setup.stop() }
        #expect(try await setup.apix(["auth", "login", "oauth"]).status == 0)
        var seen = [try #require(try setup.storedToken()?["refresh_token"]?.stringValue)]
        for _ in 0..<2 {
            let refresh = try await setup.apix(["auth", "refresh", "oauth"])
            #expect(refresh.status == 0, "\(refresh.stderr)")
            let stored = try #require(try setup.storedToken()?["refresh_token"]?.stringValue)
            #expect(!seen.contains(stored))
            seen.append(stored)
        }
        #expect(try await setup.stats()["refreshes"]?.intValue == 2)
        let me = try await setup.apix(["run", "oauth", "me", "--json"])
        #expect(try JSONValue.parse(me.stdout)["status"]?.intValue == 200, "\(me.text)")
    }

    @Test("from a script with no token, apix run says to run apix auth login, starts no browser and exits 4")
    func scriptWithoutToken() async throws {
        let setup = try Setup()
        defer { setup.stop() }
        let run = try await setup.apix(["run", "oauth", "me"])
        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stderr.contains("run `apix auth login oauth -e local` on a terminal first"), "\(run.stderr)")
        #expect(try setup.browserRuns().isEmpty)
        #expect(try await setup.stats()["authorizations"]?.intValue == 0)
    }

    @Test("logout revokes the refresh token, then the access token (RFC 7009), and forgets them")
    func logout() async throws {
        let setup = try Setup()
        defer { setup.stop() }
        #expect(try await setup.apix(["auth", "login", "oauth"]).status == 0)
        let access = try #require(try setup.storedToken()?["access_token"]?.stringValue)
        let logout = try await setup.apix(["auth", "logout", "oauth"])
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(logout.text == "oauth (local): tokens revoked and forgotten\n", "\(logout.text)")
        #expect(
            try await setup.stats()["revocations"]?.arrayValue?.map(\.stringValue) == ["refresh_token", "access_token"])
        #expect(!FileManager.default.fileExists(atPath: setup.tokenFile))
        // The server no longer honours the old access token.
        let old = try await setup.apix(["run", "oauth", "me", "--json", "-H", "Authorization: Bearer \(access)"])
        #expect(try JSONValue.parse(old.stdout)["status"]?.intValue == 401, "\(old.text) \(old.stderr)")
        #expect(!logout.text.contains(access) && !logout.stderr.contains(access))
    }

    @Test("a revocation the server refuses is reported (exit 4) and the tokens are forgotten all the same")
    func failedRevocation() async throws {
        let setup = try Setup(revocation: "/no-such-endpoint")
        defer { setup.stop() }
        #expect(try await setup.apix(["auth", "login", "oauth"]).status == 0)
        let logout = try await setup.apix(["auth", "logout", "oauth"])
        #expect(logout.status == 4, "\(logout.stderr)")
        #expect(logout.text == "oauth (local): tokens forgotten\n", "\(logout.text)")
        #expect(logout.stderr.contains("the refresh token was not revoked: http://127.0.0.1:"), "\(logout.stderr)")
        #expect(logout.stderr.contains("/no-such-endpoint answered HTTP 404"), "\(logout.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.tokenFile))
        let status = try await setup.apix(["auth", "status", "oauth"])
        #expect(status.text.contains("state: none"), "\(status.text)")
    }

    @Test("auth status shows the claims of a JWT access token and ID token, marked not verified, in text and --json")
    func claims() async throws {
        let setup = try Setup()
        defer { setup.stop() }
        func part(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let header = part(#"{"alg":"RS256"}"#)
        let access =
            header + "."
            + part(
                #"{"sub":"alice","iss":"https://id.example","aud":"api","scope":"read","exp":4102444800,"iat":1764370800}"#
            ) + ".sig"
        var token = OAuthToken(accessToken: access, refreshToken: "r", expiresAt: Date().addingTimeInterval(600))
        token.idToken = header + "." + part(#"{"sub":"alice","aud":"apix-cli","iss":"https://id.example"}"#) + ".sig"
        try TokenStore(stateDirectory: setup.state.path + "/apix").save(
            TokenStore.Record(issuer: "apix-cli@" + setup.peer.url("/token"), token: token),
            for: ProfileEnvironmentKey(profile: "oauth", environment: "local"))
        let status = try await setup.apix(["auth", "status", "oauth"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(
            status.text.contains(
                "  access token claims: sub alice, iss https://id.example, aud api, scope read, exp 2100-01-01T00:00:00Z, "
                    + "iat 2025-11-28T23:00:00Z (not verified)"), "\(status.text)")
        #expect(
            status.text.contains("  id token claims: sub alice, iss https://id.example, aud apix-cli (not verified)"),
            "\(status.text)")
        #expect(!status.text.contains(access))
        let json = try JSONValue.parse(await setup.apix(["auth", "status", "oauth", "--json"]).stdout)
        #expect(json["access_token_claims"]?["sub"]?.stringValue == "alice")
        #expect(json["access_token_claims"]?["exp"]?.intValue == 4_102_444_800)
        #expect(json["access_token_claims"]?["verified"] == .bool(false))
        #expect(json["id_token_claims"]?["aud"]?.stringValue == "apix-cli")
        #expect(json["access_token"]?.stringValue == "••••")
    }
}

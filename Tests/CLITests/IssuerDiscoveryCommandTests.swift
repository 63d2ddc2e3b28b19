import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `issuer:` through the real `apix` against a real authorization server (Authlib behind Flask,
/// `Tests/Peers/oauth_server.py`, whose metadata documents Authlib's `AuthorizationServerMetadata` checks): a profile
/// that names only the issuer signs in, refreshes and revokes at the endpoints the metadata names.
@Suite("Issuer discovery against Authlib")
struct IssuerDiscoveryCommandTests {
    struct Setup {
        let peer: PythonPeer
        let profiles: TemporaryDirectory
        let state: TemporaryDirectory

        var issuer: String { "http://127.0.0.1:\(peer.port)/tenant" }
        var tokenFile: String { state.path + "/apix/tokens/oauth@local.json" }

        /// `discovery`: which documents the peer serves (`both`, `rfc8414`, `mismatch`); `grant` the profile's.
        static func start(discovery: String = "both", grant: String = "authorization_code") async throws -> Setup {
            let peer = try await Task.detached {
                try PythonPeer("oauth_server.py", arguments: ["3600", "approve:1", discovery])
            }.value
            let setup = Setup(peer: peer, profiles: try TemporaryDirectory(), state: try TemporaryDirectory())
            let yaml = """
                name: OAuth peer
                environments:
                  local: { base_url: "http://127.0.0.1:\(peer.port)" }
                auth:
                  type: oauth2
                  grant: \(grant)
                  issuer: "\(setup.issuer)"
                  client_id: apix-cli
                  client_secret: "{{client_secret}}"
                  scope: profile
                endpoints:
                  - { id: me, path: /me }
                  - { id: stats, path: /stats, auth: none }
                """
            try yaml.write(toFile: setup.profiles.path + "/oauth.yaml", atomically: true, encoding: .utf8)
            try AuthorizationCodeProfile.secrets.write(
                toFile: setup.profiles.path + "/oauth.secrets.yaml", atomically: true, encoding: .utf8)
            return setup
        }

        func apix(_ arguments: [String]) async throws -> ApixProcess.Output {
            try await ApixProcess.run(
                arguments + ["--profiles", profiles.path],
                environment: [
                    "XDG_STATE_HOME": state.path, "APIX_BROWSER_MODE": "approve",
                    "APIX_BROWSER_LOG": state.path + "/browser.log",
                    "BROWSER": "/usr/bin/python3 \(PythonPeer.directory)/scripted_browser.py",
                ])
        }

        func stats() async throws -> JSONValue {
            try JSONValue.parse(await apix(["run", "oauth", "stats"]).stdout)
        }

        func stop() { peer.stop() }
    }

    @Test(
        "a profile with only `issuer:` logs in, sends, refreshes and revokes at the metadata's endpoints, reading it once"
    )
    func authorizationCodeFromMetadata() async throws {
        let setup = try await Setup.start()
        defer { setup.stop() }
        let before = try await setup.apix(["auth", "status", "oauth", "--json"])
        #expect(before.status == 0, "\(before.stderr)")
        let unknown = try JSONValue.parse(before.stdout)
        #expect(unknown["issuer"]?.stringValue == setup.issuer)
        #expect(unknown["token_url"] == .null, "nothing is asked before a login: \(before.stdout)")

        let login = try await setup.apix(["auth", "login", "oauth"])
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stderr.contains("http://127.0.0.1:\(setup.peer.port)/authorize?response_type=code"))
        let me = try await setup.apix(["run", "oauth", "me", "--json"])
        #expect(try JSONValue.parse(me.stdout)["status"]?.intValue == 200, "\(me.text)")
        let refresh = try await setup.apix(["auth", "refresh", "oauth"])
        #expect(refresh.status == 0, "\(refresh.stderr)")

        let status = try JSONValue.parse(try await setup.apix(["auth", "status", "oauth", "--json"]).stdout)
        #expect(status["token_url"]?.stringValue == "http://127.0.0.1:\(setup.peer.port)/token")
        #expect(status["state"]?.stringValue == "valid")
        // Four processes, one read of the metadata: it is kept beside the tokens.
        var stats = try await setup.stats()
        #expect(
            stats["discoveries"]?.arrayValue?.compactMap(\.stringValue) == ["/tenant/.well-known/openid-configuration"])
        #expect(stats["refreshes"]?.intValue == 1)
        let kept = setup.state.path + "/apix/discovery/oauth@local.json"
        let document = try JSONValue.parse(try #require(FileManager.default.contents(atPath: kept)))
        #expect(document["revocation_endpoint"]?.stringValue == "http://127.0.0.1:\(setup.peer.port)/revoke")

        // The profile names no revocation_url: the metadata's is used.
        let logout = try await setup.apix(["auth", "logout", "oauth"])
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(logout.text.contains("tokens revoked and forgotten"), "\(logout.stdout)")
        stats = try await setup.stats()
        #expect(stats["revocations"]?.arrayValue?.compactMap(\.stringValue) == ["refresh_token", "access_token"])
    }

    @Test("without OpenID Connect's document, RFC 8414's (path inserted after the host) is read; the device grant too")
    func rfc8414DeviceGrant() async throws {
        let setup = try await Setup.start(discovery: "rfc8414", grant: "device_code")
        defer { setup.stop() }
        let login = try await setup.apix(["auth", "login", "oauth", "--json"])
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.text.contains("\"verification_uri\""), "\(login.stdout)")
        let stats = try await setup.stats()
        #expect(
            stats["discoveries"]?.arrayValue?.compactMap(\.stringValue) == [
                "/tenant/.well-known/openid-configuration", "/.well-known/oauth-authorization-server/tenant",
            ])
        #expect(FileManager.default.fileExists(atPath: setup.tokenFile))
    }

    @Test("metadata naming another issuer is refused: one located reason, exit 4, nothing stored or kept")
    func mismatchedIssuer() async throws {
        let setup = try await Setup.start(discovery: "mismatch")
        defer { setup.stop() }
        let login = try await setup.apix(["auth", "login", "oauth"])
        #expect(login.status == 4, "\(login.stderr)")
        #expect(
            login.stderr.contains("issuer discovery failed: http://127.0.0.1:\(setup.peer.port)/tenant/.well-known/")
                && login.stderr.contains("names issuer `https://elsewhere.example`, not \(setup.issuer): refused"),
            "\(login.stderr)")
        let stats = try await setup.stats()
        #expect(stats["authorizations"]?.intValue == 0 && stats["token_requests"]?.intValue == 0)
        #expect(!FileManager.default.fileExists(atPath: setup.tokenFile))
        #expect(!FileManager.default.fileExists(atPath: setup.state.path + "/apix/discovery/oauth@local.json"))
    }
}

import Foundation
import TestSupport
import Testing

extension EndToEndTerminal {
    /// The authorization code grant from the explorer (issue 27): `l` in the auth panel signs in through a browser
    /// (`$BROWSER`: the scripted browser of `Tests/Peers/scripted_browser.py` against the Authlib peer), the panel
    /// shows the address and the redirect apix waits for, Esc cancels a login nobody finishes, and a send that needs
    /// a token starts the login itself.
    @Suite("TUI end to end: browser sign-in in tmux", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUIBrowserLoginEndToEndTests {
        /// `issuer`: the profile names only the peer's issuer (`issuer:` discovery), no endpoint.
        static func start(_ session: TmuxSession, peer: PythonPeer, mode: String, issuer: Bool = false) throws -> String
        {
            let profiles = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
            var yaml = AuthorizationCodeProfile.yaml(port: peer.port, revocation: nil)
            if issuer {
                yaml = yaml.replacingOccurrences(
                    of: "  authorization_url: /authorize\n  token_url: /token\n",
                    with: "  issuer: http://127.0.0.1:\(peer.port)/tenant\n")
            }
            try yaml.write(toFile: profiles + "/oauth.yaml", atomically: true, encoding: .utf8)
            try AuthorizationCodeProfile.secrets.write(
                toFile: profiles + "/oauth.secrets.yaml", atomically: true, encoding: .utf8)
            let browser = "/usr/bin/python3 \(PythonPeer.directory)/scripted_browser.py"
            try session.run(
                "APIX_BROWSER_MODE=\(mode) BROWSER='\(browser)' \(TmuxSession.apix) --profiles \(profiles)")
            return profiles
        }

        @Test("l signs in through the browser; the token is valid and a send carries it")
        func panelLogin() async throws {
            let peer = try PythonPeer("oauth_server.py", arguments: ["3600"])
            defer { peer.stop() }
            let session = try TmuxSession(width: 120, height: 40)
            defer { session.close() }
            _ = try Self.start(session, peer: peer, mode: "approve")
            try await session.waiting(for: "me")
            try session.send("a")
            try await session.waiting(for: "token: none")
            try session.send("l")
            let valid = try await session.waiting(for: "token: valid, expires in")
            #expect(!valid.contains("Waiting up to"), "the prompt goes once the login ended")
            try session.send("Escape")
            try session.send("Enter")
            // The body, not the status line: the body is indexed after the status shows.
            let answer = try await session.waiting(for: "alice")
            #expect(answer.contains("200 OK"), "the peer answers /me only with a valid bearer token")
            try session.send("q")
        }

        @Test("with only `issuer:`, l signs in at the metadata's endpoints and the panel names them")
        func issuerLogin() async throws {
            let peer = try await Task.detached { try PythonPeer("oauth_server.py", arguments: ["3600"]) }.value
            defer { peer.stop() }
            let session = try TmuxSession(width: 120, height: 40)
            defer { session.close() }
            let profiles = try Self.start(session, peer: peer, mode: "approve", issuer: true)
            let written = try String(contentsOfFile: profiles + "/oauth.yaml", encoding: .utf8)
            try #require(written.contains("issuer:") && !written.contains("token_url"), "\(written)")
            try await session.waiting(for: "me")
            try session.send("a")
            let before = try await session.waiting(for: "token url  from the issuer's metadata at the first login")
            #expect(before.contains("issuer     http://127.0.0.1:\(peer.port)/tenant"))
            try session.send("l")
            let valid = try await session.waiting(for: "token url  http://127.0.0.1:\(peer.port)/token")
            #expect(valid.contains("token: valid, expires in") && valid.contains("refresh    refresh token held"))
            try await session.waiting(for: "logged in: valid until")
            try session.send("Escape")
            try session.send("Enter")
            try await session.waiting(for: "alice")
            try session.send("q")
        }

        @Test("a send that needs a token opens the panel with the address; Esc cancels the login, nothing is kept")
        func promptAndCancel() async throws {
            let peer = try PythonPeer("oauth_server.py", arguments: ["3600"])
            defer { peer.stop() }
            let session = try TmuxSession(width: 120, height: 40)
            defer { session.close() }
            _ = try Self.start(session, peer: peer, mode: "ignore")
            try await session.waiting(for: "me")
            try session.send("Enter")
            let prompt = try await session.waiting(for: "Waiting up to 300 s for the redirect to")
            #expect(prompt.contains("┌─ Auth"))
            #expect(prompt.contains("Sign in in the browser (opened with python3):"))
            #expect(prompt.contains("Esc cancel"))
            // The address is cut into the panel's width, whole: put back together, it is the authorization URL.
            let lines = prompt.components(separatedBy: "\n")
            let first = try #require(lines.firstIndex { $0.contains("Sign in in the browser") })
            let last = try #require(lines.firstIndex { $0.contains("Waiting up to") })
            let url = lines[(first + 1)..<last].map { line in
                line.split(separator: "│").dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            }.joined()
            #expect(url.hasPrefix("http://127.0.0.1:\(peer.port)/authorize?response_type=code&client_id=apix-cli"))
            #expect(url.contains("&code_challenge_method=S256"), "\(url)")
            try session.send("Escape")
            let cancelled = try await session.waiting("the login cancelled") { !$0.contains("Waiting up to") }
            #expect(!cancelled.contains("token: valid"))
            #expect(!FileManager.default.fileExists(atPath: session.home + "/state/apix/tokens/oauth@local.json"))
            try session.send("q")
            try session.send("q")
        }
    }
}

import Foundation
import TestSupport
import Testing

/// `apix run` against a token server that accepts and never answers: `--timeout` bounds the token request too.
@Suite("apix run and a hung token server")
struct TokenTimeoutCommandTests {
    @Test("--timeout 1 ends the run within seconds with the token endpoint's timeout, not after 30 s")
    func timeoutBoundsTheTokenRequest() async throws {
        let server = try HostileReasonTests.OneShotServer(statusLine: nil)
        let directory = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        let profile = """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            auth: { type: oauth2, grant: client_credentials, token_url: /token, client_id: c }
            endpoints:
              - { id: me, path: /me }
            """
        try profile.write(toFile: directory.path + "/hung.yaml", atomically: true, encoding: .utf8)
        let started = Date()
        let output = try await ApixProcess.run(
            ["run", "hung", "me", "--timeout", "1", "--profiles", directory.path],
            environment: ["XDG_STATE_HOME": state.path])
        let elapsed = Date().timeIntervalSince(started)
        #expect(output.status == 4)
        #expect(output.stderr.contains("token endpoint unreachable"), "\(output.stderr)")
        #expect(output.stderr.contains("timed out"))
        // Without the bound the run waits for the 300 s stall limit; 120 s leaves room for a loaded machine.
        #expect(elapsed < 120, "took \(elapsed) s")
    }
}

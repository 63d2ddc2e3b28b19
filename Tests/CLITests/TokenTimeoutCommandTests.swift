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
        // Spawned and reaped by `ChildProcess` (posix_spawn, waitpid on a plain thread), which times the child itself.
        // Timed around Foundation's `Process`, two full test runs on a loaded 2-core machine measured 139 s and 175 s
        // for a run that takes 1 s alone; whether apix or the reaping was late was not known.
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state.path
        let output = try await ChildProcess.run(
            [ApixProcess.binary, "run", "hung", "me", "--timeout", "1", "--profiles", directory.path],
            environment: environment, terminal: false, timeout: 120)
        #expect(!output.timedOut, "the run was still going after 120 s")
        #expect(output.status == 4)
        #expect(output.stderrText.contains("token endpoint unreachable"), "\(output.stderrText)")
        #expect(output.stderrText.contains("timed out"))
        // Without the bound the run waits for the 300 s stall limit; 60 s leaves room for a loaded machine.
        #expect(output.seconds < 60, "took \(output.seconds) s")
    }
}

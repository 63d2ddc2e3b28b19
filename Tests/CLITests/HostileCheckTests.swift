import Foundation
import HostileServer
import TestSupport
import Testing

/// `apix test` on hostile answers: a body carrying a catastrophic pattern for a check's JSONPath filter
/// (`regex-bomb`: the run ends, the check fails with a located "pattern too expensive", exit 1), and WebSocket
/// sessions whose messages and close reasons carry terminal escapes (the failures show them escaped).
@Suite("hostile servers: apix test with a pattern from the body")
struct HostileCheckTests {
    @Test("a catastrophic pattern in the body ends apix test with a located failure")
    func regexBomb() async throws {
        let endpoints = """
              - id: regex-bomb
                path: /regex-bomb
                expect:
                  status: 200
                  json: { "$.items[?search(@.name, $.pattern)]": { exists: true } }
            """
        let result = try await Self.apixTest(endpoints, terminals: [false])[0]
        let output = result.stdoutText + result.stderrText
        #expect(!result.timedOut, "\(output)")
        #expect(result.status == 1, "\(output)")
        #expect(output.contains("regex-bomb"), "\(output)")
        #expect(
            output.contains(
                "$.items[?search(@.name, $.pattern)] exists (got pattern too expensive: /(a+)+$/ was stopped after 1 s"),
            "\(output)")
    }

    @Test("a WebSocket session's escapes reach apix test's failures escaped, on a pipe and on a terminal")
    func webSocketEscapes() async throws {
        // One session ends normally on a JSON message (its checks run and show the value); one is closed with
        // 4000 and an escaped reason (the failure is the close).
        let endpoints = """
              - id: json
                protocol: websocket
                path: /ws-escapes-json
                expect:
                  status: 101
                  json: { "$.name": "plain" }
                  body_contains: "absent"
              - id: closed
                protocol: websocket
                path: /ws-escapes
                expect: { status: 101 }
            """
        for (terminal, result) in zip([false, true], try await Self.apixTest(endpoints, terminals: [false, true])) {
            let output = result.stdoutText + result.stderrText
            let context = "on a \(terminal ? "terminal" : "pipe"): \(output.debugDescription)"
            #expect(!result.timedOut, "\(context)")
            #expect(result.status == 1, "\(context)")
            // Both failures are there, with the server's text in them escaped (JSON's way in a JSON value).
            #expect(output.contains("$.name == \"plain\" (got \"json \\u001b]0;pwned"), "\(context)")
            #expect(output.contains("4000 (bye \\e]0;pwned"), "\(context)")
            let unsafe = TerminalSafety.unsafeScalars(in: result.stdout + result.stderr)
            #expect(unsafe.isEmpty, "\(context)\nunsafe: \(unsafe)")
        }
    }

    /// `apix test` on a profile of `endpoints` against a fresh hostile server, once per entry of `terminals` (on a
    /// pseudo-terminal when true, else on pipes).
    static func apixTest(_ endpoints: String, terminals: [Bool]) async throws -> [ChildProcess.Result] {
        let server = try HostileServer()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        let profile = """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            endpoints:
            \(endpoints)
            """
        try profile.write(toFile: directory.path + "/hostile.yaml", atomically: true, encoding: .utf8)
        var results: [ChildProcess.Result] = []
        for terminal in terminals {
            results.append(
                try await ChildProcess.run(
                    [ApixProcess.binary, "test", "hostile", "--profiles", directory.path],
                    environment: ["XDG_STATE_HOME": state.path, "NO_COLOR": "1"], terminal: terminal, timeout: 60))
        }
        return results
    }
}

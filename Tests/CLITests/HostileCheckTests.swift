import Foundation
import HostileServer
import TestSupport
import Testing

/// `apix test` on an answer whose own body carries a catastrophic pattern for a check's JSONPath filter
/// (`HostileRoutes` `regex-bomb`): the run ends, the check fails with a located "pattern too expensive", exit 1.
@Suite("hostile servers: apix test with a pattern from the body")
struct HostileCheckTests {
    @Test("a catastrophic pattern in the body ends apix test with a located failure")
    func regexBomb() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        let profile = """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            endpoints:
              - id: regex-bomb
                path: /regex-bomb
                expect:
                  status: 200
                  json: { "$.items[?search(@.name, $.pattern)]": { exists: true } }
            """
        try profile.write(toFile: directory.path + "/hostile.yaml", atomically: true, encoding: .utf8)
        let result = try await ChildProcess.run(
            [ApixProcess.binary, "test", "hostile", "--profiles", directory.path],
            environment: ["XDG_STATE_HOME": state.path, "NO_COLOR": "1"], terminal: false, timeout: 60)
        let output = result.stdoutText + result.stderrText
        #expect(!result.timedOut, "\(output)")
        #expect(result.status == 1, "\(output)")
        #expect(output.contains("regex-bomb"), "\(output)")
        #expect(
            output.contains(
                "$.items[?search(@.name, $.pattern)] exists (got pattern too expensive: /(a+)+$/ was stopped after 1 s"),
            "\(output)")
    }
}

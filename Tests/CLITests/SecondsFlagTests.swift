import Foundation
import TestSupport
import Testing

/// Flags that take seconds refuse what no `Duration` holds, with a usage error: `apix run --timeout 1e300` trapped
/// (exit 132, "Double value cannot be converted to Int64").
@Suite("Flags of seconds: out of range is a usage error, never a trap")
struct SecondsFlagTests {
    static let cases: [[String]] = [
        ["run", "p", "e", "--timeout", "1e300"],
        ["run", "p", "e", "--timeout", "inf"],
        ["test", "p", "e", "--timeout", "1e300"],
        ["bench", "p", "e", "-n", "1", "--timeout", "1e300", "--no-tui"],
        ["ws", "p", "e", "--timeout", "1e300"],
        ["ws", "p", "e", "--idle", "1e300"],
        ["ws", "p", "e", "--idle", "inf"],
        ["import", "graphql", "http://127.0.0.1:9/graphql", "--timeout", "1e300"],
    ]

    @Test("each flag names its range", arguments: cases)
    func refused(_ arguments: [String]) async throws {
        let directory = try TemporaryDirectory()
        // Nothing listens on port 9: the flags must be refused before anything is sent.
        try """
        environments:
          local: { base_url: "http://127.0.0.1:9" }
        endpoints:
          - { id: e, path: /x }
        """.write(toFile: directory.path + "/p.yaml", atomically: true, encoding: .utf8)
        let out = try await ApixProcess.run(
            arguments + ["--profiles", directory.path], environment: ["XDG_STATE_HOME": directory.path + "/state"],
            directory: directory.path)
        #expect(out.status == 2, "\(arguments): \(out.stderr)")
        let flag = arguments[arguments.count - 2].hasPrefix("--") ? arguments[arguments.count - 2] : "--timeout"
        let range = flag == "--idle" ? "from more than 0 to 1000000000" : "from 0 to 1000000000"
        #expect(out.stderr.contains("\(flag) must be a number of seconds \(range)"), "\(arguments): \(out.stderr)")
        #expect(!out.stderr.contains("Fatal error"), "\(out.stderr)")
    }
}

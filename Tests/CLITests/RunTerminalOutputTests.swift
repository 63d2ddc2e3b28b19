import DemoAPI
import Foundation
import TestSupport
import Testing

/// `apix run` on a terminal (a pseudo-terminal from `script`): the status line starts on its own line.
@Suite("apix run on a terminal")
struct RunTerminalOutputTests {
    /// Runs `apix ARGUMENTS` with stdin, stdout and stderr on one pseudo-terminal and returns what it showed.
    static func onTerminal(_ arguments: [String]) async throws -> String {
        let command = ([ApixProcess.binary] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        let out = try await ApixProcess.run(executable: "/usr/bin/script", ["-q", "-e", "-c", command, "/dev/null"])
        return out.text
    }

    @Test(
        "a body written to the terminal is not overwritten by a progress line; the status line starts on its own line",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func statusLineOnItsOwnLine() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            try """
            name: T
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            endpoints:
              - { id: todo, path: /todos/1 }
            """.write(toFile: directory.path + "/t.yaml", atomically: true, encoding: .utf8)
            let shown = try await Self.onTerminal([
                "run", "t", "todo", "--profiles", directory.path, "-o", "/dev/stdout",
            ])
            let body = try #require(shown.range(of: #"{"id":1,"#), "\(shown.debugDescription)")
            let afterBody = shown[body.lowerBound...]
            // Nothing moves the cursor back over the body (no progress line drawn or cleared after it).
            #expect(!afterBody.contains("\r\u{1B}[K"), "\(shown.debugDescription)")
            #expect(!shown.contains("↓ "), "\(shown.debugDescription)")
            #expect(afterBody.contains("}\r\nHTTP/1.1 200 OK · "), "\(shown.debugDescription)")
        }
    }
}

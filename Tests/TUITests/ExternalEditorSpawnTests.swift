import Foundation
import Testing

@testable import TUI

@Suite("External editor process")
struct ExternalEditorSpawnTests {
    /// The test runner's threads block most signals, as apix's threads may; the editor must not inherit that, or the
    /// SIG_IGN apix sets for SIGINT/SIGTERM/SIGHUP while curses runs.
    @Test("the editor starts with no blocked signals and default SIGINT, SIGTERM and SIGHUP handling")
    func editorSignals() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apix-editor-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("body.txt").path
        try Data().write(to: URL(fileURLWithPath: path))

        // Installing the same dispositions apix's terminal guard sets proves they do not leak into the editor.
        let previous = [SIGINT, SIGTERM, SIGHUP].map { ($0, signal($0, SIG_IGN)) }
        defer { for (number, handler) in previous { signal(number, handler) } }
        let status = Runtime.runEditor("grep -E '^Sig(Blk|Ign):' /proc/self/status >", path: path)
        #expect(status == 0)

        let fields = try String(contentsOfFile: path, encoding: .utf8)
            .split(separator: "\n")
            .reduce(into: [String: UInt64]()) { fields, line in
                let parts = line.split(separator: ":", maxSplits: 1)
                fields[String(parts[0])] = UInt64(parts[1].trimmingCharacters(in: .whitespaces), radix: 16)
            }
        let blocked = try #require(fields["SigBlk"])
        let ignored = try #require(fields["SigIgn"])
        #expect(blocked == 0)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            #expect(ignored & (1 << UInt64(number - 1)) == 0, "signal \(number) is ignored in the editor")
        }
    }
}

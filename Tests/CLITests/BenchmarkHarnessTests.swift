import Foundation
import Testing

/// The benchmark harness runs end to end on tiny sizes (its figures are not asserted: they belong to
/// docs/BENCHMARKS.md, produced in release mode).
@Suite("Benchmark harness")
struct BenchmarkHarnessTests {
    @Test("apix-bench --quick measures every case, transfers and terminal UI, and prints the table")
    func quickRun() async throws {
        let bench = ApixProcess.binary.replacingOccurrences(of: "/apix", with: "/apix-bench", options: .backwards)
        let out = try await ApixProcess.run(executable: bench, ["--quick", "--output", "-"])
        #expect(out.status == 0, "\(out.stderr)")
        // Text only its own row holds.
        let transferRows = [
            "to /dev/null", "to a file", "from a file (streamed)", "peak RSS of `apix run`", "progress events consumed",
            "sequential small GETs on one connection (the demo server)",
            "sequential small GETs on one connection (nginx)", "`apix run` of one small GET, whole process",
            "cancel an in-flight transfer",
        ]
        let terminalRows = [
            "endpoints: whole process", "first frame (the profiles' sketch), imported profile",
            "the loaded profile's frame (keys answered from here), imported profile", "endpoints: in process, headless",
            "endpoints: in process, curses on a pty",
            "first body screen drawn, headless", "first body screen drawn, curses on a pty",
            "body, headless", "body, curses on a pty", "body, whole process", "download (scrolling",
            "peak RSS after showing", "mouse event (wheel, click) → redrawn frame",
            "curses on a pty (SGR 1006 bytes decoded)", "during a bench in the explorer (`b`",
        ]
        let historyRows = [
            "each recorded in the history", "recorded in the history, whole process", "open a history of",
            "MiB answer, recorded in the history",
        ]
        for name in transferRows + terminalRows + historyRows {
            #expect(out.text.contains(name), "row \(name)")
        }
        #expect(!out.text.contains("no key was measured"))
    }
}

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
        let transferRows = [
            "to /dev/null", "to a file", "upload", "peak RSS", "progress events", "small GETs", "whole process", "cancel",
        ]
        let terminalRows = [
            "first full frame", "in process, headless", "curses on a pty", "body received → first body screen",
            "key press → redrawn frame scrolling", "key press → redrawn frame during", "peak RSS after showing",
        ]
        for name in transferRows + terminalRows {
            #expect(out.text.contains(name), "row \(name)")
        }
        #expect(!out.text.contains("no key was measured"))
    }
}

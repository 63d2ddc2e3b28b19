import ExplorerCore
import Foundation
import Testing

@testable import ExplorerHistory

/// Drift between two recorded exchanges (issue 30): the phases that moved, and a reused connection turned new, in
/// `apix diff`'s and the explorer's lines; never a reason for `apix diff` to say they differ.
@Suite("Comparing two recorded exchanges: time")
struct HistoryDiffTimingTests {
    static func entry(
        ttfbWait: Duration, tls: Duration = .zero, reused: Bool, status: Int? = 200, body: String = "same"
    ) -> HistoryEntry {
        HistoryEntry(
            origin: .run, profile: "p", environment: nil, endpoint: "e", request: PreparedRequest(url: "https://h/"),
            status: status, reason: "",
            metrics: Metrics(
                dns: .zero, connect: reused ? .zero : .milliseconds(2), tls: tls, firstByte: ttfbWait,
                transfer: .microseconds(200),
                total: ttfbWait + tls + .milliseconds(reused ? 0 : 2) + .microseconds(200),
                reusedConnection: reused),
            body: Data(body.utf8))
    }

    @Test("ttfb +180 ms, the TLS handshake that came back, and a reused connection turned new; still no difference")
    func drift() {
        let diff = HistoryDiff(
            old: Self.entry(ttfbWait: .milliseconds(120), reused: true),
            new: Self.entry(ttfbWait: .milliseconds(300), tls: .milliseconds(40), reused: false))
        #expect(diff.isEmpty)
        #expect(diff.timing.map(\.phase) == ["connect", "tls", "wait", "ttfb", "total"])
        let lines = diff.lines
        #expect(lines.contains("no differences"))
        #expect(lines.contains("time:"))
        #expect(lines.contains("  wait +180.0 ms (120.0 ms → 300.0 ms)"), "\(lines)")
        #expect(lines.contains("  ttfb +222.0 ms (120.0 ms → 342.0 ms)"), "\(lines)")
        #expect(lines.contains("  tls +40.0 ms (0.00 ms → 40.0 ms)"), "\(lines)")
        #expect(lines.contains("  reused → new connection (a new handshake)"))
    }

    @Test("small moves are not drift; a failed exchange has no phases to compare")
    func quiet() {
        let steady = HistoryDiff(
            old: Self.entry(ttfbWait: .milliseconds(100), reused: true),
            new: Self.entry(ttfbWait: .microseconds(100_500), reused: true))
        #expect(steady.timing.isEmpty)
        #expect(steady.connection == nil)
        #expect(!steady.lines.contains("time:"))
        let failed = HistoryDiff(
            old: Self.entry(ttfbWait: .milliseconds(100), reused: true),
            new: Self.entry(ttfbWait: .seconds(5), reused: false, status: nil))
        #expect(failed.timing.isEmpty && failed.connection == nil)
    }
}

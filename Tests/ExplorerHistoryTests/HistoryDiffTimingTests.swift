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
        #expect(lines.contains("no differences in the answer's status, headers or body"), "\(lines)")
        #expect(lines.contains("time:"))
        #expect(lines.contains("  wait +180.0 ms (120.0 ms → 300.0 ms)"), "\(lines)")
        #expect(lines.contains("  ttfb +222.0 ms (120.0 ms → 342.0 ms)"), "\(lines)")
        #expect(lines.contains("  tls +40.0 ms (0.00 ms → 40.0 ms)"), "\(lines)")
        #expect(lines.contains("  reused → new connection (a new handshake)"))
    }

    @Test("two new TLS connections: a resumed session then a full handshake is said; the history keeps which")
    func resumption() throws {
        var resumed = Self.entry(ttfbWait: .milliseconds(10), tls: .milliseconds(1), reused: false)
        resumed.metrics.tlsResumed = true
        var full = Self.entry(ttfbWait: .milliseconds(10), tls: .milliseconds(9), reused: false)
        full.metrics.tlsResumed = false
        let diff = HistoryDiff(old: resumed, new: full)
        #expect(diff.connection == "TLS resumed → full handshake")
        #expect(diff.lines.contains("  TLS resumed → full handshake"), "\(diff.lines)")
        #expect(HistoryDiff(old: full, new: resumed).connection == "TLS full handshake → resumed")
        // Not known on one side (an older record, clear text): nothing said.
        var unknown = full
        unknown.metrics.tlsResumed = nil
        #expect(HistoryDiff(old: unknown, new: full).connection == nil)
        // A reused connection turned into a new one that resumed its session.
        let pooled = Self.entry(ttfbWait: .milliseconds(10), reused: true)
        #expect(HistoryDiff(old: pooled, new: resumed).connection == "reused → new connection (a resumed TLS session)")
        // The history keeps it: written and read back.
        #expect(HistoryCoding.metrics(HistoryCoding.encode(resumed.metrics)).tlsResumed == true)
        #expect(HistoryCoding.metrics(HistoryCoding.encode(full.metrics)).tlsResumed == false)
        #expect(HistoryCoding.metrics(HistoryCoding.encode(unknown.metrics)).tlsResumed == nil)
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

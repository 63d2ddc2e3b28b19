import ExplorerCore
import Foundation
import TestSupport
import Testing

@testable import ExplorerHistory

/// An endpoint's usual time read from a real history database (issue 30's baseline): its newest answers from the
/// server recorded before the send, no others.
@Suite("The history's baseline of an endpoint")
struct HistoryBaselineTests {
    static func entry(
        _ endpoint: String = "todos", total: Duration, status: Int? = 200, source: ResponseSource = .network,
        at date: Date
    ) -> HistoryEntry {
        HistoryEntry(
            recordedAt: date, origin: .run, profile: "demo", environment: nil, endpoint: endpoint,
            request: PreparedRequest(url: "http://127.0.0.1:1/todos"), status: status, source: source,
            metrics: Metrics(total: total))
    }

    @Test("the median of its answers from the server before the send: cache, failures and other endpoints left out")
    func median() throws {
        let scratch = try TemporaryDirectory()
        let store = try HistoryStore(directory: scratch.path)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for (index, ms) in [10, 40, 20, 30].enumerated() {
            _ = try store.record(Self.entry(total: .milliseconds(ms), at: start.addingTimeInterval(Double(index))))
        }
        _ = try store.record(Self.entry(total: .microseconds(5), source: .cache, at: start.addingTimeInterval(5)))
        _ = try store.record(Self.entry(total: .seconds(9), status: nil, at: start.addingTimeInterval(6)))
        _ = try store.record(Self.entry("other", total: .seconds(9), at: start.addingTimeInterval(7)))
        // Recorded after the send being judged: not part of its baseline.
        _ = try store.record(Self.entry(total: .seconds(9), at: start.addingTimeInterval(20)))

        let baseline = try #require(try store.baseline(profile: "demo", endpoint: "todos", before: start + 10))
        #expect(baseline.samples == 4)
        #expect(baseline.median == .milliseconds(25))
        // Only the first two were recorded before this moment: too few to say what is usual.
        #expect(try store.baseline(profile: "demo", endpoint: "todos", before: start + 1.5) == nil)
        #expect(try store.baseline(profile: "demo", endpoint: "other", before: start + 10) == nil)
    }

    @Test("only the newest 20 answers count")
    func window() throws {
        let scratch = try TemporaryDirectory()
        let store = try HistoryStore(directory: scratch.path)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        // Ten slow answers long ago, then 21 quick ones: the slow ones are out of the window.
        for index in 0..<31 {
            let total: Duration = index < 10 ? .seconds(1) : .milliseconds(5)
            _ = try store.record(Self.entry(total: total, at: start.addingTimeInterval(Double(index))))
        }
        let baseline = try #require(try store.baseline(profile: "demo", endpoint: "todos", before: start + 100))
        #expect(baseline.samples == TimingBaseline.window)
        #expect(baseline.median == .milliseconds(5))
    }
}

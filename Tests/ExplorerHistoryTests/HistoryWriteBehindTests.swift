import ExplorerCore
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ExplorerHistory

/// The explorer's way in: `recordLater` writes on the recorder's own thread, behind the sender, when the rule says.
@Suite("History recorder: writing behind the sender")
struct HistoryWriteBehindTests {
    /// Waits (bounded) until `recorder` has written all it holds, without asking it to hurry.
    static func settle(_ recorder: HistoryRecorder) async throws {
        for _ in 0..<3_000 where !recorder.isIdle { try await Task.sleep(for: .milliseconds(10)) }
    }

    static func count(_ recorder: HistoryRecorder) throws -> Int { try recorder.opened().count() }

    /// A recorder that waits 600 s for quiet (and at most 600 s), with `limit` applied to its rule.
    static func patient(
        _ scratch: TemporaryDirectory, _ limit: (inout HistoryRecorder.WriteBehind) -> Void
    ) -> HistoryRecorder {
        var rule = HistoryRecorder.WriteBehind()
        rule.quiet = .seconds(600)
        rule.longest = .seconds(600)
        limit(&rule)
        return HistoryRecorder(directory: scratch.path, environment: [:], writeBehind: rule)
    }

    @Test("nothing is written before the sender is quiet; `most` waiting, or a flush, writes at once")
    func rule() async throws {
        let scratch = try TemporaryDirectory()
        let recorder = Self.patient(scratch) { $0.most = 3 }
        let failures = Mutex<[String]>([])
        @Sendable func record(_ name: String, then: (@Sendable () -> Void)? = nil) {
            recorder.recordLater {
                then?()
                return HistoryStoreTests.entry(name)
            } onFailure: { line in
                failures.withLock { $0.append(line) }
            }
        }
        record("a")
        record("b")
        try await Task.sleep(for: .milliseconds(200))
        #expect(try Self.count(recorder) == 0)
        #expect(!recorder.isIdle)
        // "d" arrives while the writer builds the batch `most` started: it waits for its own moment, not written
        // straight after.
        record("c") { record("d") }
        for _ in 0..<3_000 where try Self.count(recorder) < 3 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(try recorder.opened().entries().map(\.endpoint) == ["c", "b", "a"])
        try await Task.sleep(for: .milliseconds(200))
        #expect(try Self.count(recorder) == 3)
        #expect(!recorder.isIdle)
        let idle = await recorder.waitUntilIdle(upTo: .seconds(30))
        #expect(idle)
        #expect(try Self.count(recorder) == 4)
        #expect(failures.withLock { $0 }.isEmpty)
    }

    @Test("a quiet sender's exchange is written within the quiet time; a build that gives nil records nothing")
    func quiet() async throws {
        let scratch = try TemporaryDirectory()
        var rule = HistoryRecorder.WriteBehind()
        rule.quiet = .milliseconds(20)
        let recorder = HistoryRecorder(directory: scratch.path, environment: [:], writeBehind: rule)
        recorder.recordLater {
            nil
        } onFailure: { _ in
        }
        recorder.recordLater {
            HistoryStoreTests.entry("only")
        } onFailure: { _ in
        }
        try await Self.settle(recorder)
        #expect(recorder.isIdle)
        #expect(try recorder.opened().entries().map(\.endpoint) == ["only"])
    }

    @Test("a history that cannot be written says so through each exchange's handler")
    func failure() async throws {
        let scratch = try TemporaryDirectory()
        // A file where the state directory should be: the database cannot be created under it.
        let blocked = scratch.path + "/file"
        _ = FileManager.default.createFile(atPath: blocked, contents: Data())
        let recorder = HistoryRecorder(directory: blocked + "/state", environment: [:])
        let failures = Mutex<[String]>([])
        for name in ["x", "y"] {
            recorder.recordLater {
                HistoryStoreTests.entry(name)
            } onFailure: { line in
                failures.withLock { $0.append(line) }
            }
        }
        let idle = await recorder.waitUntilIdle(upTo: .seconds(30))
        #expect(idle)
        let lines = failures.withLock { $0 }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("history") })
    }

    @Test("bodies past `mostBytes` waiting are written at once, however few the exchanges")
    func byteBound() async throws {
        let scratch = try TemporaryDirectory()
        let recorder = Self.patient(scratch) { $0.mostBytes = 1_000 }
        recorder.recordLater(bytes: 600) {
            HistoryStoreTests.entry("small")
        } onFailure: { _ in
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(try Self.count(recorder) == 0)
        recorder.recordLater(bytes: 600) {
            HistoryStoreTests.entry("big")
        } onFailure: { _ in
        }
        try await Self.settle(recorder)
        #expect(try recorder.opened().entries().map(\.endpoint) == ["big", "small"])
    }
}

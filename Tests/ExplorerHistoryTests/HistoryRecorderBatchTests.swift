import ExplorerCore
import Foundation
import TestSupport
import Testing

@testable import ExplorerHistory

/// `HistoryRecorder` writes exchanges that finish while a transaction runs together in the next one.
@Suite("History recorder: a burst of exchanges")
struct HistoryRecorderBatchTests {
    @Test("200 exchanges recorded from 200 tasks at once are all kept, large bodies as files, none twice")
    func burst() async throws {
        let scratch = try TemporaryDirectory()
        let recorder = HistoryRecorder(directory: scratch.path, environment: [:])
        let large = String(repeating: "x", count: Int(recorder.settings.inlineBodyBytes) + 10)
        await withTaskGroup(of: Void.self) { group in
            for number in 0..<200 {
                group.addTask {
                    recorder.record(HistoryStoreTests.entry("e\(number)", body: number % 50 == 0 ? large : "{}"))
                }
            }
        }
        for _ in 0..<1000 where !recorder.isIdle { try await Task.sleep(for: .milliseconds(5)) }
        #expect(recorder.isIdle)
        let entries = try recorder.opened().entries(limit: 500)
        #expect(entries.count == 200)
        #expect(Set(entries.compactMap(\.endpoint)).count == 200)
        #expect(entries.filter { $0.bodyState == .file }.count == 4)
    }

    @Test("a batch whose transaction fails leaves no body files behind and says why")
    func failedBatch() throws {
        let scratch = try TemporaryDirectory()
        let store = try HistoryStore(directory: scratch.path)
        let large = String(repeating: "y", count: Int(store.settings.inlineBodyBytes) + 10)
        let first = HistoryStoreTests.entry("a", body: large)
        // The same id twice: the second insert breaks the primary key, so the whole transaction rolls back.
        #expect(throws: HistoryStoreError.self) { try store.record(batch: [first, first]) }
        #expect(try store.entries(limit: 10).isEmpty)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path + "/history")) ?? []
        #expect(files.filter { $0.hasSuffix(".gz") }.isEmpty, "\(files)")
    }
}

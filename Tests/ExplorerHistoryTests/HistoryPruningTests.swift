import ExplorerCore
import Foundation
import GRDB
import TestSupport
import Testing

@testable import ExplorerHistory

/// Pruning runs after every record, so it reads the kept count and indexes, never the whole table: these tests hold
/// the count true through migration, deletes and concurrent writers, and the size cap applied when it changes.
@Suite("History pruning")
struct HistoryPruningTests {
    /// The count the triggers keep, and the table's own.
    static func counts(_ store: HistoryStore) throws -> (kept: Int, actual: Int) {
        try store.pool.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT n FROM exchange_count") ?? -1,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM exchange") ?? -1
            )
        }
    }

    @Test("a database written by the first schema is counted when migrated, then pruned to the limit")
    func migratedCount() throws {
        let scratch = try TemporaryDirectory()
        var settings = HistorySettings()
        let old = try HistoryStore(directory: scratch.path, settings: settings)
        try old.record(contentsOf: (0..<7).map { HistoryStoreTests.entry("e\($0)") })
        // Back to the first schema, as an apix before the count left it.
        try old.pool.write { db in
            try db.execute(sql: "DROP TABLE exchange_count")
            try db.execute(sql: "DROP TRIGGER exchange_counted_in")
            try db.execute(sql: "DROP TRIGGER exchange_counted_out")
            try db.execute(sql: "PRAGMA user_version = 1")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier != 'v1'")
        }
        settings.maxEntries = 5
        let store = try HistoryStore(directory: scratch.path, settings: settings)
        #expect(try Self.counts(store) == (7, 7))
        try store.record(HistoryStoreTests.entry("e7"))
        #expect(try Self.counts(store) == (5, 5))
        #expect(try store.entries().map(\.endpoint) == ["e7", "e6", "e5", "e4", "e3"])
    }

    @Test("the kept count stays the table's through age and count pruning and writers at once")
    func countStaysTrue() async throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.path
        var settings = HistorySettings()
        settings.maxEntries = 30
        settings.maxAgeDays = 1
        let limits = settings
        let seed = try HistoryStore(directory: path, settings: settings)
        try seed.record(HistoryStoreTests.entry("old", at: Date().addingTimeInterval(-3 * 86_400)))
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    guard let store = try? HistoryStore(directory: path, settings: limits) else { return }
                    for index in 0..<20 { _ = try? store.record(HistoryStoreTests.entry("w\(writer)-\(index)")) }
                }
            }
        }
        #expect(try Self.counts(seed) == (30, 30))
        #expect(try seed.entries(limit: 100).allSatisfy { $0.endpoint != "old" })
    }

    @Test("a lower size cap drops body files on the store's first write, even one that adds no file")
    func loweredCap() throws {
        let scratch = try TemporaryDirectory()
        var settings = HistorySettings()
        settings.inlineBodyBytes = 16
        let big = String(repeating: "abcdefghij", count: 2_000)
        let first = try HistoryStore(directory: scratch.path, settings: settings).record(
            HistoryStoreTests.entry(body: big))
        #expect(first.bodyState == .file)
        settings.maxTotalBodyBytes = 10
        let store = try HistoryStore(directory: scratch.path, settings: settings)
        try store.record(HistoryStoreTests.entry(body: "{}"))
        #expect(try store.entry(id: first.id)?.bodyState == .dropped)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/history/\(first.id).gz"))
    }
}

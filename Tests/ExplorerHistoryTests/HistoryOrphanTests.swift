import ExplorerCore
import Foundation
import TestSupport
import Testing

@testable import ExplorerHistory

/// Body files no entry names: a writer killed between writing its body file and committing its record leaves one.
@Suite("Orphan body files")
struct HistoryOrphanTests {
    /// Sets the file's times two minutes back.
    static func age(_ path: String) throws {
        let past = Date().addingTimeInterval(-120)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
    }

    @Test("recording removes body files no entry names once older than a minute; named and newer ones stay")
    func swept() throws {
        let scratch = try TemporaryDirectory()
        var settings = HistorySettings()
        settings.inlineBodyBytes = 16
        let big = String(repeating: "abcdefghij", count: 100)
        let first = try HistoryStore(directory: scratch.path, settings: settings)
            .record(HistoryStoreTests.entry(body: big))
        #expect(first.bodyState == .file)
        let bodies = scratch.path + "/history"
        let named = bodies + "/" + first.id + ".gz"
        try Self.age(named)
        // A killed writer's body file, its temporary file, and one being written now.
        let orphan = bodies + "/zzzz9999.gz"
        let temporary = bodies + "/.yyyy8888.gz.tmp-Ab3dE5gH"
        let young = bodies + "/xxxx7777.gz"
        for path in [orphan, temporary, young] {
            _ = FileManager.default.createFile(atPath: path, contents: Data("gz".utf8))
        }
        try Self.age(orphan)
        try Self.age(temporary)
        // A store sweeps when it first records (the one above found nothing to sweep).
        let store = try HistoryStore(directory: scratch.path, settings: settings)
        try store.record(HistoryStoreTests.entry())
        #expect(!FileManager.default.fileExists(atPath: orphan))
        #expect(!FileManager.default.fileExists(atPath: temporary))
        #expect(FileManager.default.fileExists(atPath: young))
        #expect(FileManager.default.fileExists(atPath: named))
        #expect(try store.entry(id: first.id)?.body == Data(big.utf8))
    }

    @Test("a store sweeps at most every ten minutes: a later orphan waits for the next sweep")
    func rateLimited() throws {
        let scratch = try TemporaryDirectory()
        let store = try HistoryStore(directory: scratch.path)
        try store.record(HistoryStoreTests.entry())
        let bodies = scratch.path + "/history"
        try FileManager.default.createDirectory(atPath: bodies, withIntermediateDirectories: true)
        let orphan = bodies + "/zzzz9999.gz"
        _ = FileManager.default.createFile(atPath: orphan, contents: Data("gz".utf8))
        try Self.age(orphan)
        try store.record(HistoryStoreTests.entry())
        #expect(FileManager.default.fileExists(atPath: orphan))
        try HistoryStore(directory: scratch.path).record(HistoryStoreTests.entry())
        #expect(!FileManager.default.fileExists(atPath: orphan))
    }
}

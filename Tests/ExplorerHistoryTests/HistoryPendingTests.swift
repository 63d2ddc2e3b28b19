import ExplorerCore
import Foundation
import TestSupport
import Testing

@testable import ExplorerHistory

/// Entries handed over to be recorded later (`apix run`'s), and what every store does with them.
@Suite("Pending history entries")
struct HistoryPendingTests {
    static func entry(body: String = #"{"id":1}"#) -> HistoryEntry {
        var entry = HistoryStoreTests.entry(body: body)
        entry.checks = [CheckResult(subject: "status", expected: "200", actual: "200", passed: true)]
        entry.request.body = .bytes(Data("a=1".utf8), contentType: "application/x-www-form-urlencoded")
        entry.replayOf = "abcd2345"
        return entry
    }

    @Test("a pending entry is recorded whole when a store opens, and its file removed")
    func recordedOnOpen() throws {
        let scratch = try TemporaryDirectory()
        let written = Self.entry()
        let path = try HistoryPending.write(written, in: scratch.path)
        #expect(HistoryPending.hasEntries(in: scratch.path))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let store = try HistoryStore(directory: scratch.path)
        #expect(!HistoryPending.hasEntries(in: scratch.path))
        #expect(!FileManager.default.fileExists(atPath: path))
        let found = try #require(try store.entry(id: written.id))
        #expect(found.body == written.body)
        #expect(found.checks == written.checks)
        #expect(found.request == written.request)
        #expect(found.responseHeaders == written.responseHeaders)
        #expect(found.metrics.total == written.metrics.total)
        #expect(found.replayOf == "abcd2345")
        #expect(abs(found.recordedAt.timeIntervalSince(written.recordedAt)) < 0.001)
    }

    @Test("a pending record is written byte for byte as JSONEncoder writes it, with and without its optional fields")
    func recordText() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var full = HistoryPending.Record(
            id: "abcd2345", recordedAt: 1_795_508_268.380_937_6, origin: "run", method: "POST",
            url: "http://h/a?b=\"c\"/\u{1}é", requestHeaders: #"[["A","b"]]"#, responseHeaders: "[]",
            source: "network", metrics: #"{"total":0.5}"#, bodyState: "inline", profile: "p", environment: "e",
            endpoint: "x", requestBodyType: "bytes", errorKind: "timeout", errorMessage: "line\nbreak\ttab",
            checks: "[]", replayOf: "zzzz2222", requestBody: Data([0, 1, 2, 250, 255]), status: 201,
            reason: "Created", httpVersion: "HTTP/2", bodyBytes: 12, bodyLength: 3)
        #expect(full.json() == String(decoding: try encoder.encode(full), as: UTF8.self))
        full.recordedAt = 1_795_508_268
        (full.profile, full.environment, full.endpoint, full.requestBodyType) = (nil, nil, nil, nil)
        (full.errorKind, full.errorMessage, full.checks, full.replayOf) = (nil, nil, nil, nil)
        (full.requestBody, full.status) = (nil, nil)
        #expect(full.json() == String(decoding: try encoder.encode(full), as: UTF8.self))
    }

    @Test("an entry already recorded (by another process importing it at once) is recorded once")
    func recordedOnce() throws {
        let scratch = try TemporaryDirectory()
        let written = Self.entry()
        try HistoryPending.write(written, in: scratch.path)
        let store = try HistoryStore(directory: scratch.path)
        // The other process read the file before this one removed it.
        try HistoryPending.write(written, in: scratch.path)
        #expect(store.importPending() == 1)
        #expect(try store.count() == 1)
        #expect(!HistoryPending.hasEntries(in: scratch.path))
    }

    @Test("readers take in what is pending: the newest first, in the order they were recorded")
    func readersImport() throws {
        let scratch = try TemporaryDirectory()
        let store = try HistoryStore(directory: scratch.path)
        var older = Self.entry()
        older.endpoint = "older"
        older.recordedAt = Date().addingTimeInterval(-5)
        var newer = Self.entry()
        newer.endpoint = "newer"
        try HistoryPending.write(newer, in: scratch.path)
        try HistoryPending.write(older, in: scratch.path)
        #expect(try store.entries().map(\.endpoint) == ["newer", "older"])
    }

    @Test("a large pending body goes to a body file, as a recorded one does")
    func largeBody() throws {
        let scratch = try TemporaryDirectory()
        var settings = HistorySettings()
        settings.inlineBodyBytes = 16
        let big = String(repeating: "0123456789", count: 1_000)
        let written = Self.entry(body: big)
        try HistoryPending.write(written, in: scratch.path)
        let store = try HistoryStore(directory: scratch.path, settings: settings)
        let found = try #require(try store.entry(id: written.id))
        #expect(found.bodyState == .file)
        #expect(found.body == Data(big.utf8))
    }

    @Test("a writer's hidden file left more than a minute ago is removed; a newer one, being written, stays")
    func leftovers() throws {
        let scratch = try TemporaryDirectory()
        let pending = HistoryPending.directory(in: scratch.path)
        try FileManager.default.createDirectory(atPath: pending, withIntermediateDirectories: true)
        let old = pending + "/.aaaa2222.tmp-1"
        let fresh = pending + "/.bbbb3333.tmp-2"
        _ = FileManager.default.createFile(atPath: old, contents: Data("{".utf8))
        _ = FileManager.default.createFile(atPath: fresh, contents: Data("{".utf8))
        try HistoryOrphanTests.age(old)
        _ = try HistoryStore(directory: scratch.path)
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: fresh))
    }

    @Test("a database opened up to date is marked with the schema's version")
    func userVersion() throws {
        let scratch = try TemporaryDirectory()
        let store = try HistoryStore(directory: scratch.path)
        let version = try store.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
        #expect(version == HistorySchema.version)
        // Opened again, it is only read: the migrations table is as it was.
        let reopened = try HistoryStore(directory: scratch.path)
        #expect(try reopened.count() == 0)
    }
}

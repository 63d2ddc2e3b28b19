import ExplorerCore
import Foundation
import TestSupport
import Testing

@testable import ExplorerHistory

@Suite("The history store")
struct HistoryStoreTests {
    static func entry(
        _ endpoint: String? = "todos", status: Int = 200, body: String = #"{"id":1}"#, at date: Date = Date()
    ) -> HistoryEntry {
        HistoryEntry(
            recordedAt: date, origin: .run, profile: "demo", environment: "local", endpoint: endpoint,
            request: PreparedRequest(url: "http://127.0.0.1:1/todos", headers: ["Accept": "*/*"]), status: status,
            reason: "OK", httpVersion: "HTTP/1.1", responseHeaders: ["Content-Type": "application/json"],
            metrics: Metrics(total: .milliseconds(12)), bodyBytes: Int64(body.utf8.count), bodyState: .inline,
            body: Data(body.utf8))
    }

    @Test("an entry reads back whole by its id or a prefix of 4 or more; the database is WAL and 0600")
    func roundTrip() throws {
        let scratch = try TemporaryDirectory()
        let store = try HistoryStore(directory: scratch.path)
        let recorded = try store.record(Self.entry())
        let found = try #require(try store.entry(id: String(recorded.id.prefix(4))))
        #expect(found.id == recorded.id)
        #expect(found.body == Data(#"{"id":1}"#.utf8))
        #expect(found.status == 200)
        #expect(found.responseHeaders["content-type"] == "application/json")
        #expect(found.metrics.total == .milliseconds(12))
        #expect(try store.entry(id: String(recorded.id.prefix(3))) == nil)
        let attributes = try FileManager.default.attributesOfItem(
            atPath: HistoryStore.databasePath(in: scratch.path))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(FileManager.default.fileExists(atPath: HistoryStore.databasePath(in: scratch.path) + "-wal"))
    }

    @Test("listings are newest first and filter by profile and endpoint, without bodies")
    func listing() throws {
        let scratch = try TemporaryDirectory()
        let store = try HistoryStore(directory: scratch.path)
        try store.record(Self.entry("a"))
        try store.record(Self.entry("b"))
        try store.record(Self.entry("a", status: 404))
        let all = try store.entries()
        #expect(all.map(\.endpoint) == ["a", "b", "a"])
        #expect(all.allSatisfy { $0.body == nil })
        #expect(try store.entries(profile: "demo", endpoint: "a").map(\.status) == [404, 200])
        #expect(try store.entries(profile: "other").isEmpty)
    }

    @Test("large bodies go to gzip files beside the database; past the total cap the oldest are dropped and say so")
    func bodyFiles() throws {
        let scratch = try TemporaryDirectory()
        var settings = HistorySettings()
        settings.inlineBodyBytes = 16
        let big = String(repeating: "abcdefghij", count: 2_000)
        settings.maxTotalBodyBytes = 150
        let store = try HistoryStore(directory: scratch.path, settings: settings)
        let first = try store.record(Self.entry(body: big + "1"))
        #expect(first.bodyState == .file)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/history")
        #expect(files == [first.id + ".gz"])
        let mode = try FileManager.default.attributesOfItem(atPath: scratch.path + "/history/" + files[0])
        #expect((mode[.posixPermissions] as? Int) == 0o600)
        #expect(try store.entry(id: first.id)?.body == Data((big + "1").utf8))
        let second = try store.record(Self.entry(body: big + "2"))
        let third = try store.record(Self.entry(body: big + "3"))
        let dropped = try #require(try store.entry(id: first.id))
        #expect(dropped.bodyState == .dropped)
        #expect(dropped.body == nil)
        #expect(dropped.bodyNote != nil)
        #expect(try store.entry(id: third.id)?.body == Data((big + "3").utf8))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/history/\(first.id).gz"))
        _ = second
    }

    @Test("pruning deletes entries past the age and count limits")
    func pruning() throws {
        let scratch = try TemporaryDirectory()
        var settings = HistorySettings()
        settings.maxEntries = 3
        settings.maxAgeDays = 1
        let store = try HistoryStore(directory: scratch.path, settings: settings)
        try store.record(Self.entry("old", at: Date().addingTimeInterval(-3 * 86_400)))
        for index in 0..<5 { try store.record(Self.entry("e\(index)")) }
        #expect(try store.entries().map(\.endpoint) == ["e4", "e3", "e2"])
    }

    @Test("several writers at once lose no record")
    func concurrentWriters() async throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.path
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    // Each writer opens its own store, as separate processes do.
                    guard let store = try? HistoryStore(directory: path) else { return }
                    for index in 0..<25 { _ = try? store.record(Self.entry("w\(writer)-\(index)")) }
                }
            }
        }
        #expect(try HistoryStore(directory: path).count() == 100)
    }

    @Test("the config file sets the limits; a wrong value keeps its default and says so")
    func settings() {
        let (settings, warnings) = HistorySettings.parse(
            """
            history:
              max_age_days: 7
              max_entries: 500
              inline_body_bytes: 1024
              enabled: maybe
              colour: blue
            """, path: "config.yaml")
        #expect(settings.maxAgeDays == 7)
        #expect(settings.maxEntries == 500)
        #expect(settings.inlineBodyBytes == 1024)
        #expect(settings.enabled)
        #expect(warnings.count == 2)
        #expect(HistorySettings.parse("history: { enabled: false }", path: "c").settings.enabled == false)
    }
}

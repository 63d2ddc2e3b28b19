import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerHistory

/// `apix run` hands its history entry to a writer of its own: the process the shell waits for never waits for the
/// database, and the entry is recorded all the same.
@Suite("apix run hands its history entry over")
struct HistoryHandOverTests {
    @Test("runs leave entries pending until a batch waits; its last run exits at once though the database is held")
    func lockedDatabase() async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        let directory = state.path + "/apix"
        let store = try HistoryStore(directory: directory)
        let lock = DatabaseLock(store)
        try await withDemoServer { server in
            try """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            endpoints: [{ id: todo, path: /todos/1 }]
            """.write(toFile: profiles.path + "/demo.yaml", atomically: true, encoding: .utf8)
            let run = ["run", "demo", "todo", "--profiles", profiles.path]
            let environment = ["XDG_STATE_HOME": state.path]
            // One short of the batch: no writer starts, every entry waits (nothing reads the history meanwhile).
            for _ in 1..<HistoryPending.writerStartsAtEntries {
                #expect(try await ApixProcess.run(run, environment: environment).status == 0)
            }
            #expect(HistoryPending.files(in: directory).entries.count == HistoryPending.writerStartsAtEntries - 1)
            #expect(try store.count() == 0)
            try #require(lock.hold(), "the test holds the write lock")
            let started = Date()
            let out = try await ApixProcess.run(run, environment: environment)
            let elapsed = Date().timeIntervalSince(started)
            let handedOver = HistoryPending.hasEntries(in: directory)
            lock.release()
            #expect(out.status == 0)
            #expect(out.text.contains("Buy milk"))
            #expect(!out.stderr.contains("warning"), "\(out.stderr)")
            // Waiting for the lock would have taken SQLite's busy timeout (10 s) and ended in a warning; stdout ended
            // with apix run, not with the writer it left waiting for the lock (which would then have given up on it,
            // its entry left pending below).
            #expect(handedOver, "apix run took \(elapsed) s")
            // The writer records it on its own once the lock is gone: no reader here takes pending entries in.
            var waited = 0
            while HistoryPending.hasEntries(in: directory), waited < 6000 {
                try await Task.sleep(for: .milliseconds(10))
                waited += 1
            }
            #expect(!HistoryPending.hasEntries(in: directory))
            #expect(try store.count() == HistoryPending.writerStartsAtEntries)
        }
    }

    @Test("a large answer is handed over in a file beside its entry, and its writer keeps it compressed")
    func largeBody() async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        let directory = state.path + "/apix"
        // Past the 8 MiB a body may take in memory (it is spooled), and past the 8 MiB that start a writer at once.
        let size = 10 << 20
        try await withDemoServer { server in
            try """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            endpoints: [{ id: large, path: /json/large, query: { bytes: "\(size)" } }]
            """.write(toFile: profiles.path + "/demo.yaml", atomically: true, encoding: .utf8)
            let store = try HistoryStore(directory: directory)
            let lock = DatabaseLock(store)
            try #require(lock.hold(), "the test holds the write lock")
            let out = try await ApixProcess.run(
                ["run", "demo", "large", "--profiles", profiles.path, "--json"],
                environment: ["XDG_STATE_HOME": state.path])
            // While the writer waits for the lock: the entry is a small file, its body the file beside it.
            let entries = HistoryPending.files(in: directory).entries
            let sizes = entries.map { path in
                [path, HistoryPending.bodyPath(of: path)].map {
                    (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? -1
                }
            }
            lock.release()
            #expect(out.status == 0)
            #expect(sizes.count == 1)
            #expect((sizes.first?[0] ?? 0) < 8_192, "\(sizes)")
            #expect(sizes.first?[1] == size, "\(sizes)")
            var waited = 0
            while HistoryPending.hasEntries(in: directory), waited < 6000 {
                try await Task.sleep(for: .milliseconds(10))
                waited += 1
            }
            #expect(!HistoryPending.hasEntries(in: directory))
            #expect(try FileManager.default.contentsOfDirectory(atPath: HistoryPending.directory(in: directory)) == [])
            let entry = try #require(try store.entries().first)
            #expect(entry.bodyState == .file)
            #expect(entry.bodyBytes == Int64(size))
            let kept = try #require(try store.entry(id: entry.id)?.body)
            #expect(kept.count == size)
            #expect(FileManager.default.fileExists(atPath: directory + "/history/\(entry.id).gz"))
        }
    }

    @Test("an entry still pending is in `apix history` at once: the reader records what waits before it reads")
    func readerRecordsPending() async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        let directory = state.path + "/apix"
        try await withDemoServer { server in
            try """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            endpoints: [{ id: todo, path: /todos/1 }]
            """.write(toFile: profiles.path + "/demo.yaml", atomically: true, encoding: .utf8)
            let environment = ["XDG_STATE_HOME": state.path]
            let run = try await ApixProcess.run(
                ["run", "demo", "todo", "--profiles", profiles.path], environment: environment)
            #expect(run.status == 0)
            #expect(HistoryPending.files(in: directory).entries.count == 1)
            let listed = try await ApixProcess.run(["history", "demo", "--json"], environment: environment)
            #expect(listed.status == 0)
            #expect(listed.text.contains("/todos/1"), "\(listed.text)")
            #expect(!HistoryPending.hasEntries(in: directory))
            #expect(try HistoryStore(directory: directory).count() == 1)
        }
    }
}

/// Holds the history's write lock from a thread of its own (an open write transaction), as another writer would.
final class DatabaseLock: @unchecked Sendable {
    private let store: HistoryStore
    private let locked = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    init(_ store: HistoryStore) { self.store = store }

    /// Takes the lock; false when it could not within 10 s.
    func hold() -> Bool {
        let store = store
        let locked = locked
        let released = released
        Thread {
            try? store.pool.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                locked.signal()
                _ = released.wait(timeout: .now() + 30)
                try db.execute(sql: "COMMIT")
            }
        }.start()
        return locked.wait(timeout: .now() + 10) == .success
    }

    func release() { released.signal() }
}

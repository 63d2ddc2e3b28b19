import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ExplorerCore

#if canImport(Glibc)
    import Glibc
#endif

/// `DirectoryWatcher` on a real directory: what editors and other programs do to a profile reaches it by name.
@Suite("Directory watcher (inotify)")
struct DirectoryWatcherTests {
    /// What the watcher reported, call by call.
    private final class Reports: Sendable {
        let calls = Mutex<[Set<String>]>([])

        var all: Set<String> { calls.withLock { $0.reduce(into: []) { $0.formUnion($1) } } }

        /// Waits (at most 10 s, polling) until a report names `name`; then forgets what came so far.
        func wait(for name: String) async -> Bool {
            for _ in 0..<200 {
                if all.contains(name) {
                    calls.withLock { $0 = [] }
                    return true
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
            return false
        }
    }

    @Test("a write, a rename over the file, a new file and a deletion are each reported by name")
    func reportsChanges() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("shop.yaml", "a: 1\n")
        let reports = Reports()
        let watcher = try DirectoryWatcher(directory: directory.path) { names in
            reports.calls.withLock { $0.append(names) }
        }
        defer { watcher.stop() }

        // Written in place (open, write, close).
        let handle = try #require(FileHandle(forWritingAtPath: directory.file("shop.yaml")))
        handle.write(Data("a: 2\n".utf8))
        try handle.close()
        #expect(await reports.wait(for: "shop.yaml"))

        // An editor's save: a temporary file renamed over the profile.
        try "a: 3\n".write(toFile: directory.file(".shop.yaml.swp"), atomically: false, encoding: .utf8)
        #expect(rename(directory.file(".shop.yaml.swp"), directory.file("shop.yaml")) == 0)
        #expect(await reports.wait(for: "shop.yaml"))

        try directory.write("new.yaml", "b: 1\n")
        #expect(await reports.wait(for: "new.yaml"))

        try FileManager.default.removeItem(atPath: directory.file("new.yaml"))
        #expect(await reports.wait(for: "new.yaml"))
    }

    @Test("a burst of changes is coalesced: five files written at once come in fewer reports than five")
    func coalescesBursts() async throws {
        let directory = try TemporaryDirectory()
        let reports = Reports()
        let watcher = try DirectoryWatcher(directory: directory.path, quiet: .milliseconds(300)) { names in
            reports.calls.withLock { $0.append(names) }
        }
        defer { watcher.stop() }
        let names = Set((0..<5).map { "p\($0).yaml" })
        for name in names.sorted() { try directory.write(name, "x: 1\n") }
        for _ in 0..<200 where !names.isSubset(of: reports.all) { try await Task.sleep(for: .milliseconds(50)) }
        #expect(names.isSubset(of: reports.all))
        // Written within the quiet time of each other, they come together (one report, unless the machine stalled
        // between two writes for longer than that).
        #expect(reports.calls.withLock(\.count) < 5)
    }

    @Test("a directory that does not exist cannot be watched, and says so")
    func missingDirectory() {
        #expect(throws: DirectoryWatcher.Failure.self) {
            try DirectoryWatcher(directory: "/nonexistent-apix-\(UUID().uuidString)") { _ in }
        }
    }

    @Test("after stop, nothing more is reported")
    func stops() async throws {
        let directory = try TemporaryDirectory()
        let reports = Reports()
        let watcher = try DirectoryWatcher(directory: directory.path, quiet: .milliseconds(20)) { names in
            reports.calls.withLock { $0.append(names) }
        }
        try directory.write("one.yaml", "a: 1\n")
        #expect(await reports.wait(for: "one.yaml"))
        watcher.stop()
        // The thread ends at its next wake-up; a write after that is nobody's news. (Only a report that came is
        // checked: no time limit is asserted.)
        try await Task.sleep(for: .milliseconds(200))
        try directory.write("two.yaml", "a: 2\n")
        try await Task.sleep(for: .milliseconds(200))
        #expect(!reports.all.contains("two.yaml"))
    }
}

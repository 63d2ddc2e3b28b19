import ExplorerCore
import ExplorerHistory
import Foundation
import Synchronization

/// How `apix run` records without making the shell wait for the database: the entry is handed over
/// (`HistoryPending`) and a writer of its own, `apix _history-import DIR` started in a session of its own with
/// nothing of the caller's (stdin, stdout and stderr on /dev/null, so a `$(apix run …)` sees EOF when `apix run`
/// exits), records it while `apix run` exits. A reader opened right after records what is still pending itself
/// (`HistoryStore.importPending`), so it never depends on that writer having finished.
enum HistoryHandOver {
    /// Set by the `apix` program: in another process (a test runner calling `ApixCLI.main`) `/proc/self/exe` is
    /// not apix, and entries are recorded in place.
    static let isEnabled = Atomic<Bool>(false)

    /// The hidden command the writer runs.
    static let command = "_history-import"

    /// Starts the writer for the history in `directory`; nil, or why it could not start (the entry then waits for
    /// the next process that opens the history).
    static func startWriter(directory: String) -> String? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // A descriptor without close-on-exec (a libcurl socket) would otherwise live on in the writer.
        for descriptor in inheritedDescriptors() { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let words: [String] = ["apix", command, directory]
        let argv = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let spawned = SpawnAttributes.with(newSession: true) {
            posix_spawn(&child, "/proc/self/exe", &actions, $0, argv, environ)
        }
        guard spawned != 0 else { return nil }
        return "cannot start the history writer (\(String(cString: strerror(spawned)))); the exchange is recorded "
            + "when the history is next opened"
    }

    /// The open descriptors above stderr that an exec would keep.
    private static func inheritedDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var found: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let descriptor = Int32(name), descriptor > 2, descriptor != own else { continue }
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0, flags & FD_CLOEXEC == 0 { found.append(descriptor) }
        }
        return found
    }

    /// The writer: records what is pending in the history in `directory` (`apix _history-import DIR`).
    static func importPending(directory: String) {
        guard HistoryPending.hasEntries(in: directory) else { return }
        // Opening the store records what is pending (`HistoryStore.init`). The process exits without closing it,
        // as `HistoryLog` explains.
        _ = try? HistoryRecorder(directory: directory).opened()
    }
}

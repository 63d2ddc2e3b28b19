import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on `history.sqlite.open-lock`, held while a process opens the history: switching a new
/// database to WAL and creating its schema are not safe for two connections at once (SQLite answers "database is
/// locked" to the second `PRAGMA journal_mode = WAL`, which ignores the busy timeout, and two migrators both create
/// the tables). Once a store is open, SQLite's own locks serialise its writes.
///
/// A file of its own, never the database: closing any descriptor of the database file would drop the POSIX locks
/// SQLite holds on it in this process. Waiting is bounded (`limit`): past it, or when the lock file cannot be made,
/// the open goes ahead without the lock, as it did before the lock existed.
struct HistoryOpenLock: ~Copyable {
    private let descriptor: Int32

    init(databasePath: String, limit: Duration = .seconds(10)) {
        let descriptor = open(databasePath + ".open-lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            self.descriptor = -1
            return
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline else {
                close(descriptor)
                self.descriptor = -1
                return
            }
            usleep(2_000)
        }
        self.descriptor = descriptor
    }

    /// Whether this process holds the lock (false: it went ahead without it).
    var isHeld: Bool { descriptor >= 0 }

    deinit {
        // Closing the descriptor releases the lock.
        if descriptor >= 0 { close(descriptor) }
    }
}

import ExplorerCore
import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// `apix history repair`: a history whose database does not open (or does not check whole) is moved aside, a new
/// one is made, the rows that still read from the old one are copied into it, and what waits in `history-pending/`
/// is recorded. Nothing is deleted: the broken files stay beside the new one, named `history.sqlite.broken-STAMP`.
package enum HistoryRepair {
    /// What a repair did.
    package struct Report: Sendable, Equatable {
        /// Where the broken database went; nil when the history was whole and nothing was moved.
        package var movedAside: String?
        /// Rows copied from the broken database.
        package var recovered = 0
        /// Why the broken database's rows stopped reading (nil: all read, or nothing was moved).
        package var unreadable: String?
        /// Pending entries recorded.
        package var imported = 0
    }

    /// Repairs the history in `directory`; `now` names the moved-aside files.
    package static func run(
        directory: String = StateDirectory.path(), settings: HistorySettings = HistorySettings(), now: Date = Date()
    ) throws(HistoryStoreError) -> Report {
        var report = Report()
        let waiting = HistoryPending.usage(in: directory).entries
        if let store = try? HistoryStore(directory: directory, settings: settings), isWhole(store) {
            report.imported = waiting - HistoryPending.usage(in: directory).entries
            return report
        }
        let path = HistoryStore.databasePath(in: directory)
        let aside = path + ".broken-" + stamp(now)
        // The WAL keeps its database's name plus `-wal`, so SQLite still reads it beside the moved file; the shared
        // memory file is rebuilt from them.
        for suffix in ["", "-wal"] where access(path + suffix, F_OK) == 0 {
            guard rename(path + suffix, aside + suffix) == 0 else {
                throw HistoryStoreError(
                    "cannot move the broken history aside to \(aside + suffix): \(String(cString: strerror(errno)))")
            }
        }
        unlink(path + "-shm")
        report.movedAside = aside
        // Rows first, into the new database before `HistoryStore` opens it: its first record sweeps body files no
        // row names, and the old rows name theirs.
        (report.recovered, report.unreadable) = copyRows(from: aside, to: path)
        _ = try HistoryStore(directory: directory, settings: settings)
        report.imported = waiting - HistoryPending.usage(in: directory).entries
        return report
    }

    /// Whether SQLite finds the open database whole (`PRAGMA quick_check`).
    private static func isWhole(_ store: HistoryStore) -> Bool {
        (try? store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }) == "ok"
    }

    /// Copies the `exchange` rows that read from the database at `source` into a new database at `destination`
    /// (same columns, new sequence numbers, in the old order); stops at the first that does not read.
    private static func copyRows(from source: String, to destination: String) -> (Int, String?) {
        let descriptor = open(destination, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor >= 0 { close(descriptor) }
        let target: DatabasePool
        let old: DatabaseQueue
        do {
            target = try DatabasePool(path: destination)
            try HistorySchema.migrate(target)
            old = try DatabaseQueue(path: source)
        } catch {
            return (0, "\(error)")
        }
        var copied = 0
        var last: Int64 = .min
        do {
            while true {
                let rows = try old.read { db in
                    try Row.fetchAll(
                        db, sql: "SELECT * FROM exchange WHERE seq > ? ORDER BY seq LIMIT 200", arguments: [last])
                }
                guard let final = rows.last else { break }
                try target.write { db in
                    for row in rows {
                        let names = row.columnNames.filter { $0 != "seq" }
                        let values = names.map { row[$0] as DatabaseValue }
                        let columns = names.joined(separator: ", ")
                        let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
                        try db.execute(
                            sql: "INSERT OR IGNORE INTO exchange (\(columns)) VALUES (\(marks))",
                            arguments: StatementArguments(values))
                        copied += db.changesCount
                    }
                }
                last = final["seq"]
            }
        } catch {
            return (copied, "\(error)")
        }
        return (copied, nil)
    }

    /// `20261127-181500`, in UTC.
    private static func stamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

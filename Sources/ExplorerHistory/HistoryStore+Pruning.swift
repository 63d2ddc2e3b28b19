import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// What each record removes: entries past the limits, the oldest body files past the size cap, and body files no
/// entry names (a writer killed between writing its body file and committing its record leaves one).
extension HistoryStore {
    /// Deletes entries past the age and count limits and, with `checksBodies`, drops the oldest body files past the
    /// size cap; returns the body files to remove once the transaction is committed. Each step reads an index or the
    /// kept count, never the whole table: it runs after every record. The body total only grows when a body file is
    /// added, so a caller that added none (and is not the store's first write, which applies changed settings)
    /// skips it.
    func prune(_ db: Database, now: Date, checksBodies: Bool) throws -> [String] {
        var files: [String] = []
        let cutoff = now.timeIntervalSince1970 - settings.maxAgeDays * 86_400
        // Cached statements: these run in every write transaction, and compiling them cost more than running them.
        files += try String.fetchAll(
            db.cachedStatement(sql: "SELECT body_file FROM exchange WHERE recorded_at < ? AND body_file IS NOT NULL"),
            arguments: [cutoff])
        try db.cachedStatement(sql: "DELETE FROM exchange WHERE recorded_at < ?").execute(arguments: [cutoff])
        let count = try Int.fetchOne(db.cachedStatement(sql: "SELECT n FROM exchange_count")) ?? 0
        if count > settings.maxEntries,
            let boundary = try Int64.fetchOne(
                db, sql: "SELECT seq FROM exchange ORDER BY seq LIMIT 1 OFFSET ?",
                arguments: [count - settings.maxEntries - 1])
        {
            files += try String.fetchAll(
                db, sql: "SELECT body_file FROM exchange WHERE seq <= ? AND body_file IS NOT NULL",
                arguments: [boundary])
            try db.execute(sql: "DELETE FROM exchange WHERE seq <= ?", arguments: [boundary])
        }
        guard checksBodies else { return files }
        var total =
            try Int64.fetchOne(
                db, sql: "SELECT COALESCE(SUM(body_file_bytes), 0) FROM exchange WHERE body_file IS NOT NULL") ?? 0
        guard total > settings.maxTotalBodyBytes else { return files }
        let rows = try Row.fetchAll(
            db, sql: "SELECT seq, body_file, body_file_bytes FROM exchange WHERE body_file IS NOT NULL ORDER BY seq")
        var dropped: [Int64] = []
        for row in rows where total > settings.maxTotalBodyBytes {
            dropped.append(row["seq"])
            files.append(row["body_file"])
            total -= row["body_file_bytes"] as Int64
        }
        for seq in dropped {
            try db.execute(
                sql: "UPDATE exchange SET body_state = 'dropped', body_file = NULL, body_file_bytes = 0 WHERE seq = ?",
                arguments: [seq])
        }
        return files
    }

    /// Body files no entry names, older than a minute (a younger one may be a writer's whose record is not yet
    /// committed); run inside the write transaction, so no record can be committed between the look and the removal.
    /// Looks once when the store first records, then at most every ten minutes: it lists the whole directory.
    func sweepOrphans(_ db: Database, now: Date = Date()) throws -> [String] {
        let due = lastSweep.withLock { last in
            guard last.map({ now.timeIntervalSince($0) >= 600 }) ?? true else { return false }
            last = now
            return true
        }
        guard due, let names = try? FileManager.default.contentsOfDirectory(atPath: bodiesDirectory),
            !names.isEmpty
        else { return [] }
        let kept = Set(
            try String.fetchAll(db, sql: "SELECT body_file FROM exchange WHERE body_file IS NOT NULL"))
        return names.filter { name in
            !kept.contains(name) && Self.isOlderThanAMinute(bodiesDirectory + "/" + name, now: now)
        }
    }

    /// Whether the file at `path` was last changed more than a minute before `now` (false when it is gone).
    static func isOlderThanAMinute(_ path: String, now: Date) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        return now.timeIntervalSince1970 - modified > 60
    }
}

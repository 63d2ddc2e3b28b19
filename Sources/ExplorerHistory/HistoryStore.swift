import ExplorerCore
import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The exchange history: one SQLite database in the state directory (`history.sqlite`, WAL, 0600), large bodies as
/// gzip files in `history/` beside it. Several processes may write at once (the explorer, `apix run`s): each
/// record is one transaction, so a writer killed midway loses at most its own record.
package final class HistoryStore: Sendable {
    package let directory: String
    package let settings: HistorySettings
    let pool: DatabasePool
    /// When this store last looked for orphan body files (`sweepOrphans`): once when it first records, then at most
    /// every ten minutes.
    let lastSweep = Mutex<Date?>(nil)
    /// Whether this store has pruned body files by the size cap yet: its first write does, whatever it adds (the cap
    /// may have changed since the last apix wrote); after that only a write that adds a body file can pass it.
    private let prunedBodies = Mutex(false)

    /// The database file in `directory`.
    package static func databasePath(in directory: String) -> String { directory + "/history.sqlite" }

    /// Opens (creating or migrating) the history in `directory`, the state directory by default.
    package init(directory: String = StateDirectory.path(), settings: HistorySettings = HistorySettings())
        throws(HistoryStoreError)
    {
        self.directory = directory
        self.settings = settings
        StateDirectory.prepare(directory)
        let path = Self.databasePath(in: directory)
        // SQLite gives the -wal and -shm files the database file's mode: create it 0600 first.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw HistoryStoreError("cannot open the history at \(path): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "apix.history"
        configuration.prepareDatabase { db in
            // WAL with NORMAL sync: a killed process never damages the database; a power cut may lose the last
            // records, which history can afford, and each record is one write, not two fsyncs.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            // One process at a time turns a new database to WAL and creates its schema (HistoryOpenLock).
            let lock = HistoryOpenLock(databasePath: path)
            pool = try DatabasePool(path: path, configuration: configuration)
            try HistorySchema.migrate(pool)
            _ = consume lock
        } catch {
            throw HistoryStoreError("cannot open the history at \(path): \(error)")
        }
        importPending()
    }

    var bodiesDirectory: String { directory + "/history" }

    // MARK: - Writing

    /// Records `entry` (its body placed as the settings say), then prunes by age, count and body size.
    /// Returns the entry as recorded (its id, where its body went).
    @discardableResult
    package func record(_ entry: HistoryEntry) throws(HistoryStoreError) -> HistoryEntry {
        try record(entry, unlessPresent: false)
    }

    /// `record(_:)`; with `unlessPresent`, an entry whose id is already recorded is left as it is (a pending entry
    /// that two processes record at once is recorded once).
    @discardableResult
    func record(_ entry: HistoryEntry, unlessPresent: Bool) throws(HistoryStoreError) -> HistoryEntry {
        try record(batch: [entry], unlessPresent: unlessPresent)[0]
    }

    /// Records `entries` in one transaction that prunes once (bodies placed as `record(_:)` places them): what
    /// `HistoryRecorder` writes when exchanges finish faster than one transaction each could keep up with.
    @discardableResult
    func record(batch entries: [HistoryEntry], unlessPresent: Bool = false) throws(HistoryStoreError)
        -> [HistoryEntry]
    {
        let placed = entries.map(place)
        let checksBodies = checksBodies(adding: placed.contains { $0.file != nil })
        let removed: [String]
        do {
            removed = try pool.write { db in
                for (entry, inline, file) in placed {
                    // Already there: its body file (the same name, the same bytes) is the recorded one's.
                    if unlessPresent,
                        try Bool.fetchOne(db, sql: "SELECT 1 FROM exchange WHERE id = ?", arguments: [entry.id])
                            == true
                    {
                        continue
                    }
                    try Self.insert(entry, inline: inline, file: file, into: db)
                }
                let now = placed.last?.entry.recordedAt ?? Date()
                return try self.prune(db, now: now, checksBodies: checksBodies) + self.sweepOrphans(db)
            }
        } catch {
            for case (_, _, let file?) in placed { unlink(bodiesDirectory + "/" + file.name) }
            throw HistoryStoreError("cannot record the exchange in the history: \(error)")
        }
        for name in removed { unlink(bodiesDirectory + "/" + name) }
        return placed.map(\.entry)
    }

    /// Where an entry's body goes: inline, a compressed file written now, or not kept.
    private func place(_ entry: HistoryEntry) -> (
        entry: HistoryEntry, inline: Data?, file: (name: String, bytes: Int64)?
    ) {
        var entry = entry
        var inline: Data?
        var file: (name: String, bytes: Int64)?
        if let spooled = entry.spooled {
            entry.spooled = nil
            if spooled.body.count > settings.maxBodyBytes {
                entry.bodyState = .notKept
            } else if spooled.body.count <= settings.inlineBodyBytes, let data = try? spooled.body.data() {
                inline = spooled.secrets.scrub(data)
                entry.bodyState = .inline
            } else if let written = try? writeBodyFile(id: entry.id, { each in try spooled.forEachScrubbedPiece(each) })
            {
                file = written
                entry.bodyState = .file
            } else {
                entry.bodyState = .notKept
            }
        } else if let body = entry.body, !body.isEmpty {
            if Int64(body.count) > settings.maxBodyBytes {
                entry.bodyState = .notKept
            } else if body.count <= settings.inlineBodyBytes {
                inline = body
                entry.bodyState = .inline
            } else if let written = try? writeBodyFile(body, id: entry.id) {
                file = written
                entry.bodyState = .file
            } else {
                entry.bodyState = .notKept
            }
        } else if entry.bodyState == .inline || entry.bodyState == .file {
            entry.bodyState = .none
        }
        return (entry, inline, file)
    }

    /// Records many entries in one transaction (bodies inline or not kept, as `record` places small ones), then
    /// prunes: for imports and the benchmarks' large histories.
    package func record(contentsOf entries: [HistoryEntry]) throws(HistoryStoreError) {
        let inlineLimit = settings.inlineBodyBytes
        let checksBodies = checksBodies(adding: false)
        let removed: [String]
        do {
            removed = try pool.write { db in
                for var entry in entries {
                    var inline: Data?
                    if let body = entry.body, !body.isEmpty, body.count <= inlineLimit {
                        inline = body
                        entry.bodyState = .inline
                    } else if entry.body?.isEmpty == false {
                        entry.bodyState = .notKept
                    } else {
                        entry.bodyState = .none
                    }
                    try Self.insert(entry, inline: inline, file: nil, into: db)
                }
                return try self.prune(db, now: entries.last?.recordedAt ?? Date(), checksBodies: checksBodies)
            }
        } catch {
            throw HistoryStoreError("cannot record the exchanges in the history: \(error)")
        }
        for name in removed { unlink(bodiesDirectory + "/" + name) }
    }

    /// Whether a write must check the body files' size cap: one that adds a file, or this store's first.
    private func checksBodies(adding file: Bool) -> Bool {
        prunedBodies.withLock { pruned in
            defer { pruned = true }
            return file || !pruned
        }
    }

    private func writeBodyFile(_ body: Data, id: String) throws -> (name: String, bytes: Int64)? {
        try writeBodyFile(id: id) { each in try each(body) }
    }

    /// `ID.gz`, 0600, compressed as `pieces` hands over the body (memory stays at one piece whatever its size).
    private func writeBodyFile(id: String, _ pieces: ((Data) throws -> Void) throws -> Void) throws -> (
        name: String, bytes: Int64
    )? {
        try FileManager.default.createDirectory(
            atPath: bodiesDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let name = id + ".gz"
        var bytes: Int64 = 0
        let path = bodiesDirectory + "/" + name
        try AtomicFile.write(
            to: path, options: AtomicFile.Options(mode: 0o600, keepsExistingMode: false, followsSymlink: false)
        ) { descriptor throws(AtomicFileError) in
            let failed = AtomicFileError(.system(action: "cannot write", code: EIO), path: path)
            guard
                let writer = GzipWriter(output: { piece in
                    bytes += Int64(piece.count)
                    return DescriptorWriter.writeAll(piece, to: descriptor) == nil
                })
            else { throw failed }
            do {
                try pieces { piece in
                    guard writer.write(piece) else { throw failed }
                }
            } catch {
                throw failed
            }
            guard writer.finish() else { throw failed }
        }
        return (name, bytes)
    }

    private static func insert(
        _ entry: HistoryEntry, inline: Data?, file: (name: String, bytes: Int64)?, into db: Database
    ) throws {
        let (requestBody, requestBodyType) = HistoryRecording.storedBody(entry.request.body)
        let arguments: [(any DatabaseValueConvertible)?] = [
            entry.id, entry.recordedAt.timeIntervalSince1970, entry.origin.rawValue, entry.profile,
            entry.environment, entry.endpoint, entry.request.method.rawValue, entry.request.url,
            HistoryCoding.encode(entry.request.headers), requestBody, requestBodyType, entry.status, entry.reason,
            entry.httpVersion, HistoryCoding.encode(entry.responseHeaders), entry.source.rawValue, entry.error?.kind,
            entry.error?.message, HistoryCoding.encode(entry.metrics), entry.metrics.total.milliseconds,
            HistoryCoding.encode(entry.checks), entry.bodyBytes, entry.bodyState.rawValue, inline, file?.name,
            file?.bytes ?? 0, entry.replayOf,
        ]
        // A cached statement: compiling the insert cost more than running it.
        try db.cachedStatement(
            sql: """
                INSERT INTO exchange (id, recorded_at, origin, profile, environment, endpoint, method, url,
                    request_headers, request_body, request_body_type, status, reason, http_version,
                    response_headers, source, error_kind, error_message, metrics, duration_ms, checks, body_bytes,
                    body_state, body, body_file, body_file_bytes, replay_of)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: StatementArguments(arguments))
    }

    // MARK: - Reading

    /// The newest entries first, without bodies; only `profile`'s (and `endpoint`'s) when given.
    package func entries(profile: String? = nil, endpoint: String? = nil, limit: Int = 50)
        throws(HistoryStoreError) -> [HistoryEntry]
    {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let profile {
            conditions.append("profile = ?")
            arguments.append(profile)
        }
        if let endpoint {
            conditions.append("endpoint = ?")
            arguments.append(endpoint)
        }
        importPending()
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        arguments.append(limit)
        let sql = "SELECT \(Self.listColumns) FROM exchange \(filter) ORDER BY seq DESC LIMIT ?"
        do {
            return try pool.read { db in
                try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map { Self.entry(from: $0) }
            }
        } catch {
            throw HistoryStoreError("cannot read the history: \(error)")
        }
    }

    /// The entry whose id is `id` or starts with it (4 characters or more), with its body; nil when none does.
    /// Throws when the prefix is shared by several.
    package func entry(id: String) throws(HistoryStoreError) -> HistoryEntry? {
        let id = id.lowercased()
        guard HistoryID.isPlausible(id) else { return nil }
        importPending()
        let rows: [Row]
        do {
            rows = try pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT \(Self.listColumns), body, body_file FROM exchange WHERE id LIKE ? LIMIT 2",
                    arguments: [id + "%"])
            }
        } catch {
            throw HistoryStoreError("cannot read the history: \(error)")
        }
        if rows.count > 1 { throw HistoryStoreError("the id \(id) is the start of more than one entry") }
        guard let row = rows.first else { return nil }
        guard id.count >= 4 || (row["id"] as String) == id else { return nil }
        var entry = Self.entry(from: row)
        switch entry.bodyState {
        case .inline: entry.body = row["body"]
        case .file:
            let name: String? = row["body_file"]
            if let name, let compressed = FileManager.default.contents(atPath: bodiesDirectory + "/" + name),
                let body = HistoryCompression.decompress(compressed, limit: Int(settings.maxBodyBytes) + 1)
            {
                entry.body = body
            } else {
                entry.bodyState = .dropped
            }
        case .dropped, .none, .notKept: break
        }
        return entry
    }

    /// How many entries there are.
    package func count() throws(HistoryStoreError) -> Int {
        do {
            return try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM exchange") ?? 0 }
        } catch {
            throw HistoryStoreError("cannot read the history: \(error)")
        }
    }

    /// SQLite's own check of the database file (`PRAGMA integrity_check`): "ok" when sound.
    package func integrityCheck() throws(HistoryStoreError) -> String {
        do {
            return try pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
        } catch {
            throw HistoryStoreError("cannot check the history: \(error)")
        }
    }

    private static let listColumns = """
        id, recorded_at, origin, profile, environment, endpoint, method, url, request_headers, request_body, \
        request_body_type, status, reason, http_version, response_headers, source, error_kind, error_message, \
        metrics, checks, body_bytes, body_state, replay_of
        """

    private static func entry(from row: Row) -> HistoryEntry {
        let errorKind: String? = row["error_kind"]
        let errorMessage: String? = row["error_message"]
        var request = PreparedRequest(
            method: HTTPMethod(rawValue: row["method"]) ?? .get, url: row["url"],
            headers: HistoryCoding.headers(row["request_headers"]))
        request.body = HistoryRecording.restoredBody(row["request_body"], type: row["request_body_type"])
        return HistoryEntry(
            id: row["id"], recordedAt: Date(timeIntervalSince1970: row["recorded_at"]),
            origin: HistoryEntry.Origin(rawValue: row["origin"]) ?? .run, profile: row["profile"],
            environment: row["environment"], endpoint: row["endpoint"], request: request, status: row["status"],
            reason: row["reason"], httpVersion: row["http_version"],
            responseHeaders: HistoryCoding.headers(row["response_headers"]),
            source: ResponseSource(rawValue: row["source"]) ?? .network, metrics: HistoryCoding.metrics(row["metrics"]),
            error: errorKind.map { HistoryError(kind: $0, message: errorMessage ?? "") },
            checks: HistoryCoding.checks(row["checks"]), bodyBytes: row["body_bytes"],
            bodyState: HistoryEntry.BodyState(rawValue: row["body_state"]) ?? .none, replayOf: row["replay_of"])
    }
}

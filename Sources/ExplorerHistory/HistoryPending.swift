import ExplorerCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Entries handed over to be recorded later, one file each in `history-pending/` beside the database: `apix run`
/// writes its entry here and leaves the database to a writer of its own, so the process the shell waits for never
/// opens SQLite. Every `HistoryStore` records what it finds here when it opens and before it reads
/// (`HistoryStore.importPending`), so a reader right after `apix run` sees its entry whether that writer has finished
/// or not. A file is written under a hidden name and renamed when whole: a process killed while handing over loses at
/// most that entry, and one killed after it loses nothing.
package enum HistoryPending {
    /// The directory of pending entries for the history in `directory`.
    package static func directory(in directory: String) -> String { directory + "/history-pending" }

    /// The entry as the file keeps it: the database's columns (structured ones in the database's JSON), the
    /// response body after the first line, as it is.
    struct Record: Codable {
        var id: String
        var recordedAt: Double
        var origin, method, url, requestHeaders, responseHeaders, source, metrics, bodyState: String
        var profile, environment, endpoint, requestBodyType, errorKind, errorMessage, checks, replayOf: String?
        var requestBody: Data?
        var status: Int?
        var reason, httpVersion: String
        var bodyBytes: Int64
        /// The body is in `ID.body` beside the entry (a large one, scrubbed as it was copied from its spool file),
        /// not after the record's line.
        var bodyFile: Bool?
        var bodyLength: Int

        /// The record as `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes` writes it, by hand
        /// (`JSONText`): `apix run` writes one per exchange, and the encoder's first use costs it about 0.5 ms.
        func json() -> String {
            var json = JSONText()
            json.field("bodyBytes", bodyBytes)
            if let bodyFile { json.field("bodyFile", bodyFile) }
            json.field("bodyLength", Int64(bodyLength))
            json.field("bodyState", string: bodyState)
            if let checks { json.field("checks", string: checks) }
            if let endpoint { json.field("endpoint", string: endpoint) }
            if let environment { json.field("environment", string: environment) }
            if let errorKind { json.field("errorKind", string: errorKind) }
            if let errorMessage { json.field("errorMessage", string: errorMessage) }
            json.field("httpVersion", string: httpVersion)
            json.field("id", string: id)
            json.field("method", string: method)
            json.field("metrics", string: metrics)
            json.field("origin", string: origin)
            if let profile { json.field("profile", string: profile) }
            json.field("reason", string: reason)
            json.field("recordedAt", recordedAt)
            if let replayOf { json.field("replayOf", string: replayOf) }
            if let requestBody { json.field("requestBody", string: requestBody.base64EncodedString()) }
            if let requestBodyType { json.field("requestBodyType", string: requestBodyType) }
            json.field("requestHeaders", string: requestHeaders)
            json.field("responseHeaders", string: responseHeaders)
            json.field("source", string: source)
            if let status { json.field("status", Int64(status)) }
            json.field("url", string: url)
            return json.closingObject()
        }
    }

    /// Writes `entry` to be recorded later; returns the file's path.
    @discardableResult
    package static func write(_ entry: HistoryEntry, in directory: String) throws(HistoryStoreError) -> String {
        let pending = Self.directory(in: directory)
        StateDirectory.prepare(directory)
        mkdir(pending, 0o700)
        let (requestBody, requestBodyType) = HistoryRecording.storedBody(entry.request.body)
        let body = entry.body ?? Data()
        // A body still in its spool file is copied beside the entry a mebibyte at a time, scrubbed on the way, so
        // handing over a large answer takes no more memory than printing it did.
        if let spooled = entry.spooled {
            try writeWhole(
                at: pending + "/" + entry.id + ".body", temporary: pending + "/." + entry.id + ".body.tmp-\(getpid())"
            ) { descriptor in
                var failed: Int32?
                do {
                    try spooled.forEachScrubbedPiece { piece in
                        if failed == nil {
                            failed = piece.withUnsafeBytes { DescriptorWriter.writeAll($0, to: descriptor) }
                        }
                    }
                } catch {
                    return failed ?? EIO  // the spool file did not read to its end: no half body under the name
                }
                return failed
            }
        }
        let record = Record(
            id: entry.id, recordedAt: entry.recordedAt.timeIntervalSince1970, origin: entry.origin.rawValue,
            method: entry.request.method.rawValue, url: entry.request.url,
            requestHeaders: HistoryCoding.encode(entry.request.headers),
            responseHeaders: HistoryCoding.encode(entry.responseHeaders), source: entry.source.rawValue,
            metrics: HistoryCoding.encode(entry.metrics), bodyState: entry.bodyState.rawValue, profile: entry.profile,
            environment: entry.environment, endpoint: entry.endpoint, requestBodyType: requestBodyType,
            errorKind: entry.error?.kind, errorMessage: entry.error?.message,
            checks: HistoryCoding.encode(entry.checks),
            replayOf: entry.replayOf, requestBody: requestBody, status: entry.status, reason: entry.reason,
            httpVersion: entry.httpVersion, bodyBytes: entry.bodyBytes, bodyFile: entry.spooled == nil ? nil : true,
            bodyLength: body.count)
        var data = Data(record.json().utf8)
        data.append(UInt8(ascii: "\n"))
        data.append(body)
        let path = pending + "/" + entry.id + ".entry"
        // The entry's rename comes last: it is what makes the entry (and its body file) pending.
        try writeWhole(at: path, temporary: pending + "/." + entry.id + ".tmp-\(getpid())") { descriptor in
            data.withUnsafeBytes { DescriptorWriter.writeAll($0, to: descriptor) }
        }
        return path
    }

    /// Writes a file under `temporary` with `fill` (which returns an errno, or nil) and renames it to `path` when
    /// whole. No fsync: a kill never loses what was written (only a power cut may, as with the database's NORMAL
    /// sync).
    private static func writeWhole(
        at path: String, temporary: String, _ fill: (Int32) -> Int32?
    ) throws(HistoryStoreError) {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw HistoryStoreError("cannot hand the exchange over to the history: \(String(cString: strerror(errno)))")
        }
        let failed = fill(descriptor)
        close(descriptor)
        guard failed == nil, rename(temporary, path) == 0 else {
            let code = failed ?? errno
            unlink(temporary)
            throw HistoryStoreError("cannot hand the exchange over to the history: \(String(cString: strerror(code)))")
        }
    }

    /// The body file of the pending entry at `path` (`ID.entry` → `ID.body`).
    static func bodyPath(of path: String) -> String { String(path.dropLast(".entry".count)) + ".body" }

    /// The entry a pending file holds; nil when it does not read (it was not written by this apix).
    static func read(_ path: String) -> HistoryEntry? {
        guard let data = FileManager.default.contents(atPath: path),
            let newline = data.firstIndex(of: UInt8(ascii: "\n")),
            let record = try? JSONDecoder().decode(Record.self, from: data[data.startIndex..<newline])
        else { return nil }
        let body = data[data.index(after: newline)...]
        guard body.count == record.bodyLength else { return nil }
        var request = PreparedRequest(
            method: HTTPMethod(rawValue: record.method) ?? .get, url: record.url,
            headers: HistoryCoding.headers(record.requestHeaders))
        request.body = HistoryRecording.restoredBody(record.requestBody, type: record.requestBodyType)
        var entry = HistoryEntry(
            id: record.id, recordedAt: Date(timeIntervalSince1970: record.recordedAt),
            origin: HistoryEntry.Origin(rawValue: record.origin) ?? .run, profile: record.profile,
            environment: record.environment, endpoint: record.endpoint, request: request, status: record.status,
            reason: record.reason, httpVersion: record.httpVersion,
            responseHeaders: HistoryCoding.headers(record.responseHeaders),
            source: ResponseSource(rawValue: record.source) ?? .network, metrics: HistoryCoding.metrics(record.metrics),
            error: record.errorKind.map { HistoryError(kind: $0, message: record.errorMessage ?? "") },
            checks: HistoryCoding.checks(record.checks), bodyBytes: record.bodyBytes,
            bodyState: HistoryEntry.BodyState(rawValue: record.bodyState) ?? .none,
            body: record.bodyLength > 0 ? Data(body) : nil, replayOf: record.replayOf)
        if record.bodyFile == true {
            // Already scrubbed: the store compresses it from its file. Gone (removed by hand): not kept.
            let file = bodyPath(of: path)
            var status = stat()
            if stat(file, &status) == 0 {
                entry.spooled = SpooledHistoryBody(
                    body: ResponseBody(file: file, size: Int64(status.st_size)), secrets: .none)
            } else {
                entry.bodyState = .notKept
            }
        }
        return entry
    }

    /// The paths of the pending entries in `directory`, and the files more than a minute old that no entry will
    /// read (to remove): hidden files of writers killed while writing, body files whose entry is gone.
    static func files(in directory: String, now: Date = Date()) -> (entries: [String], leftovers: [String]) {
        let pending = Self.directory(in: directory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: pending), !names.isEmpty else {
            return ([], [])
        }
        let entryNames = Set(names.filter { $0.hasSuffix(".entry") && !$0.hasPrefix(".") })
        var leftovers: [String] = []
        for name in names where !entryNames.contains(name) {
            if name.hasSuffix(".body") && !name.hasPrefix(".")
                && entryNames.contains(String(name.dropLast(".body".count)) + ".entry")
            {
                continue
            }
            let path = pending + "/" + name
            if HistoryStore.isOlderThanAMinute(path, now: now) { leftovers.append(path) }
        }
        return (entryNames.map { pending + "/" + $0 }, leftovers)
    }

    /// Whether anything waits to be recorded in `directory`'s history.
    package static func hasEntries(in directory: String) -> Bool {
        !files(in: directory).entries.isEmpty
    }

    /// How many entries wait before `apix run` starts a writer for them all: starting one (a second apix, SQLite
    /// opened, the WAL recovered) costs about as much CPU as the `apix run` itself, so one writer records a batch.
    /// Until then every reader records what waits before it reads, so nobody sees the history without them.
    package static let writerStartsAtEntries = 16
    /// The body bytes waiting that start a writer however few the entries (a pending entry holds its body).
    package static let writerStartsAtBytes: Int64 = 8 << 20

    /// Whether what waits in `directory`'s history, with `adding` more entries, is enough to start a writer
    /// (`writerStartsAtEntries`, or `bytes` in the entries and their body files).
    package static func writerDue(in directory: String, adding: Int = 0, bytes limit: Int64 = writerStartsAtBytes)
        -> Bool
    {
        let entries = files(in: directory).entries
        guard entries.count + adding < writerStartsAtEntries else { return true }
        return bytes(of: entries) >= limit
    }

    // MARK: - Cap

    /// The most entries that wait: past it nothing more is handed over. Only a history that never opens (a
    /// corrupt database, a full disk) lets them pile up, since every writer and reader records what waits; without
    /// a cap each `apix run` would leave one more file behind for ever.
    package static let maxEntries = 1_000
    /// The most bytes that wait (entries and their body files), for the same reason.
    package static let maxBytes: Int64 = 256 << 20

    /// What waits in `directory`'s history: entries and bytes (entries and their body files).
    package static func usage(in directory: String) -> (entries: Int, bytes: Int64) {
        let entries = files(in: directory).entries
        return (entries.count, bytes(of: entries))
    }

    /// Whether nothing more may be handed over to `directory`'s history (`maxEntries`, `maxBytes`).
    package static func isFull(in directory: String, maxEntries: Int = maxEntries, maxBytes: Int64 = maxBytes) -> Bool {
        let (entries, bytes) = usage(in: directory)
        return entries >= maxEntries || bytes >= maxBytes
    }

    private static func bytes(of entries: [String]) -> Int64 {
        var bytes: Int64 = 0
        for path in entries {
            for file in [path, bodyPath(of: path)] {
                var status = stat()
                if stat(file, &status) == 0 { bytes += Int64(status.st_size) }
            }
        }
        return bytes
    }
}

import ExplorerCore
import ExplorerHistory
import Synchronization

/// The CLI's side of the history: whether this run records, and the entries of endpoints sent through
/// `EndpointSender` held until their checks are known (`apix test`, the steps `apix run` sends first).
final class HistoryLog: Sendable {
    let recorder: HistoryRecorder
    let origin: HistoryEntry.Origin
    private let pending = Mutex<[(endpoint: String, entry: HistoryEntry, secrets: HistorySecrets)]>([])
    /// `apix run` hands its entries over to a writer of its own (`HistoryHandOver`) rather than open the database.
    private let handsOver: Bool
    /// Whether an entry was handed over and the writer is still to start (`finish`).
    private let handedOver = Atomic<Bool>(false)
    /// Whether this run has said that the pending queue is full (`recordPastCap`).
    private let warnedFull = Atomic<Bool>(false)

    /// Nil when nothing is recorded: `--no-history`, the profile's `history: false`, or the config file's.
    init?(profile: Profile?, disabled: Bool, origin: HistoryEntry.Origin) {
        guard !disabled else { return nil }
        let recorder = HistoryRecorder()
        guard recorder.records(profile) else { return nil }
        self.recorder = recorder
        self.origin = origin
        handsOver = origin == .run && HistoryHandOver.isEnabled.load(ordering: .relaxed)
        // Never closed: the process ends right after its records, and closing the last connection would checkpoint
        // the WAL into the database (two fsyncs) on every `apix run`. The next writer recovers the WAL instead,
        // as after a kill, and SQLite checkpoints on its own once the WAL passes 1,000 pages.
        _ = Unmanaged.passRetained(recorder)
        for warning in recorder.warnings { StandardError.writeLine("apix: warning: \(warning)") }
    }

    /// Records `entry` now (or hands it over, to be recorded once `finish` starts the writer), a failure as a
    /// warning on stderr.
    func record(_ entry: HistoryEntry) {
        guard handsOver else {
            if let warning = recorder.record(entry) { StandardError.writeLine("apix: warning: \(warning)") }
            return
        }
        if HistoryPending.isFull(in: recorder.directory) {
            recordPastCap(entry)
            return
        }
        do {
            try HistoryPending.write(entry, in: recorder.directory)
            handedOver.store(true, ordering: .relaxed)
        } catch {
            StandardError.writeLine("apix: warning: \(error.description)")
        }
    }

    /// Past `HistoryPending`'s cap the history has not opened for a long time: this run tries it itself (opening
    /// records what waits, so a history that opens again empties the queue), and when it still does not open the
    /// entry is dropped, saying why once per run rather than adding to a queue no one empties.
    private func recordPastCap(_ entry: HistoryEntry) {
        do {
            _ = try recorder.opened()
        } catch {
            guard !warnedFull.exchange(true, ordering: .relaxed) else { return }
            let usage = HistoryPending.usage(in: recorder.directory)
            StandardError.writeLine(
                "apix: warning: this exchange is not recorded: \(usage.entries) exchanges "
                    + "(\(Units.bytes(usage.bytes))) already wait for a history that does not open "
                    + "(\(error.description)); 'apix history repair' moves the broken database aside and records them")
            return
        }
        if let warning = recorder.record(entry) { StandardError.writeLine("apix: warning: \(warning)") }
    }

    /// Starts the writer of the entries handed over, once, after the last record, when enough wait for one
    /// (`HistoryPending.writerDue`); else they wait for the next writer or reader: the command's last step.
    func finish() {
        guard handedOver.exchange(false, ordering: .relaxed),
            HistoryPending.writerDue(in: recorder.directory)
        else { return }
        if let warning = HistoryHandOver.startWriter(directory: recorder.directory) {
            StandardError.writeLine("apix: warning: \(warning)")
        }
    }

    /// Keeps `entry` until `record(endpoint:checks:)` or `flush()`; its checks will be kept without `secrets`.
    func hold(_ entry: HistoryEntry, secrets: HistorySecrets, endpoint: String) {
        pending.withLock { $0.append((endpoint, entry, secrets)) }
    }

    /// Records the held entry of `endpoint` with its checks.
    func record(endpoint: String, checks: [CheckResult]) {
        let held = pending.withLock { held -> (entry: HistoryEntry, secrets: HistorySecrets)? in
            guard let index = held.firstIndex(where: { $0.endpoint == endpoint }) else { return nil }
            let removed = held.remove(at: index)
            return (removed.entry, removed.secrets)
        }
        guard var entry = held?.entry, let secrets = held?.secrets else { return }
        entry.checks = HistoryRecording.scrubbed(checks, secrets)
        record(entry)
    }

    /// The entry of `exchange` as sent (`sent`), with its secrets (`HistoryRecording.entry(for:…)`); the OAuth2
    /// token it went with is looked up now, after the send.
    func entry(
        for exchange: ExchangePlan, sent: PreparedRequest, result: Result<Response, ClientError>,
        checks: [CheckResult] = []
    ) async -> (entry: HistoryEntry, secrets: HistorySecrets) {
        HistoryRecording.entry(
            for: exchange, sent: sent, origin: origin, result: result, token: await exchange.token(), checks: checks,
            streamsFileBodies: true)
    }

    /// Records every entry still held, without checks.
    func flush() {
        let held = pending.withLock { held in
            defer { held.removeAll() }
            return held
        }
        for item in held { record(item.entry) }
    }
}

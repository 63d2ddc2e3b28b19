import ExplorerCore
import Foundation
import Synchronization

/// Records exchanges into the history, opening it on the first record (a send never waits for the database to
/// open), and only when recording is on: the config file's `history.enabled`, the profile's `history:`, and the
/// front end's own switch (`--no-history`).
public final class HistoryRecorder: Sendable {
    public let directory: String
    public let settings: HistorySettings
    /// Config file problems, to be shown once.
    public let warnings: [String]
    private let store = Mutex<HistoryStore?>(nil)
    /// Entries waiting for the writer, and whether one is writing: exchanges that finish while a transaction runs
    /// are written together by it in the next one, so a burst of sends costs one transaction, not one each.
    private let queue = Mutex<(waiting: [HistoryEntry], writing: Bool)>(([], false))

    public init(
        directory: String = StateDirectory.path(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.directory = directory
        (settings, warnings) = HistorySettings.load(environment: environment)
    }

    /// Whether exchanges with `profile` are recorded (a one-off request with no profile: the config's word).
    public func records(_ profile: Profile?) -> Bool {
        settings.enabled && (profile?.recordsHistory ?? true)
    }

    /// The store, opened now if it is not yet.
    public func opened() throws(HistoryStoreError) -> HistoryStore {
        if let open = store.withLock({ $0 }) { return open }
        let opened = try HistoryStore(directory: directory, settings: settings)
        return store.withLock { current in
            if let current { return current }
            current = opened
            return opened
        }
    }

    /// Whether nothing is waiting or being written (what a benchmark waits for).
    public var isIdle: Bool { queue.withLock { !$0.writing && $0.waiting.isEmpty } }

    /// Records `entry`; a failure is returned as a warning line (history never fails a send). When another caller
    /// is writing, `entry` joins its next transaction and this returns at once (that caller reports a failure).
    @discardableResult
    public func record(_ entry: HistoryEntry) -> String? {
        let writes = queue.withLock { queue in
            queue.waiting.append(entry)
            guard !queue.writing else { return false }
            queue.writing = true
            return true
        }
        guard writes else { return nil }
        var warning: String?
        while true {
            let batch = queue.withLock { queue in
                let batch = queue.waiting
                queue.waiting = []
                if batch.isEmpty { queue.writing = false }
                return batch
            }
            if batch.isEmpty { return warning }
            do {
                try opened().record(batch: batch)
            } catch {
                warning = error.description
            }
        }
    }
}

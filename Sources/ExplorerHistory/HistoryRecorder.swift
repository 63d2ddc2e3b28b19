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

    /// Records `entry`; a failure is returned as a warning line (history never fails a send).
    @discardableResult
    public func record(_ entry: HistoryEntry) -> String? {
        do {
            try opened().record(entry)
            return nil
        } catch {
            return error.description
        }
    }
}

import ExplorerCore
import ExplorerHistory
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opens the terminal UI on a set of profiles and returns when the user quits.
public enum TUIApp {
    /// Why the UI could not start.
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// `client`: sends every request; its `ResponseCache` (by default under the state directory, one file per
    /// profile) answers endpoints that declare `cache:` and keeps their last response across restarts.
    @MainActor
    public static func run(
        catalog: ProfileCatalog, directory: String, variables: [String: String] = [:], selecting profile: String? = nil,
        client: Client = Client(cache: ResponseCache()), auth: (any AuthProvider)? = nil,
        saver: (any ProfileSaver)? = nil
    ) async throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw StartError(description: "the terminal UI needs a terminal (use `apix run` in scripts)")
        }
        let state = AppState(
            catalog: catalog, profileDirectory: directory, variables: variables, now: .now, selecting: profile)
        let history = HistoryRecorder()
        let runtime = Runtime(
            state: state, client: client, auth: auth, saver: saver, log: LogFile(), backend: NcursesBackend(),
            captures: CaptureStore(), history: history, journal: DraftJournal())
        try await runtime.run()
        // Exchanges that finished just before quitting are still being recorded on the writer thread.
        await history.waitUntilIdle(upTo: .seconds(2))
    }
}

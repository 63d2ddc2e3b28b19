import ExplorerCore
import ExplorerHistory
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opens the terminal UI on a set of profiles and returns when the user quits: the TUI target's one public entry
/// point (everything else is `package`, for the CLI, the benchmarks and the tests).
public enum TUIApp {
    /// Why the UI could not start.
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs the explorer on `catalog` (profiles from `directory`), with the session's `variables`, `profile`
    /// selected. Requests go through a `Client` whose `ResponseCache` (under the state directory, one file per
    /// profile) answers endpoints that declare `cache:`; tokens come from the core's `AuthSessions`, saves go
    /// through `ProfileWriter`.
    @MainActor
    public static func run(
        catalog: ProfileCatalog, directory: String, variables: [String: String] = [:], selecting profile: String? = nil
    ) async throws {
        try await run(
            catalog: catalog, directory: directory, variables: variables, selecting: profile,
            client: Client(cache: ResponseCache()), auth: CoreAuthProvider(), saver: CoreProfileSaver())
    }

    /// `catalog` with each profile that has a chosen dotenv file loaded again with it over its secrets; a file that
    /// no longer loads leaves the profile as it was and says so.
    static func withChosenSecrets(_ catalog: ProfileCatalog, choices: [String: String]) -> (ProfileCatalog, String?) {
        var catalog = catalog
        var problem: String?
        for index in catalog.profiles.indices {
            let profile = catalog.profiles[index]
            guard let envFile = choices[profile.file] else { continue }
            switch ProfileLoader.load(file: profile.file, envFile: envFile) {
            case .success(let loaded): catalog.profiles[index] = loaded
            case .failure(let failure):
                problem =
                    "\(profile.id): the chosen secrets file \(envFile) was not used: "
                    + (failure.problems.first.map { "\($0)" } ?? "it does not load")
            }
        }
        return (catalog, problem)
    }

    /// Whether the terminal says it shows 24-bit colour (`COLORTERM`, as terminals and tmux set it).
    static func saysTrueColor(_ environment: [String: String]) -> Bool {
        ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
    }

    /// The catalog with the scratch profile (one-off requests kept with `O` when no profile was selected) when its
    /// file exists and no profile of the directory has its id; its problems, when it does not load, are listed.
    static func addingScratchProfile(to catalog: ProfileCatalog, environment: [String: String]) -> ProfileCatalog {
        let file = StateDirectory.scratchProfile(environment: environment)
        guard catalog.profile(AppState.scratchID) == nil, FileManager.default.fileExists(atPath: file) else {
            return catalog
        }
        var catalog = catalog
        switch ProfileLoader.load(file: file) {
        case .success(let scratch):
            let position = catalog.profiles.firstIndex { $0.id > scratch.id } ?? catalog.profiles.endIndex
            catalog.profiles.insert(scratch, at: position)
        case .failure(let failure):
            catalog.problems += failure.problems
            catalog.failedFiles.append(file)
            catalog.problemsByProfile[AppState.scratchID] = failure.problems
        }
        return catalog
    }

    /// `run` with GraphQL queries checked in the editor by `graphQL` (`apix` gives ExplorerGraphQL's checker, a
    /// package the TUI does not link).
    @MainActor
    package static func run(
        catalog: ProfileCatalog, directory: String, variables: [String: String] = [:], selecting profile: String? = nil,
        graphQL: any GraphQLQueryChecking
    ) async throws {
        try await run(
            catalog: catalog, directory: directory, variables: variables, selecting: profile,
            client: Client(cache: ResponseCache()), auth: CoreAuthProvider(), saver: CoreProfileSaver(),
            graphQL: graphQL)
    }

    /// Runs the explorer on the profiles of `directory` (the `apix` command with no subcommand). Loading a large
    /// profile takes most of the start, so it runs while the first frame is drawn from the profiles' sketch
    /// (`ProfileSketch`: names, folders, methods), and the loaded catalog replaces the sketch before a key is read.
    /// Without a sketch (a shape the scan does not read, a scratch profile to add) the explorer loads first.
    @MainActor
    package static func run(loadingProfilesIn directory: String, graphQL: any GraphQLQueryChecking) async throws {
        let loading = Task.detached(priority: .userInitiated) { ProfileLoader.load(directory: directory) }
        let scratch = StateDirectory.scratchProfile(environment: ProcessInfo.processInfo.environment)
        guard !FileManager.default.fileExists(atPath: scratch),
            let sketch = ProfileSketch.catalog(directory: directory), !sketch.profiles.isEmpty
        else {
            try await run(catalog: await loading.value, directory: directory, graphQL: graphQL)
            return
        }
        try await run(
            catalog: sketch, directory: directory, variables: [:], selecting: nil,
            client: Client(cache: ResponseCache()), auth: CoreAuthProvider(), saver: CoreProfileSaver(),
            graphQL: graphQL, loading: loading)
    }

    /// `run` with the parts given: the client, the token management, the profile saver and the GraphQL checker.
    /// With `loading`, `catalog` is a sketch drawn while `loading` finishes.
    @MainActor
    package static func run(
        catalog: ProfileCatalog, directory: String, variables: [String: String], selecting profile: String?,
        client: Client, auth: (any AuthProvider)?, saver: (any ProfileSaver)?,
        graphQL: (any GraphQLQueryChecking)? = nil, loading: Task<ProfileCatalog, Never>? = nil
    ) async throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw StartError(description: "the terminal UI needs a terminal (use `apix run` in scripts)")
        }
        let environment = ProcessInfo.processInfo.environment
        let layoutStore = LayoutStore()
        // The config's `mouse:` and `theme:`, the theme file, and the panes as the last session left them.
        let (settings, warnings) = TUISettings.load(environment: environment)
        let (palette, themeProblem) = ThemeFile.palette(named: settings.theme, environment: environment)
        let panes = layoutStore.read()
        let keys = KeyMapFile.load(environment: environment)
        let makeState = { @MainActor (catalog: ProfileCatalog, isSketch: Bool) -> AppState in
            // The secrets file each profile was given last time (the environment view's `f`): only for a loaded
            // catalog, since it loads the profile again.
            var (catalog, secretsProblem) = (catalog, String?.none)
            if !isSketch {
                (catalog, secretsProblem) = Self.withChosenSecrets(catalog, choices: layoutStore.readSecretsFiles())
                catalog = Self.addingScratchProfile(to: catalog, environment: environment)
            }
            var state = AppState(
                catalog: catalog, profileDirectory: directory, variables: variables, now: .now, selecting: profile)
            state.isSketch = isSketch
            if !isSketch, catalog.profiles.isEmpty {
                // Profiles or a spec beside the user, read from no directory apix looked in: said in the list pane.
                state.nearby = NearbyFiles.find(
                    in: FileManager.default.currentDirectoryPath, searched: directory)
                // The status bar says the one thing to do, rather than where apix looked (the pane says both).
                if let hint = state.nearby?.hints().first { state.message = StatusMessage(hint) }
            }
            state.panes = panes
            // A list hidden last time: the keys start in the editor.
            if state.panes.listHidden { state.focus = .editor }
            if let problem = themeProblem ?? warnings.first ?? secretsProblem {
                state.message = StatusMessage(problem, isError: true)
            }
            state.useKeyMap(keys.map, problems: keys.problems)
            return state
        }
        let history = HistoryRecorder()
        let runtime = Runtime(
            state: makeState(catalog, loading != nil), client: client, auth: auth, saver: saver, log: LogFile(),
            backend: NcursesBackend(mouse: settings.mouse, trueColor: Self.saysTrueColor(environment)),
            captures: CaptureStore(), history: history,
            journal: DraftJournal(), environment: environment)
        if let loading {
            runtime.pendingLoad = Runtime.PendingLoad(catalog: loading) { makeState($0, false) }
        }
        runtime.layoutStore = layoutStore
        runtime.watchesProfiles = true
        runtime.graphQLChecker = graphQL
        runtime.palette = palette
        try await runtime.run()
        // Exchanges that finished just before quitting are still being recorded on the writer thread.
        await history.waitUntilIdle(upTo: .seconds(2))
    }
}

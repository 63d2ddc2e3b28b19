import ExplorerCore
import ExplorerHistory
import Foundation
import Synchronization

/// Runs the app on a terminal backend: reads keys with a short timeout (so progress moves while the user types),
/// applies actions through `update`, performs the effects, and redraws when something changed.
///
/// Effects carry everything they need (`Effect`): the runtime never reads the state to perform one. The work of
/// each feature is in the extension beside it: `+Sending` (sends, cancels, stored answers), `+Search` (bodies,
/// search, filters), `+Auth`, `+Editor` (`$EDITOR`), `+Saving`, `+Captures`, `+Events`, `+Cookies`, and
/// `HistoryEffects`.
@MainActor
final class Runtime {
    private(set) var state: AppState
    let client: Client
    let auth: (any AuthProvider)?
    let saver: (any ProfileSaver)?
    let log: LogFile
    let inbox = Inbox()
    let backend: any TerminalBackend
    /// Where captured values are kept between runs; nil keeps them for this session only.
    let captures: CaptureStore?
    /// Where exchanges are recorded and the history window reads; nil: no history (tests' runtimes).
    let history: HistoryRecorder?
    /// Finished exchanges whose records wait for their checks (or checks for their records).
    let awaitingChecks = RecordsAwaitingChecks()
    /// The process environment (`NO_COLOR`, `$VISUAL`, `$EDITOR`), given, never read from the process here.
    let environment: [String: String]
    /// The time every action is applied at.
    let clock: @Sendable () -> Moment
    var transfers: [Int: Transfer] = [:]
    /// Open WebSocket sessions by exchange id, with their transcripts (`Runtime+WebSocket`).
    var webSockets: [Int: WebSocketRun] = [:]
    /// Transfers whose `start` has not happened yet (waiting for the interceptor), so a cancel can reach them.
    var pendingStarts: [Int: TransferHolder] = [:]
    var searchTask: Task<Void, Never>?
    /// The body filter being evaluated; a newer query cancels it.
    var filterTask: Task<Void, Never>?
    /// Counting goes on while `n` and `N` search, so it has its own task.
    var countTask: Task<Void, Never>?
    var tokenTasks: [Task<Void, Never>] = []
    /// The bench run (`Runtime+Bench`), one at a time; cancelling it stops the run.
    var benchTask: Task<Void, Never>?
    private var theme = Theme.color
    /// The colours a colour terminal draws with (the config's `theme:`, or the theme file's).
    var palette = Palette.dark
    /// Where unsaved edits are journaled; nil journals nothing (tests, the benchmarks).
    var journal: DraftJournal?
    /// Where the pane arrangement is kept; nil keeps it for this session only (tests, the benchmarks).
    var layoutStore: LayoutStore?
    /// Whether profiles changed on disk by other programs are read again (`Runtime+Watching`); off in tests'
    /// runtimes unless they ask.
    var watchesProfiles = false
    /// The profiles still loading while the first frame shows their sketch (`TUIApp.run(loadingProfilesIn:)`).
    var pendingLoad: PendingLoad?

    /// The loaded catalog to come, and the state to build from it.
    struct PendingLoad {
        let catalog: Task<ProfileCatalog, Never>
        let makeState: @MainActor (ProfileCatalog) -> AppState
    }
    /// Checks GraphQL queries against their schema (`apix` gives ExplorerGraphQL's); nil checks nothing.
    var graphQLChecker: (any GraphQLQueryChecking)?
    /// The GraphQL check running; a newer text cancels it.
    var graphQLCheckTask: Task<Void, Never>?

    /// How long one key read waits: the loop's heartbeat.
    static let keyTimeout: Int32 = 30
    /// How often time-dependent parts (progress bars, countdowns) are redrawn.
    static let tickInterval = 0.1

    init(
        state: AppState, client: Client, auth: (any AuthProvider)?, saver: (any ProfileSaver)?, log: LogFile,
        backend: any TerminalBackend, captures: CaptureStore? = nil, history: HistoryRecorder? = nil,
        journal: DraftJournal? = nil, environment: [String: String] = [:],
        clock: @escaping @Sendable () -> Moment = { .now }
    ) {
        self.captures = captures
        self.history = history
        self.journal = journal
        self.state = state
        self.client = client
        self.auth = auth
        self.saver = saver
        self.log = log
        self.backend = backend
        self.environment = environment
        self.clock = clock
    }

    /// Runs until the user quits (or the process is asked to end); throws when the terminal cannot be taken over.
    func run() async throws {
        let inbox = self.inbox
        try backend.start(noColor: !(environment["NO_COLOR"] ?? "").isEmpty) { inbox.post(.terminationRequested) }
        theme = backend.usesColor ? Theme(colors: true, palette: palette) : .monochrome
        auth?.allowBrowserLogin { inbox.post(.browserLoginStarted($0)) }
        // The status bar's queued count arrives as messages when it changes.
        let scheduler = client.scheduler
        let queueWatch = Task.detached {
            for await waiting in scheduler.waitingCounts() { inbox.post(.queueUpdated(waiting: waiting)) }
        }
        let watcher = watchesProfiles ? watchProfileDirectory() : nil
        let size = backend.size
        apply(.resized(width: size.width, height: size.height))
        if let pending = pendingLoad {
            pendingLoad = nil
            await startFromSketch(pending)
        }
        if let recovered = journal?.read(), !recovered.isEmpty {
            apply(.draftsRecovered(RestoreQuestion(drafts: recovered)))
        }
        render()
        var lastTick = clock().uptime
        while !state.shouldQuit {
            var changed = false
            if let event = await backend.readKey(timeout: Self.keyTimeout) {
                handle(event)
                changed = true
            }
            for action in inbox.drain() {
                apply(action)
                if case .progressUpdated = action {} else { changed = true }
            }
            let now = clock()
            if now.uptime - lastTick >= Self.tickInterval {
                lastTick = now.uptime
                apply(.ticked(now))
                if state.isAnimating { changed = true }
            }
            if changed && !state.shouldQuit { render() }
            if changed, let problem = journal?.record(state.unsavedDrafts) { log.write("journal: \(problem)") }
            await Task.yield()
        }
        benchTask?.cancel()
        await stopTransfers()
        await closeWebSockets()
        for task in tokenTasks { task.cancel() }
        queueWatch.cancel()
        watcher?.stop()
        // The user chose to quit (saved, or let the edits go); asked from outside, the edits stay journaled.
        if !state.keepsDraftJournal { journal?.discard() }
        backend.stop()
    }

    /// How often the wait for the load looks for keys, in milliseconds: the loaded frame comes at most this late.
    static let sketchPoll: Int32 = 5

    /// Draws the sketch, answers list moves and folds on it until `pending` has loaded, then builds the loaded
    /// state with the list as the user left it and replays the keys that waited. Once one key waits, every later
    /// key waits behind it, so nothing acts out of order.
    func startFromSketch(_ pending: PendingLoad) async {
        render()
        let loaded = LoadFlag()
        let loading = pending.catalog
        Task.detached {
            _ = await loading.value
            loaded.done.store(true, ordering: .releasing)
        }
        var held: [KeyEvent] = []
        while !loaded.done.load(ordering: .acquiring) {
            guard let event = await backend.readKey(timeout: Self.sketchPoll) else { continue }
            switch event {
            case .key(let key) where held.isEmpty && state.answersWhileSketch(key):
                // The sketch sends and reads nothing: its effects (stored answers, captures) are the loaded
                // state's to ask for.
                _ = state.update(.keyPressed(key), at: clock())
                render()
            case .resize where held.isEmpty:
                let size = backend.size
                _ = state.update(.resized(width: size.width, height: size.height), at: clock())
                render()
            default:
                held.append(event)
            }
        }
        let sketch = state
        state = pending.makeState(await loading.value)
        state.adoptList(of: sketch)
        let size = backend.size
        apply(.resized(width: size.width, height: size.height))
        for event in held { handle(event) }
    }

    /// A key, paste, click or resize from the terminal.
    func handle(_ event: KeyEvent) {
        switch event {
        case .resize:
            let size = backend.size
            apply(.resized(width: size.width, height: size.height))
        case .key(let key):
            apply(.keyPressed(key))
        case .paste(let text, let truncated):
            apply(.pasted(text, truncated: truncated))
        case .mouse(let event):
            apply(.mouse(event))
        }
    }

    func render() {
        backend.draw(Screen.render(state, theme: theme))
    }

    func apply(_ action: Action) {
        let effects = state.update(action, at: clock())
        for effect in effects { perform(effect) }
        awaitingChecks.observe(action, effects: effects)
    }

    // MARK: - Effects

    /// Hands each effect to the feature that performs it.
    private func perform(_ effect: Effect) {
        switch effect {
        case .send, .cancel, .stopStream, .loadStoredResponse:
            performSending(effect)
        case .openWebSocket, .sendWebSocket, .closeWebSocket, .writeConversation:
            performWebSocket(effect)
        case .prepareBody, .search, .countMatches, .filterBody, .cancelBodyFilter:
            performSearch(effect)
        case .login, .refreshToken, .logout, .cancelRefresh, .watchToken:
            performAuth(effect)
        case .saveProfile, .saveBody:
            performSaving(effect)
        case .editBody(let key, let text):
            editBody(key, text: text)
        case .copy(let clip):
            Clipboard.copy(clip, on: backend, inbox: inbox)
        case .loadHistory, .loadHistoryEntry, .loadHistoryDiff, .loadBaseline:
            HistoryEffects(recorder: history, inbox: inbox).perform(effect)
        case .loadCaptures, .concludeChain, .forgetCaptures:
            Self.performCaptures(effect, store: captures, inbox: inbox)
        case .loadCookies, .deleteCookie, .clearCookies:
            Self.performCookies(effect, inbox: inbox)
        case .discardDraftJournal:
            journal?.discard()
        case .saveLayout(let panes):
            if let problem = layoutStore?.write(panes) { log.write("layout: \(problem)") }
        case .listSecretsFiles, .switchSecretsFile:
            performSecretsFiles(effect)
        case .startBench, .stopBench:
            performBench(effect)
        case .loadGraphQLSchema, .fetchGraphQLSchema, .checkGraphQLQuery:
            performGraphQL(effect)
        case .quit:
            break
        }
    }
}

/// Set once the profiles have loaded; read by the main loop between keys.
private final class LoadFlag: Sendable {
    let done = Atomic<Bool>(false)
}

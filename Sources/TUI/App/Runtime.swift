// Long file: the one switch that turns every Effect into work (sends, searches, filters, history, saves, auth)
// stays in one place, beside the tasks it cancels; captures and history work live in their own files.
import ExplorerCore
import ExplorerHistory
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the app on a terminal backend: reads keys with a short timeout (so progress moves while the user types),
/// applies actions through `update`, performs the effects with the client, and redraws when something changed.
@MainActor
final class Runtime {
    private var state: AppState
    private let client: Client
    private let auth: (any AuthProvider)?
    private let saver: (any ProfileSaver)?
    private let log: LogFile
    private let inbox = Inbox()
    private let backend: any TerminalBackend
    /// Where captured values are kept between runs; nil keeps them for this session only.
    private let captures: CaptureStore?
    /// Where exchanges are recorded and the history window reads; nil: no history (tests' runtimes).
    private let history: HistoryRecorder?
    /// Finished exchanges whose records wait for their checks (or checks for their records).
    private let awaitingChecks = RecordsAwaitingChecks()
    private var transfers: [Int: Transfer] = [:]
    private var searchTask: Task<Void, Never>?
    /// The body filter being evaluated; a newer query cancels it.
    private var filterTask: Task<Void, Never>?
    /// Counting goes on while `n` and `N` search, so it has its own task.
    private var countTask: Task<Void, Never>?
    private var tokenTasks: [Task<Void, Never>] = []
    private var theme = Theme.color
    /// Where unsaved edits are journaled; nil journals nothing (tests, the benchmarks).
    private var journal: DraftJournal?

    /// How long one key read waits: the loop's heartbeat.
    static let keyTimeout: Int32 = 30
    /// How often time-dependent parts (progress bars, countdowns) are redrawn.
    static let tickInterval = 0.1

    init(
        state: AppState, client: Client, auth: (any AuthProvider)?, saver: (any ProfileSaver)?, log: LogFile,
        backend: any TerminalBackend, captures: CaptureStore? = nil, history: HistoryRecorder? = nil,
        journal: DraftJournal? = nil
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
    }

    /// Runs until the user quits (or the process is asked to end); throws when the terminal cannot be taken over.
    func run() async throws {
        let inbox = self.inbox
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        try backend.start(noColor: noColor) { inbox.post(.terminationRequested) }
        theme = backend.usesColor ? .color : .monochrome
        // The status bar's queued count arrives as messages when it changes.
        let scheduler = client.scheduler
        let queueWatch = Task.detached {
            for await waiting in scheduler.waitingCounts() { inbox.post(.queueUpdated(waiting: waiting)) }
        }
        let size = backend.size
        apply(.resized(width: size.width, height: size.height))
        if let recovered = journal?.read(), !recovered.isEmpty {
            apply(.draftsRecovered(RestoreQuestion(drafts: recovered)))
        }
        render()
        var lastTick = Moment.now.uptime
        while !state.shouldQuit {
            var changed = false
            if let event = await backend.readKey(timeout: Self.keyTimeout) {
                switch event {
                case .resize:
                    let size = backend.size
                    apply(.resized(width: size.width, height: size.height))
                case .key(let key):
                    apply(.keyPressed(key))
                case .paste(let text, let truncated):
                    apply(.pasted(text, truncated: truncated))
                }
                changed = true
            }
            for action in inbox.drain() {
                apply(action)
                if case .progressUpdated = action {} else { changed = true }
            }
            let now = Moment.now
            if now.uptime - lastTick >= Self.tickInterval {
                lastTick = now.uptime
                apply(.ticked(now))
                if state.isAnimating { changed = true }
            }
            if changed && !state.shouldQuit { render() }
            if changed, let problem = journal?.record(state.unsavedDrafts) { log.write("journal: \(problem)") }
            await Task.yield()
        }
        let running = Array(transfers.values)
        for transfer in running { transfer.cancel() }
        // A cancelled download removes its NAME.part when its result comes: wait for that, briefly, before exiting.
        await Self.awaitResults(of: running, within: .seconds(2))
        for task in tokenTasks { task.cancel() }
        queueWatch.cancel()
        // The user chose to quit (saved, or let the edits go); asked from outside, the edits stay journaled.
        if !state.keepsDraftJournal { journal?.discard() }
        backend.stop()
    }

    private static func awaitResults(of transfers: [Transfer], within limit: Duration) async {
        guard !transfers.isEmpty else { return }
        let (ends, continuation) = AsyncStream<Void>.makeStream()
        let waiter = Task {
            for transfer in transfers { _ = await transfer.result }
            continuation.yield()
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            continuation.yield()
        }
        for await _ in ends { break }
        waiter.cancel()
        timer.cancel()
    }

    private func render() {
        backend.draw(Screen.render(state, theme: theme))
    }

    private func apply(_ action: Action) {
        let revision = state.catalogRevision
        let effects = state.update(action, at: .now)
        // A save reloaded a profile (or `o` added an endpoint): the auth provider reads credentials from it now.
        if state.catalogRevision != revision { auth?.catalogChanged(state.catalog) }
        for effect in effects { perform(effect) }
        awaitingChecks.observe(action, effects: effects)
    }

    // MARK: - Effects

    private func perform(_ effect: Effect) {
        let inbox = self.inbox
        switch effect {
        case .send(let id, let request, let authKey, let priority, let cache):
            let auth = self.auth
            let client = self.client
            let log = self.log
            let holder = TransferHolder()
            let endpoint = state.exchanges[id].flatMap { state.endpointAsSent($0.key) }
            // The log gets the URL as the screen shows it: secrets masked.
            let shownURL = state.exchanges[id]?.url ?? "(request)"
            let recording = history.flatMap {
                HistoryEffects.recording(for: id, in: state, request: request, auth: authKey, recorder: $0)
            }
            let plans = state.exchanges[id]?.requestPlans
            let awaitingChecks = self.awaitingChecks
            // The interceptor may need an await (the auth store); the transfer starts right after it.
            Task.detached {
                let interceptor = await auth?.interceptor(for: authKey, endpoint: endpoint)
                var options = SendOptions(interceptor: interceptor, priority: priority, cache: cache)
                let events = EventStream()
                options.events = events
                let transfer = client.start(request, options: options)
                let watcher = Self.watchEvents(events, exchange: id, inbox: inbox)
                await holder.set(transfer)
                if let plans {
                    let sent = transfer.request
                    Task.detached {
                        let shown = await ShownRequest.make(
                            plans, sent: sent, auth: auth, key: authKey, endpoint: endpoint)
                        inbox.post(.requestShown(exchange: id, shown))
                    }
                }
                await MainActor.run { [weak self] in self?.transfers[id] = transfer }
                if await holder.wasCancelled { transfer.cancel() }
                for await event in transfer.progress {
                    inbox.post(.progressUpdated(exchange: id, event, at: Moment.now.uptime))
                }
                let result = await transfer.result
                watcher.cancel()
                await watcher.value
                if case .failure(let error) = result, !error.isCancelled {
                    log.write("\(request.method.rawValue) \(shownURL): \(error.description)")
                }
                inbox.post(.exchangeFinished(exchange: id, result, at: Moment.now.uptime))
                var record: RecordsAwaitingChecks.Record?
                if let recording {
                    // The credential at hand now (a token may have been fetched for this send) is a secret too.
                    let bare = PreparedRequest(url: "http://apix.invalid/")
                    let credentials = await auth?.currentCredentials(on: bare, for: authKey, endpoint: endpoint)
                    record = { recording.record(result, checks: $0, credentials: credentials, log: log) }
                }
                // Recorded once its `expect:` checks are known too.
                awaitingChecks.finished(id, record: record)
                let warnings = await transfer.warnings
                for warning in warnings { log.write("warning: \(warning)") }
                if !warnings.isEmpty { inbox.post(.warned(warnings)) }
                await MainActor.run { [weak self] in
                    self?.transfers[id] = nil
                    self?.pendingStarts[id] = nil
                }
            }
            pendingStarts[id] = holder
        case .loadHistory, .loadHistoryEntry, .loadHistoryDiff:
            HistoryEffects(recorder: history, inbox: inbox).perform(effect)
        case .stopStream(let id):
            transfers[id]?.stopStream()
        case .cancel(let id):
            if let transfer = transfers[id] {
                transfer.cancel()
            } else if let holder = pendingStarts[id] {
                Task { await holder.cancel() }
            }
        case .loadStoredResponse(let key, let request, let authKey, let options):
            loadStored(key, request: request, authKey: authKey, options: options)
        case .prepareBody(let id, let response):
            Task.detached {
                let document = BodyDocument.make(response)
                inbox.post(.bodyPrepared(exchange: id, document))
            }
        case .search(let id, let document, let query, let from, let forward, let raw):
            searchTask?.cancel()
            searchTask = Task.detached {
                let line = document.search(query, from: from, forward: forward, raw: raw)
                guard !Task.isCancelled else { return }
                inbox.post(.searchFinished(exchange: id, line: line))
            }
        case .countMatches(let id, let document, let query, let tab):
            countTask?.cancel()
            countTask = Task.detached {
                let matches = document.countMatches(query, exchange: id, tab: tab) { partial in
                    inbox.post(.matchesCounted(partial))
                }
                guard let matches, !Task.isCancelled else { return }
                inbox.post(.matchesCounted(matches))
            }
        case .copy(let clip):
            Clipboard.copy(clip, on: backend, inbox: inbox)
        case .editBody(let key, let text):
            editBody(key, text: text)
        case .saveProfile(let profile):
            guard let saver else {
                inbox.post(
                    .profileSaved(
                        profile: profile.id, saved: nil,
                        error: "saving profiles is not available in this build; edits stay in memory and apply to sends"
                    ))
                return
            }
            Task.detached {
                do {
                    let saved = try await saver.save(profile)
                    inbox.post(.profileSaved(profile: profile.id, saved: saved, error: nil))
                } catch {
                    inbox.post(.profileSaved(profile: profile.id, saved: nil, error: "\(error)"))
                }
            }
        case .saveBody(let response, let path):
            Task.detached {
                inbox.post(BodyFileWriter.write(response, to: path))
            }
        case .login(let key):
            runAuth(key) { await $0.login(key) }
        case .refreshToken(let key):
            runAuth(key) { await $0.refresh(key) }
        case .logout(let key):
            runAuth(key) { await $0.logout(key) }
        case .cancelRefresh(let key):
            runAuth(key) { await $0.cancelRefresh(key) }
        case .loadCaptures, .concludeChain, .forgetCaptures:
            Self.performCaptures(effect, state: state, store: captures, inbox: inbox)
        case .filterBody(let id, let document, let query, let generation):
            filterTask?.cancel()
            filterTask = Task.detached {
                guard let result = await FilteredBody.make(query, on: document), !Task.isCancelled else { return }
                inbox.post(.bodyFiltered(exchange: id, generation: generation, result))
            }
        case .cancelBodyFilter:
            filterTask?.cancel()
            filterTask = nil
        case .watchToken(let key):
            guard let auth else {
                inbox.post(.tokenUpdated(key, .unavailable("no auth")))
                return
            }
            tokenTasks.append(
                Task.detached {
                    for await status in await auth.statuses(for: key) {
                        inbox.post(.tokenUpdated(key, status))
                    }
                })
        case .quit:
            break
        case .discardDraftJournal:
            journal?.discard()
        case .loadCookies, .deleteCookie, .clearCookies:
            Self.performCookies(effect, inbox: inbox)
        }
    }

    /// Reads the cache's answer for `request` as it would be sent now (with the credential at hand, never a new
    /// one) and posts it; nothing goes to the network.
    private func loadStored(
        _ key: EndpointKey, request: PreparedRequest, authKey: AuthSessionKey, options: CacheOptions
    ) {
        let inbox = self.inbox
        guard let cache = client.cache else {
            inbox.post(.storedResponseLoaded(key, nil, warning: nil))
            return
        }
        let auth = self.auth
        let log = self.log
        let endpointValue = state.endpointAsSent(key)
        Task.detached {
            var credentialed: PreparedRequest? = request
            if let auth {
                credentialed = await auth.currentCredentials(on: request, for: authKey, endpoint: endpointValue)
            }
            guard let credentialed else {
                inbox.post(.storedResponseLoaded(key, nil, warning: nil))
                return
            }
            let known = await cache.problems.count
            let stored = await cache.stored(for: credentialed, options: options)
            let problems = await cache.problems.dropFirst(known)
            for problem in problems { log.write("warning: \(problem.message)") }
            inbox.post(.storedResponseLoaded(key, stored, warning: problems.last.map { "warning: \($0.message)" }))
        }
    }

    /// Transfers whose `start` has not happened yet (waiting for the interceptor), so a cancel can reach them.
    private var pendingStarts: [Int: TransferHolder] = [:]

    private func runAuth(_ key: AuthSessionKey, _ body: @escaping @Sendable (any AuthProvider) async -> Void) {
        guard let auth else {
            inbox.post(.tokenUpdated(key, .unavailable("no auth")))
            return
        }
        Task.detached { await body(auth) }
    }

    // MARK: - $EDITOR

    /// Opens the body in `$VISUAL` / `$EDITOR` with curses suspended; without one, the built-in editor.
    private func editBody(_ key: EndpointKey, text: String) {
        let environment = ProcessInfo.processInfo.environment
        guard let editor = (environment["VISUAL"] ?? environment["EDITOR"]).flatMap({ $0.isEmpty ? nil : $0 }) else {
            apply(.builtInEditorRequested(key, text: text))
            return
        }
        let file: EditorFile
        switch EditorFile.make(text) {
        case .success(let made): file = made
        case .failure(let error):
            apply(.externalEditorFinished(key, text: nil, error: "cannot write the body for the editor: \(error)"))
            return
        }
        defer { file.remove() }
        let path = file.path
        backend.suspend()
        let status = Self.runEditor(editor, path: path)
        backend.resume()
        guard status == 0, let edited = FileManager.default.contents(atPath: path) else {
            log.write("editor `\(editor)` exited with status \(status)")
            apply(.externalEditorFinished(key, text: nil, error: "the editor exited with status \(status)"))
            return
        }
        var result = String(decoding: edited, as: UTF8.self)
        if result.hasSuffix("\n") && !text.hasSuffix("\n") { result.removeLast() }
        apply(.externalEditorFinished(key, text: result, error: nil))
        render()
    }

    /// Runs `editor path` through the shell (so `EDITOR="code -w"` works) and waits for it. The editor starts
    /// with clean signal handling (`SpawnAttributes`).
    nonisolated static func runEditor(_ editor: String, path: String) -> Int32 {
        let arguments = ["/bin/sh", "-c", editor + " \"$1\"", "sh", path]
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let spawned = SpawnAttributes.with { posix_spawn(&pid, "/bin/sh", nil, $0, argv, environ) }
        guard spawned == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

/// The file a request body is edited in with `$EDITOR`. It may hold secrets and sits in the shared temporary
/// directory, so it goes in a fresh directory only the user can enter (`mkdtemp`, mode 0700) and is created
/// exclusively with mode 0600, never following a link: another user cannot read it, or plant a file or symlink
/// at a predictable name to read the body or redirect the write.
struct EditorFile: Sendable {
    let directory: String
    let path: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func make(_ text: String, in parent: String = NSTemporaryDirectory()) -> Result<EditorFile, Failure> {
        let base = parent.hasSuffix("/") ? String(parent.dropLast()) : parent
        var template = Array((base + "/apix-edit-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            return .failure(Failure(description: "mkdtemp in \(base): \(String(cString: strerror(errno)))"))
        }
        let directory = String(cString: made)
        let file = EditorFile(directory: directory, path: directory + "/body.txt")
        let fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            file.remove()
            return .failure(Failure(description: "\(file.path): \(reason)"))
        }
        defer { close(fd) }
        if let code = Array(text.utf8).withUnsafeBytes({ AtomicFile.writeAll($0, to: fd) }) {
            file.remove()
            return .failure(Failure(description: "\(file.path): \(String(cString: strerror(code)))"))
        }
        return .success(file)
    }

    /// Removes the file and its directory (an editor may have left a backup or swap file beside it).
    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Hands a transfer from the task that starts it to a cancel that may come first.
private actor TransferHolder {
    private var transfer: Transfer?
    private(set) var wasCancelled = false

    func set(_ transfer: Transfer) {
        self.transfer = transfer
    }

    func cancel() {
        wasCancelled = true
        transfer?.cancel()
    }
}

import ExplorerCore
import Foundation

/// The top-level `update`: applies an action by handing it to the feature it belongs to (the `AppState+…`
/// extensions in each feature folder), then keeps derived state (request preview, stored answers) in step.
extension AppState {
    /// Applies one action that happened at `moment` (the runtime reads the clock, `update` never does) and returns
    /// the work to do. A tick brings its own moment.
    package mutating func update(_ action: Action, at moment: Moment) -> [Effect] {
        now = moment
        return update(action)
    }

    /// Applies one action at `now` and returns the work to do. Pure: no file system, no clock, no randomness.
    package mutating func update(_ action: Action) -> [Effect] {
        let effects = apply(action)
        switch action {
        case .progressUpdated, .ticked, .queueUpdated, .streamUpdated, .conversationUpdated, .benchUpdated:
            return effects  // frequent, and they never move the selection or change a draft
        default:
            // Whatever moved the selection or changed what a request is built from (keys, the filter, a resize,
            // an edit, a save), the preview is rebuilt and the newly selected endpoint's stored answer looked up.
            refreshPreview()
            return effects + lookUpStoredResponse() + watchSelectedOAuth2Token() + loadSelectedCaptures()
                + followGraphQLSchemas()
        }
    }

    private mutating func apply(_ action: Action) -> [Effect] {
        switch action {
        case .keyPressed(let key):
            return handleKey(key)
        case .pasted(let text, let truncated):
            return handlePaste(text, truncated: truncated)
        case .mouse(let event):
            return handleMouse(event)
        case .resized(let width, let height):
            self.width = width
            self.height = height
            scrollListToSelection()
            clampResponseScroll()
            if case .help(let top) = overlay { overlay = .help(top: min(top, helpMaxTop)) }
            return []
        case .ticked(let moment):
            now = moment
            return []
        case .progressUpdated(let id, let progress, let time):
            exchanges[id]?.record(progress, at: time)
            return []
        case .exchangeFinished(let id, let result, let time):
            return finishExchange(id, result, at: time) + reloadOpenCookieView()
        case .streamUpdated(let id, let rows):
            showEvents(rows, of: id)
            return []
        case .webSocketOpened(let id, let result, let time):
            return webSocketOpened(id, result, at: time)
        case .conversationUpdated(let id, let rows, let file):
            conversationUpdated(id, rows, file: file)
            return []
        case .webSocketClosed(let id, let close, let time):
            webSocketClosed(id, close, at: time)
            return []
        case .webSocketNoted(let text, let isError):
            message = StatusMessage(text, isError: isError)
            return []
        case .bodyPrepared(let id, let document):
            exchanges[id]?.document = document
            clampResponseScroll()
            return []
        case .capturesLoaded(let key, let values):
            // Values captured in this session are newer than the file's.
            captured[key] = values.merging(captured[key] ?? [:]) { _, session in session }
            capturesRevision += 1
            return []
        case .chainConcluded(let id, let key, let step):
            return concludeChain(id, key, step)
        case .bodyFiltered(let id, let generation, let result):
            showFiltered(id, generation: generation, result)
            return []
        case .warned(let warnings):
            if let last = warnings.last { message = StatusMessage("warning: \(last)", isError: true) }
            return []
        case .storedResponseLoaded(let key, let stored, let warning):
            return showStored(stored, for: key, warning: warning)
        case .queueUpdated(let waiting):
            queuedRequests = waiting
            return []
        case .searchFinished(let id, let line):
            // A result for another exchange, or one that arrives after the tab changed (`searching` was reset),
            // would land on a line of something no longer shown.
            guard response.exchange == id, response.searching else { return [] }
            response.searching = false
            // The document counts lines from the body's first; the Raw tab shows the head above them.
            let offset = response.tab == .raw ? shownExchange?.response.map(Self.rawHeadLineCount) ?? 0 : 0
            if line == nil, response.tab == .raw, let httpResponse = shownExchange?.response {
                // Nothing in the body: the head may still hold a match.
                showMatch(Self.headMatch(response.query, in: httpResponse, from: nil, forward: true))
                return []
            }
            showMatch(line.map { $0 + offset })
            return []
        case .matchesCounted(let matches):
            matchesCounted(matches)
            return []
        case .copied(let what, let via, let error):
            message =
                error.map { StatusMessage("could not copy \(what): \($0)", isError: true) }
                ?? StatusMessage("copied \(what) (\(via.joined(separator: ", ")))")
            return []
        case .requestShown(let id, let shown):
            exchanges[id]?.shownRequest = shown
            return []
        case .externalEditorFinished(let key, let text, let error):
            if let error {
                message = StatusMessage(error, isError: true)
                return []
            }
            guard let text else { return [] }
            return applyBody(text, for: key)
        case .builtInEditorRequested(let key, let text):
            openBuiltInEditor(key, text: text)
            return []
        case .tokenUpdated(let key, let status):
            tokens[key] = status
            // The login the prompt was for has ended (a token, a failure, a cancel): its URL is spent.
            if status != .token(.refreshing) { browserPrompt = nil }
            confirmRequestedToken(key, status)
            return []
        case .tokenDetailed(let key, let details):
            tokenDetails[key] = details
            return []
        case .browserLoginStarted(let prompt):
            return browserLoginStarted(prompt)
        case .profileSaved(let id, let saved, let error, let note):
            profileSaved(id, saved: saved, error: error, note: note)
            return []
        case .profileFilesChanged(let changes):
            profileFilesChanged(changes)
            return []
        case .bodySaved(let path, let bytes, let error):
            message =
                error.map { StatusMessage("could not write \(path): \($0)", isError: true) }
                ?? StatusMessage(BodyDestination.savedMessage(path: path, bytes: bytes))
            return []
        case .historyLoaded(let entries, let error):
            return historyLoaded(entries, error: error)
        case .historyEntryLoaded(let entry, let resend, let error):
            return historyEntryLoaded(entry, resend: resend, error: error)
        case .historyDiffLoaded(let diff, let error):
            return historyDiffLoaded(diff, error: error)
        case .baselineLoaded(let key, let baseline):
            return baselineLoaded(key, baseline)
        case .benchUpdated(let id, let snapshot):
            benchUpdated(id, snapshot)
            return []
        case .benchFinished(let id, let snapshot):
            benchFinished(id, snapshot)
            return []
        case .terminationRequested:
            endedFromOutside = true
            return quit()  // from outside (SIGTERM, SIGHUP): nobody is there to answer a question
        case .draftsRecovered(let recovered):
            return draftsRecovered(recovered.drafts)
        case .cookiesLoaded(let path, let cookies, let error):
            cookiesLoaded(path: path, cookies, error: error)
            return []
        case .graphQLSchemaLoaded(let key, let index, let error, let fetched):
            graphQLSchemaLoaded(key, index, error: error, fetched: fetched)
            return []
        case .graphQLQueryChecked(let key, let query, let result):
            graphQLQueryChecked(key, query: query, result)
            return []
        case .secretsFilesListed(let profile, let files):
            secretsFilesListed(profile: profile, files)
            return []
        case .secretsFileSwitched(let profile, let envFile, let loaded, let error):
            return secretsFileSwitched(profile: profile, envFile: envFile, loaded, error: error)
        }
    }

    // MARK: - Keys

    mutating func handleKey(_ key: Key) -> [Effect] {
        // `m` shows the message in full, so it must see it before a key clears it.
        if let context = paneContext, keyMap.command(for: key, in: context) == .showMessage {
            showFullMessage()
            return []
        }
        message = nil
        // Ctrl-C works the same everywhere: cancel what runs, else quit (asked: Ctrl-C again quits).
        if key == .control("c"), case .quitQuestion? = overlay { return quit() }
        // Unanswered, the restore question keeps the journal for the next start.
        if key == .control("c"), case .restoreQuestion? = overlay { return quit() }
        if key == .control("c") { return cancelOrStepBack(quitting: true) }
        if let overlay {
            if openPalette(over: overlay, key: key) { return [] }
            return handleOverlayKey(key, overlay)
        }
        if fieldEdit != nil { return handleFieldKey(key) }
        if isFiltering { return handleFilterKey(key) }
        if response.searchField != nil { return handleSearchKey(key) }
        if response.filterField != nil { return handleBodyFilterKey(key) }
        guard let context = paneContext, let command = keyMap.command(for: key, in: context) else { return [] }
        return perform(command)
    }

    /// The focused pane's key context, when the keys go to a pane (no overlay, field, filter or search has them).
    var paneContext: KeyContext? {
        guard overlay == nil, fieldEdit == nil, !isFiltering, response.searchField == nil,
            response.filterField == nil
        else { return nil }
        switch focus {
        case .list: return .list
        case .editor: return .editor
        case .response: return .response
        }
    }

    /// Performs a pane command (the focused pane's, or a global one).
    mutating func perform(_ command: KeyCommand) -> [Effect] {
        switch command {
        case .quit:
            // q stops a running bench first (its figures stay); q again quits, even before the stop is done.
            if bench?.phase == .running { return stopBench() }
            return requestQuit()
        case .bench: return openBenchForm()
        case .showHelp: openHelp()
        case .showPalette: openPalette()
        case .send: return sendSelected()
        case .sendBypassingCache: return sendSelected(cacheMode: .refresh)
        case .oneOffRequest: startOneOff()
        case .keepOneOff: return keepOneOff()
        case .cancel: return cancelOrStepBack()
        case .focusNext: cycleFocus(by: 1)
        case .focusPrevious: cycleFocus(by: -1)
        case .chooseEnvironment: chooseEnvironment()
        case .showAuth: return showAuth()
        case .saveProfile: return saveProfile()
        case .showProblems: overlay = .problems(top: 0)
        case .showValues: showValues()
        case .showHistory: return showHistory()
        case .showCookies: return showCookies()
        case .showVariables: showVariables()
        case .toggleZoom, .toggleList, .toggleWrap, .resizeList, .resizeEditor: return arrangePanes(command)
        default:
            switch focus {
            case .list: return performList(command)
            case .editor: return performEditor(command)
            case .response: return performResponse(command)
            }
        }
        return []
    }

    mutating func quit() -> [Effect] {
        shouldQuit = true
        let bench = self.bench.flatMap { $0.isRunning ? [Effect.stopBench(id: $0.id)] : nil } ?? []
        return runningExchanges.map { .cancel(exchange: $0.id) } + bench + [.quit]
    }

    mutating func cycleFocus(by step: Int) {
        // A hidden list is not a stop.
        let all = Focus.allCases.filter { $0 != .list || !panes.listHidden }
        let index = all.firstIndex(of: focus) ?? 0
        focus = all[(index + step + all.count) % all.count]
    }

    /// Esc / Ctrl-C: cancel the shown exchange when it runs; otherwise Esc steps back and Ctrl-C quits.
    mutating func cancelOrStepBack(quitting: Bool = false) -> [Effect] {
        // The bench on screen is what runs there (Ctrl-C too: it cancels what runs first).
        if shownBench?.phase == .running { return stopBench() }
        if let exchange = shownExchange, exchange.isRunning {
            if !quitting, let close = closeWebSocket(exchange) { return close }
            if !quitting, let stop = stopStream(exchange) { return stop }
            message = StatusMessage("cancelling \(exchange.method.rawValue) \(exchange.url)")
            return [.cancel(exchange: exchange.id)]
        }
        if let cancel = cancelPendingLogin() { return cancel }
        if quitting { return requestQuit() }
        if focus == .response, response.filter != nil { return clearBodyFilter() }
        if focus != .list {
            if !panes.listHidden { focus = .list }
        } else if isListFiltered {
            filter = LineEditor()
            methodFilter = nil
            rebuildRows()
        }
        return []
    }

    /// Gives a key to the open overlay; each feature handles its own.
    mutating func handleOverlayKey(_ key: Key, _ overlay: Overlay) -> [Effect] {
        switch overlay {
        case .help(let top): return handleHelpKey(key, top: top)
        case .problems(let top): return handleProblemsKey(key, top: top)
        case .environments(let selected): return handleEnvironmentsKey(key, selected: selected)
        case .auth: return handleAuthKey(key)
        case .bodyEditor(let state): return handleBodyEditorKey(key, state)
        case .prompt(let prompt): return handlePromptKey(key, prompt)
        case .message: return handleMessageKey(key)
        case .quitQuestion: return handleQuitQuestionKey(key)
        case .values(let view): return handleValuesKey(key, view)
        case .history(let panel): return handleHistoryKey(key, panel)
        case .cookies(let view): return handleCookiesKey(key, view)
        case .restoreQuestion(let question): return handleRestoreQuestionKey(key, question)
        case .picker(let picker): return handlePickerKey(key, picker)
        case .palette(let palette): return handlePaletteKey(key, palette)
        case .variables(let view): return handleVariablesKey(key, view)
        case .benchForm(let form): return handleBenchFormKey(key, form)
        }
    }
}

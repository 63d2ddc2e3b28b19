import ExplorerCore
import Foundation

extension AppState {
    /// Applies one action and returns the work to do. Pure: no I/O, no clocks (time arrives in actions).
    public mutating func update(_ action: Action) -> [Effect] {
        let effects = apply(action)
        switch action {
        case .progressUpdated, .ticked, .queueUpdated:
            return effects  // frequent, and they never move the selection
        default:
            // Whatever moved the selection (keys, the filter, a resize, a save), the newly selected endpoint's
            // stored answer is looked up here.
            return effects + lookUpStoredResponse()
        }
    }

    private mutating func apply(_ action: Action) -> [Effect] {
        switch action {
        case .keyPressed(let key):
            return handleKey(key)
        case .resized(let width, let height):
            self.width = width
            self.height = height
            scrollListToSelection()
            clampResponseScroll()
            if case .help(let top) = overlay {
                overlay = .help(top: min(top, HelpView.maxTop(width: width, height: height)))
            }
            return []
        case .ticked(let moment):
            now = moment
            return []
        case .progressUpdated(let id, let progress, let time):
            transfers[id]?.record(progress, at: time)
            return []
        case .transferFinished(let id, let result, let time):
            return finishTransfer(id, result, at: time)
        case .bodyPrepared(let id, let document):
            transfers[id]?.document = document
            clampResponseScroll()
            return []
        case .storedResponseLoaded(let key, let stored, let warning):
            return showStored(stored, for: key, warning: warning)
        case .queueUpdated(let waiting):
            queuedRequests = waiting
            return []
        case .searchFinished(let id, let line):
            // A result for another transfer, or one that arrives after the tab changed (`searching` was reset),
            // would land on a line of something no longer shown.
            guard response.transfer == id, response.searching else { return [] }
            response.searching = false
            // The document counts lines from the body's first; the Raw tab shows the head above them.
            let offset = response.tab == .raw ? shownTransfer?.response.map(Self.rawHeadLineCount) ?? 0 : 0
            showMatch(line.map { $0 + offset })
            return []
        case .externalEditorFinished(let key, let text, let error):
            if let error {
                message = StatusMessage(error, isError: true)
                return []
            }
            guard let text else { return [] }
            return applyBody(text, for: key)
        case .tokenUpdated(let key, let status):
            tokens[key] = status
            return []
        case .profileSaved(let id, let saved, let error):
            if let error {
                message = StatusMessage("not saved: \(error)", isError: true)
            } else {
                if let saved { replaceProfile(saved) }
                message = StatusMessage("saved profile \(id)")
            }
            return []
        case .bodySaved(let path, let error):
            message = error.map { StatusMessage("could not write \(path): \($0)", isError: true) }
                ?? StatusMessage("body written to \(path)")
            return []
        case .terminationRequested:
            return quit()
        }
    }

    // MARK: - Keys

    mutating func handleKey(_ key: Key) -> [Effect] {
        message = nil
        // Ctrl-C works the same everywhere: cancel what runs, else quit.
        if key == .control("c") { return cancelOrStepBack(quitting: true) }
        if let overlay { return handleOverlayKey(key, overlay) }
        if fieldEdit != nil { return handleFieldKey(key) }
        if isFiltering { return handleFilterKey(key) }
        if response.searchField != nil { return handleSearchKey(key) }
        let context: KeyContext = switch focus {
        case .list: .list
        case .editor: .editor
        case .response: .response
        }
        guard let command = KeyMap.command(for: key, in: context) else { return [] }
        return perform(command)
    }

    /// Performs a pane command (the focused pane's, or a global one).
    public mutating func perform(_ command: Command) -> [Effect] {
        switch command {
        case .quit: return quit()
        case .showHelp: overlay = .help(top: 0)
        case .send: return sendSelected()
        case .sendBypassingCache: return sendSelected(cacheMode: .refresh)
        case .cancel: return cancelOrStepBack()
        case .focusNext: cycleFocus(by: 1)
        case .focusPrevious: cycleFocus(by: -1)
        case .chooseEnvironment:
            guard let profile = selectedProfile else { return [] }
            let current = profile.environments.firstIndex { $0.name == environmentName(for: profile) } ?? 0
            overlay = .environments(selected: current)
        case .showAuth:
            overlay = .auth
            return watchCurrentToken()
        case .saveProfile: return saveProfile()
        case .showProblems: overlay = .problems(top: 0)
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
        return runningTransfers.map { .cancel(transfer: $0.id) } + [.quit]
    }

    mutating func cycleFocus(by step: Int) {
        let all = Focus.allCases
        let index = all.firstIndex(of: focus) ?? 0
        focus = all[(index + step + all.count) % all.count]
    }

    /// Esc / Ctrl-C: cancel the shown transfer when it runs; otherwise Esc steps back and Ctrl-C quits.
    mutating func cancelOrStepBack(quitting: Bool = false) -> [Effect] {
        if let transfer = shownTransfer, transfer.isRunning {
            message = StatusMessage("cancelling \(transfer.method.rawValue) \(transfer.url)")
            return [.cancel(transfer: transfer.id)]
        }
        if quitting { return quit() }
        if focus != .list {
            focus = .list
        } else if !filter.text.isEmpty {
            filter = LineEditor()
            rebuildRows()
        }
        return []
    }

    // MARK: - Sending

    /// Sends the selected endpoint; one that declares `cache:` goes through the response cache (`cacheMode`
    /// `.refresh`: ask the server even when a fresh answer is stored).
    mutating func sendSelected(cacheMode: CacheOptions.Mode = .use) -> [Effect] {
        guard let key = selectedKey, let profile = selectedProfile, let endpoint = selectedEndpoint else {
            if case .profile = selectedListRow { return performList(.activate) }
            if case .folder = selectedListRow { return performList(.activate) }
            return []
        }
        let request: PreparedRequest
        switch prepare(key) {
        case .failure(let error):
            message = StatusMessage(error.message, isError: true)
            return []
        case .success(let prepared):
            request = prepared
        }
        let shownURL = (try? prepare(key, masking: true).get().url) ?? request.url
        let id = nextTransferID
        nextTransferID += 1
        // A finished earlier result of this endpoint is replaced; a running one keeps going until it ends.
        if let previous = latestTransfer[key], transfers[previous]?.isRunning == false {
            transfers[previous] = nil
        }
        transfers[id] = TransferState(
            id: id, key: key, method: request.method, url: shownURL, startedAt: now.uptime)
        latestTransfer[key] = id
        showTransfer(id)
        let auth = AuthSessionKey(profile: profile.id, environment: environmentName(for: profile))
        let cache = CacheOptions.forEndpoint(endpoint, profile: profile.id, mode: cacheMode)
        var effects: [Effect] = [
            .send(transfer: id, request, auth: auth, priority: endpoint.priority ?? .normal, cache: cache)
        ]
        effects += watch(auth)
        return effects
    }

    mutating func finishTransfer(_ id: Int, _ result: Result<Response, ClientError>, at time: Double) -> [Effect] {
        guard var transfer = transfers[id] else { return [] }
        transfer.finishedAt = time
        switch result {
        case .success(let response):
            transfer.outcome = .response(response)
        case .failure(let error):
            transfer.outcome = .failure(error)
        }
        let isLatest = latestTransfer[transfer.key] == id
        if !isLatest {
            transfers[id] = nil  // superseded by a newer send of the same endpoint
            return []
        }
        transfers[id] = transfer
        if case .failure(let error) = result, error.isCancelled {
            message = StatusMessage("cancelled \(transfer.method.rawValue) \(transfer.url)")
        }
        guard case .success(let response) = result else { return [] }
        if response.source == .cache, selectedKey == transfer.key {
            let age = transfer.responseAge(now: time).map { ", \(Units.age($0)) old" } ?? ""
            message = StatusMessage("answered from the cache\(age): R asks the server")
        }
        return [.prepareBody(transfer: id, response)]
    }

    // MARK: - Stored responses

    /// Asks for the stored response of the selected endpoint when it declares `cache:`, nothing was sent for it
    /// in this session and it was not looked up yet.
    mutating func lookUpStoredResponse() -> [Effect] {
        guard !shouldQuit, let key = selectedKey, latestTransfer[key] == nil, !storedLookups.contains(key),
            let profile = selectedProfile, let endpoint = selectedEndpoint,
            let cache = CacheOptions.forEndpoint(endpoint, profile: profile.id),
            case .success(let request) = prepare(key)
        else { return [] }
        storedLookups.insert(key)
        let auth = AuthSessionKey(profile: profile.id, environment: environmentName(for: profile))
        return [.loadStoredResponse(key, request, auth: auth, cache: cache)]
    }

    /// Shows a stored response as the endpoint's result (marked as stored, nothing sent), unless the user sent
    /// the endpoint meanwhile.
    mutating func showStored(_ stored: ResponseCache.Stored?, for key: EndpointKey, warning: String?) -> [Effect] {
        if let warning { message = StatusMessage(warning, isError: true) }
        guard let stored, latestTransfer[key] == nil else { return [] }
        let response = stored.response
        let id = nextTransferID
        nextTransferID += 1
        let shownURL = (try? prepare(key, masking: true).get().url) ?? response.url
        var transfer = TransferState(id: id, key: key, method: response.method, url: shownURL, startedAt: now.uptime)
        transfer.finishedAt = now.uptime
        transfer.outcome = .response(response)
        transfer.origin = .stored(isFresh: stored.isFresh)
        transfers[id] = transfer
        latestTransfer[key] = id
        if selectedKey == key { showTransfer(id) }
        return [.prepareBody(transfer: id, response)]
    }

    /// Points the response pane at a transfer, resetting scroll and search when it changes.
    mutating func showTransfer(_ id: Int?) {
        guard response.transfer != id else { return }
        var fresh = ResponseViewState()
        fresh.transfer = id
        fresh.tab = response.tab
        fresh.query = response.query
        response = fresh
    }

    /// Keeps the response pane on the selected endpoint's latest transfer.
    mutating func syncResponseToSelection() {
        showTransfer(shownTransfer?.id)
        editorRow = 0
    }

    // MARK: - Endpoint list

    mutating func performList(_ command: Command) -> [Effect] {
        switch command {
        case .moveUp: moveSelection(to: selectedRow - 1)
        case .moveDown: moveSelection(to: selectedRow + 1)
        case .pageUp: moveSelection(to: selectedRow - max(1, listHeight - 1))
        case .pageDown: moveSelection(to: selectedRow + max(1, listHeight - 1))
        case .moveTop: moveSelection(to: 0)
        case .moveBottom: moveSelection(to: rows.count - 1)
        case .collapse, .expand, .activate:
            guard let row = selectedListRow else { return [] }
            let key: String
            switch row {
            case .profile(let p): key = Self.profileKey(profiles[p].id)
            case .folder(let p, let name): key = Self.folderKey(profiles[p].id, name)
            case .endpoint:
                if command == .activate { return sendSelected() }
                if command == .expand { focus = .editor }
                return []
            }
            switch command {
            case .collapse: collapsed.insert(key)
            case .expand: collapsed.remove(key)
            default: if collapsed.contains(key) { collapsed.remove(key) } else { collapsed.insert(key) }
            }
            rebuildRows()
        case .startFilter:
            isFiltering = true
            scrollListToSelection()  // the filter line takes a row from the list
        default:
            break
        }
        return []
    }

    mutating func moveSelection(to row: Int) {
        guard !rows.isEmpty else { return }
        selectedRow = min(max(0, row), rows.count - 1)
        scrollListToSelection()
        syncResponseToSelection()
    }

    mutating func handleFilterKey(_ key: Key) -> [Effect] {
        switch key {
        case .enter, .down:
            isFiltering = false
        case .escape:
            isFiltering = false
            filter = LineEditor()
            rebuildRows()
        case .up:
            isFiltering = false
        default:
            let before = filter.text
            filter.handle(key)
            if filter.text != before {
                rebuildRows()
                syncResponseToSelection()
            }
        }
        scrollListToSelection()  // the filter line may have appeared or gone, changing the list's height
        return []
    }

    // MARK: - Request editor

    mutating func performEditor(_ command: Command) -> [Effect] {
        guard let key = selectedKey, var draft = draft(for: key) else {
            if command == .moveUp || command == .moveDown { return [] }
            message = StatusMessage("select an endpoint to edit its request")
            return []
        }
        var rows = draft.rows(editorTab)
        switch command {
        case .previousTab: selectTab(EditorTab(rawValue: (editorTab.rawValue + 3) % 4)!)
        case .nextTab: selectTab(EditorTab(rawValue: (editorTab.rawValue + 1) % 4)!)
        case .selectTab(let tab): selectTab(tab)
        case .moveUp: editorRow = max(0, editorRow - 1)
        case .moveDown: editorRow = min(max(0, rows.count - 1), editorRow + 1)
        case .editValue, .editName:
            if editorTab == .body { return editBody(key, draft) }
            guard rows.indices.contains(editorRow) else { return performEditor(.addRow) }
            let row = rows[editorRow]
            let part: FieldEdit.Part = command == .editName ? .name : .value
            fieldEdit = FieldEdit(
                tab: editorTab, row: editorRow, part: part, field: LineEditor(part == .name ? row.name : row.value),
                isNewRow: false)
        case .addRow:
            if editorTab == .body { return editBody(key, draft) }
            rows.append(DraftRow(name: "", value: ""))
            draft.setRows(rows, for: editorTab)
            drafts[key] = draft
            editorRow = rows.count - 1
            fieldEdit = FieldEdit(tab: editorTab, row: editorRow, part: .name, field: LineEditor(), isNewRow: true)
        case .deleteRow:
            guard rows.indices.contains(editorRow) else { return [] }
            rows.remove(at: editorRow)
            draft.setRows(rows, for: editorTab)
            drafts[key] = draft
            editorRow = min(editorRow, max(0, rows.count - 1))
        case .toggleRow:
            guard rows.indices.contains(editorRow) else { return [] }
            rows[editorRow].enabled.toggle()
            draft.setRows(rows, for: editorTab)
            drafts[key] = draft
        case .editBody:
            return editBody(key, draft)
        default:
            break
        }
        return []
    }

    mutating func selectTab(_ tab: EditorTab) {
        editorTab = tab
        editorRow = 0
    }

    mutating func editBody(_ key: EndpointKey, _ draft: RequestDraft) -> [Effect] {
        let body = draft.body ?? BodyDraft(kind: .json, text: "")
        return [.editBody(key, text: body.text)]
    }

    /// Opens the built-in editor (the runtime does this when `$EDITOR` is not set).
    public mutating func openBuiltInEditor(_ key: EndpointKey, text: String, error: String? = nil) {
        let kind = draft(for: key)?.body?.kind ?? .json
        overlay = .bodyEditor(BodyEditorState(key: key, kind: kind, text: text, error: error))
    }

    /// Takes edited body text: valid text becomes the draft's body; invalid text reopens the built-in editor on
    /// it with the error, so nothing typed is lost.
    mutating func applyBody(_ text: String, for key: EndpointKey) -> [Effect] {
        guard var draft = draft(for: key) else { return [] }
        var body = draft.body ?? BodyDraft(kind: Self.guessKind(text), text: text)
        body.text = text
        if let error = body.validate() {
            openBuiltInEditor(key, text: text, error: error)
            message = StatusMessage(error, isError: true)
            return []
        }
        draft.body = text.isEmpty && draft.body == nil ? nil : body
        drafts[key] = draft
        message = StatusMessage("body updated (\(body.kind.name))")
        return []
    }

    static func guessKind(_ text: String) -> BodyDraft.Kind {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") { return .json }
        if trimmed.hasPrefix("@"), !trimmed.contains("\n") { return .file(contentType: nil) }
        return .text(contentType: nil)
    }

    mutating func handleFieldKey(_ key: Key) -> [Effect] {
        guard var edit = fieldEdit, let endpointKey = selectedKey, var draft = draft(for: endpointKey) else {
            fieldEdit = nil
            return []
        }
        var rows = draft.rows(edit.tab)
        guard rows.indices.contains(edit.row) else {
            fieldEdit = nil
            return []
        }
        switch key {
        case .escape:
            if edit.isNewRow {
                rows.remove(at: edit.row)
                draft.setRows(rows, for: edit.tab)
                drafts[endpointKey] = draft
                editorRow = max(0, min(editorRow, rows.count - 1))
            }
            fieldEdit = nil
        case .enter, .tab:
            let text = edit.field.text
            switch edit.part {
            case .name:
                guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                    message = StatusMessage("a name is needed", isError: true)
                    return []
                }
                rows[edit.row].name = text.trimmingCharacters(in: .whitespaces)
            case .value:
                rows[edit.row].value = text
                rows[edit.row].enabled = true
            }
            draft.setRows(rows, for: edit.tab)
            drafts[endpointKey] = draft
            if edit.part == .name && edit.isNewRow {
                edit.part = .value
                edit.field = LineEditor(rows[edit.row].value)
                fieldEdit = edit
            } else {
                fieldEdit = nil
            }
        default:
            edit.field.handle(key)
            fieldEdit = edit
        }
        return []
    }

    // MARK: - Response

    mutating func performResponse(_ command: Command) -> [Effect] {
        let page = max(1, responseBodyHeight - 1)
        switch command {
        case .moveUp: response.top -= 1
        case .moveDown: response.top += 1
        case .pageUp: response.top -= page
        case .pageDown: response.top += page
        case .moveTop: response.top = 0
        case .moveBottom: response.top = Int.max / 2
        case .scrollLeft: response.left = max(0, response.left - Self.horizontalStep)
        case .scrollRight: response.left = min(response.left + Self.horizontalStep, Self.maxLeft)
        case .previousTab, .nextTab:
            let step = command == .nextTab ? 1 : 2
            response.tab = ResponseTab(rawValue: (response.tab.rawValue + step) % 3)!
            response.top = 0
            response.left = 0
            response.matchLine = nil
            response.searching = false  // a search still running was for the old tab's lines
        case .startSearch:
            response.searchField = LineEditor(response.query)
        case .nextMatch, .previousMatch:
            return search(forward: command == .nextMatch, skipCurrent: true)
        case .saveBody:
            guard let transfer = shownTransfer, transfer.response != nil else {
                message = StatusMessage("no response body to save", isError: true)
                return []
            }
            let name = transfer.key.endpoint.replacingOccurrences(of: "/", with: "_") + ".body"
            overlay = .prompt(Prompt(purpose: .saveBody(transfer: transfer.id), title: "Write body to", text: name))
        default:
            break
        }
        clampResponseScroll()
        return []
    }

    /// Columns one `h` or `l` scrolls; lines are formatted only up to what is shown, so the limit keeps a held key
    /// from asking for megabytes of one line.
    static let horizontalStep = 20
    static let maxLeft = 100_000

    mutating func handleSearchKey(_ key: Key) -> [Effect] {
        guard var field = response.searchField else { return [] }
        switch key {
        case .escape:
            response.searchField = nil
        case .enter:
            response.searchField = nil
            response.query = field.text
            return search(forward: true, skipCurrent: false)
        default:
            field.handle(key)
            response.searchField = field
        }
        return []
    }

    /// Lines of the current response tab.
    public func responseLineCount() -> Int {
        guard let transfer = shownTransfer else { return 0 }
        switch response.tab {
        case .body: return transfer.document?.lineCount ?? 0
        case .headers: return (transfer.response?.headers.count ?? 0) + 1
        case .raw:
            guard let response = transfer.response else { return 0 }
            return Self.rawHeadLineCount(response) + (transfer.document?.rawLineCount ?? 0)
        }
    }

    /// Lines the Raw tab shows before the body: the status line, the headers and a blank line.
    static func rawHeadLineCount(_ response: Response) -> Int { response.headers.count + 2 }

    /// Scrolls to a match (a line of the current tab), or reports that there is none.
    mutating func showMatch(_ line: Int?) {
        if let line {
            response.matchLine = line
            response.top = max(0, line - responseBodyHeight / 3)
            clampResponseScroll()
        } else {
            response.matchLine = nil
            message = StatusMessage("not found: \(response.query)", isError: true)
        }
    }

    mutating func search(forward: Bool, skipCurrent: Bool) -> [Effect] {
        guard !response.query.isEmpty else {
            response.searchField = LineEditor()
            return []
        }
        guard let transfer = shownTransfer, let httpResponse = transfer.response else { return [] }
        let current = response.matchLine ?? (forward ? response.top - 1 : response.top + 1)
        let start = skipCurrent || response.matchLine == nil ? current + (forward ? 1 : -1) : current
        switch response.tab {
        case .headers:
            let lines = Self.headerLines(httpResponse).map { $0.lowercased() }
            let needle = response.query.lowercased()
            let count = lines.count
            for step in 0..<count {
                let index = ((start + (forward ? step : -step)) % count + count) % count
                if lines[index].contains(needle) {
                    showMatch(index)
                    return []
                }
            }
            showMatch(nil)
            return []
        case .body, .raw:
            guard let document = transfer.document else { return [] }
            response.searching = true
            let raw = response.tab == .raw
            // The document numbers lines from the body's first; `.searchFinished` adds the head back.
            let offset = raw ? Self.rawHeadLineCount(httpResponse) : 0
            return [.search(transfer: transfer.id, document, query: response.query, from: max(0, start - offset),
                forward: forward, raw: raw)]
        }
    }

    /// `Name: value` lines of the headers tab (status line first).
    static func headerLines(_ response: Response) -> [String] {
        ["\(response.httpVersion) \(response.statusLine)"] + response.headers.map { "\($0.name): \($0.value)" }
    }

    mutating func clampResponseScroll() {
        let maxTop = max(0, responseLineCount() - responseBodyHeight)
        response.top = min(max(0, response.top), maxTop)
    }

    // MARK: - Overlays

    mutating func handleOverlayKey(_ key: Key, _ overlay: Overlay) -> [Effect] {
        switch overlay {
        case .help(let top):
            let page = HelpView.visibleLines(width: width, height: height)
            let maxTop = HelpView.maxTop(width: width, height: height)
            // Clamped both ways, so Up works at once after scrolling past the end.
            let clamp = { (top: Int) in Overlay.help(top: min(max(0, top), maxTop)) }
            switch KeyMap.command(for: key, in: .help) {
            case .moveUp: self.overlay = clamp(top - 1)
            case .moveDown: self.overlay = clamp(top + 1)
            case .pageUp: self.overlay = clamp(top - page)
            case .pageDown: self.overlay = clamp(top + page)
            case .close: self.overlay = nil
            default: break
            }
        case .problems(let top):
            switch KeyMap.command(for: key, in: .problems) {
            case .moveUp: self.overlay = .problems(top: max(0, top - 1))
            case .moveDown: self.overlay = .problems(top: min(top + 1, max(0, catalog.problems.count - 1)))
            case .close: self.overlay = nil
            default: break
            }
        case .environments(let selected):
            guard let profile = selectedProfile else {
                self.overlay = nil
                return []
            }
            switch KeyMap.command(for: key, in: .environments) {
            case .moveUp: self.overlay = .environments(selected: max(0, selected - 1))
            case .moveDown:
                self.overlay = .environments(selected: min(profile.environments.count - 1, selected + 1))
            case .choose:
                self.overlay = nil
                guard profile.environments.indices.contains(selected) else { return [] }
                chosenEnvironments[profile.id] = profile.environments[selected].name
                message = StatusMessage("environment: \(profile.environments[selected].name)")
                return watchCurrentToken()
            case .close: self.overlay = nil
            default: break
            }
        case .auth:
            guard let auth = currentAuthKey else {
                self.overlay = nil
                return []
            }
            switch KeyMap.command(for: key, in: .auth) {
            case .login: return [.login(auth)]
            case .refreshToken: return [.refreshToken(auth)]
            case .logout: return [.logout(auth)]
            case .close: self.overlay = nil
            default: break
            }
        case .bodyEditor(var state):
            switch KeyMap.command(for: key, in: .bodyEditor) {
            case .confirm:
                var body = draft(for: state.key)?.body ?? BodyDraft(kind: state.kind, text: "")
                body.text = state.editor.text
                if let error = body.validate() {
                    state.error = error
                    self.overlay = .bodyEditor(state)
                    return []
                }
                self.overlay = nil
                return applyBody(state.editor.text, for: state.key)
            case .close:
                self.overlay = nil
                message = StatusMessage("body edit discarded")
            default:
                state.editor.handle(key, pageHeight: max(1, height - 8))
                state.editor.scrollIntoView(height: max(1, height - 8))
                self.overlay = .bodyEditor(state)
            }
        case .prompt(var prompt):
            switch key {
            case .escape:
                self.overlay = nil
            case .enter:
                self.overlay = nil
                let path = prompt.field.text.trimmingCharacters(in: .whitespaces)
                guard !path.isEmpty else { return [] }
                switch prompt.purpose {
                case .saveBody(let id):
                    guard let response = transfers[id]?.response else { return [] }
                    return [.saveBody(response, path: path)]
                }
            default:
                prompt.field.handle(key)
                self.overlay = .prompt(prompt)
            }
        }
        return []
    }

    // MARK: - Auth and saving

    mutating func watchCurrentToken() -> [Effect] {
        guard let key = currentAuthKey else { return [] }
        return watch(key)
    }

    mutating func watch(_ key: AuthSessionKey) -> [Effect] {
        guard watchedTokens.insert(key).inserted else { return [] }
        return [.watchToken(key)]
    }

    mutating func saveProfile() -> [Effect] {
        guard let profile = selectedProfile else { return [] }
        var edited = profile
        var changed = false
        for (index, endpoint) in profile.endpoints.enumerated() {
            let key = EndpointKey(profile: profile.id, endpoint: endpoint.id)
            guard let draft = drafts[key], draft != RequestDraft(endpoint: endpoint) else { continue }
            edited.endpoints[index] = draft.endpoint(from: endpoint)
            changed = true
        }
        guard changed else {
            message = StatusMessage("no edits to save in \(profile.id)")
            return []
        }
        return [.saveProfile(edited)]
    }
}

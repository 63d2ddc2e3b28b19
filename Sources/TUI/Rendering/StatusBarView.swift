import ExplorerCore

/// The bottom line: environment, token state, running exchanges, then a message or key hints from the key map.
enum StatusBarView {
    static func draw(_ state: AppState, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        buffer.fill(rect, style: theme.statusBar)
        if case .prompt(let prompt)? = state.overlay {
            let title = prompt.asksDiscard ? "Discard what you typed? y discards, any other key goes on" : prompt.title
            let x = buffer.write(" \(title): ", x: rect.x, y: rect.y, limit: rect.maxX, style: theme.statusBar)
            RequestEditorView.drawField(
                prompt.field, x: x, y: rect.y, width: rect.maxX - x - 1, theme: theme,
                on: &buffer)
            return
        }
        if case .picker(let picker)? = state.overlay, picker.customAsksDiscard {
            buffer.write(
                " Discard the method you typed? y discards, any other key goes on editing ",
                x: rect.x, y: rect.y, limit: rect.maxX, style: theme.statusBar)
            return
        }
        if let edit = state.fieldEdit, edit.asksDiscard {
            buffer.write(
                " Discard your change to the \(edit.part.word)? y discards, any other key goes on editing ",
                x: rect.x, y: rect.y, limit: rect.maxX, style: theme.statusBar)
            return
        }
        if case .quitQuestion(let question)? = state.overlay {
            drawQuestion(question.text, context: .quitQuestion, map: state.keyMap, in: rect, theme: theme, on: &buffer)
            return
        }
        if case .restoreQuestion(let question)? = state.overlay {
            drawQuestion(
                question.text, context: .restoreQuestion, map: state.keyMap, in: rect, theme: theme, on: &buffer)
            return
        }
        var facts: [String] = []
        // The environment name is the profile's and a failed token's reason the server's: both escaped.
        var tokenCut = false
        if let profile = state.selectedProfile, state.isSketch {
            facts.append("env: \(SafeText.escape(state.environmentName(for: profile)))")
            facts.append("loading profiles…")
        } else if let profile = state.selectedProfile {
            facts.append("env: \(SafeText.escape(state.environmentName(for: profile)))")
            // A long auth state (a token server's reason) is cut to a third of the bar (40 columns at least), so a
            // message still shows beside it; `m` shows it whole.
            var auth = SafeText.escape(state.currentAuthSummaryText)
            let room = max(40, rect.width / 3)
            tokenCut = TextWidth.width(of: auth) > room
            if tokenCut { auth = TextWidth.truncate(auth, to: room) }
            facts.append(auth)
        }
        // Edits not saved to the profile file, always in view: `s` saves the selected profile's.
        let unsaved = state.unsavedEndpoints.count + state.unsavedVariableNames.count
        if unsaved > 0 {
            facts.append("✎ \(unsaved) unsaved")
        }
        // The selected endpoint's request budget, from its last answer (numbers only: `RateLimit` keeps no text).
        if let key = state.selectedKey, let budget = state.rateBudgets[key]?.summary(now: state.now.uptime) {
            facts.append(budget)
        }
        // Its last answer took more than twice what its recent answers usually take (`TimingBaseline`).
        if let key = state.selectedKey, let slow = state.slowSends[key] {
            facts.append("slow: \(slow)")
        }
        let running = state.runningExchanges.count
        if running > 0 {
            let queued = state.queuedRequests > 0 ? ", \(state.queuedRequests) queued" : ""
            facts.append("⟳ \(running) running\(queued)")
        }
        var x = buffer.write(
            " " + facts.joined(separator: " │ ") + " ", x: rect.x, y: rect.y, limit: rect.maxX,
            style: theme.statusBar.with(bold: true))
        x = buffer.write("│ ", x: x, y: rect.y, limit: rect.maxX, style: theme.statusBar)
        if let message = state.message {
            buffer.write(
                fitted(SafeText.escape(message.text), room: rect.maxX - x), x: x, y: rect.y, limit: rect.maxX,
                style: message.isError ? theme.error.with(reverse: true) : theme.statusBar)
            return
        }
        var hints = footerHints(state, context: context(of: state), unsaved: unsaved > 0, running: running > 0)
        if tokenCut { hints.insert("m more", at: 0) }
        buffer.write(
            whole(hints, room: rect.maxX - x).joined(separator: "  "), x: x, y: rect.y, limit: rect.maxX,
            style: theme.statusBar)
    }

    /// The leading `hints` that fit in `room` columns whole: they come most important first, and a hint cut in the
    /// middle (`q qu`) names no key.
    static func whole(_ hints: [String], room: Int) -> [String] {
        var used = 0
        var shown: [String] = []
        for hint in hints {
            let width = TextWidth.width(of: hint) + (shown.isEmpty ? 0 : 2)
            guard used + width <= room else { break }
            shown.append(hint)
            used += width
        }
        return shown
    }

    static let moreHint = "m: more"

    /// `text` as it fits in `room` columns: whole, or cut with a pointer to the key that shows it whole.
    static func fitted(_ text: String, room: Int) -> String {
        guard TextWidth.width(of: text) > room else { return text }
        let more = " (\(moreHint))"
        return TextWidth.truncate(text, to: room - TextWidth.width(of: more)) + more
    }

    /// A question (quit, restore): what it is about, then its keys (always visible: the question is cut first).
    private static func drawQuestion(
        _ question: String, context: KeyContext, map: KeyMap, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        let keys = " " + map.hints(for: context).map { "\($0.key) \($0.label)" }.joined(separator: "  ") + " "
        let room = max(0, rect.width - TextWidth.width(of: keys) - 1)
        let text = TextWidth.truncate(" " + SafeText.escape(question) + " ", to: room)
        let x = buffer.write(text, x: rect.x, y: rect.y, limit: rect.maxX, style: theme.error.with(reverse: true))
        buffer.write(keys, x: x + 1, y: rect.y, limit: rect.maxX, style: theme.statusBar.with(bold: true))
    }

    /// The few keys that matter where the focus is, as the map in effect binds them: the context's own hints,
    /// then save (when edits are unsaved), the palette and help, then the other global ones (cancel only while
    /// something runs). The bar cuts what does not fit, so the order is the priority.
    static func footerHints(_ state: AppState, context: KeyContext, unsaved: Bool, running: Bool) -> [String] {
        let map = state.keyMap
        guard [.list, .editor, .response].contains(context) else {
            return map.hints(for: context).map { "\($0.key) \($0.label)" }
        }
        // A key the context binds itself hides the global meaning of that key.
        let own = Set(map.bindings(in: context).flatMap(\.keys))
        // The Body tab has no rows to add or toggle: its hints are the body's own (Enter edits, T changes its type).
        let onBody = context == .editor && state.editorTab == .body
        var local = map.bindings(in: context).compactMap { binding -> (String, String)? in
            if onBody, [.addRow, .toggleRow].contains(binding.command) { return nil }
            return binding.hint.flatMap { hint in binding.keys.first.map { ($0.label, hint) } }
        }
        if onBody, let key = map.keys(for: .chooseBodyType, in: context).first {
            local.insert((key.label, "type"), at: min(1, local.count))
        }
        var global = map.bindings(in: .global).compactMap { binding -> (String, String)? in
            guard let hint = binding.hint, let key = binding.keys.first(where: { !own.contains($0) }) else {
                return nil
            }
            return (key.label, hint)
        }
        if !running { global.removeAll { $0.1 == "cancel" } }
        let first = ["send", "commands", "help"]
        let front = first.compactMap { label in global.first { $0.1 == label } }
        global.removeAll { first.contains($0.1) }
        if unsaved, let key = map.keys(for: .saveProfile, in: context).first { local.append((key.label, "save")) }
        if let selected = state.selectedKey, state.oneOffs.contains(selected),
            let key = map.keys(for: .keepOneOff, in: context).first
        {
            local.insert((key.label, "keep"), at: 0)
        }
        let hints = local + front + global
        return hints.map { "\($0.0) \($0.1)" }
    }

    /// The key context whose hints apply now.
    static func context(of state: AppState) -> KeyContext {
        switch state.overlay {
        case .help?: return .help
        case .auth?: return .auth
        case .environments?: return .environments
        case .problems?: return .problems
        case .bodyEditor?: return .bodyEditor
        case .prompt?: return .textField
        case .message?: return .message
        case .quitQuestion?: return .quitQuestion
        case .values?: return .values
        case .history?: return .history
        case .cookies?: return .cookies
        case .restoreQuestion?: return .restoreQuestion
        case .picker(let picker)?:
            if picker.custom != nil { return .textField }
            return picker.purpose == .method ? .methodPicker : .bodyTypePicker
        case .palette?: return .palette
        case .variables(let view)?: return view.field != nil ? .textField : .variables
        case .benchForm?: return .benchForm
        case nil: break
        }
        if state.fieldEdit != nil || state.isFiltering || state.response.searchField != nil
            || state.response.filterField != nil
        {
            return .textField
        }
        switch state.focus {
        case .list: return .list
        case .editor: return .editor
        case .response: return .response
        }
    }
}

import ExplorerCore

/// The bottom line: environment, token state, running exchanges, then a message or key hints from the key map.
enum StatusBarView {
    static func draw(_ state: AppState, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        buffer.fill(rect, style: theme.statusBar)
        if case .prompt(let prompt)? = state.overlay {
            let x = buffer.write(" \(prompt.title): ", x: rect.x, y: rect.y, limit: rect.maxX, style: theme.statusBar)
            RequestEditorView.drawField(
                prompt.field, x: x, y: rect.y, width: rect.maxX - x - 1, theme: theme,
                on: &buffer)
            return
        }
        var facts: [String] = []
        // The environment name is the profile's and a failed token's reason the server's: both escaped.
        if let profile = state.selectedProfile {
            facts.append("env: \(SafeText.escape(state.environmentName(for: profile)))")
            facts.append(SafeText.escape(state.currentAuthSummary.text(now: state.now.date)))
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
                SafeText.escape(message.text), x: x, y: rect.y, limit: rect.maxX,
                style: message.isError ? theme.error.with(reverse: true) : theme.statusBar)
            return
        }
        let hints = KeyMap.hints(for: context(of: state)).map { "\($0.key) \($0.label)" }
        buffer.write(hints.joined(separator: "  "), x: x, y: rect.y, limit: rect.maxX, style: theme.statusBar)
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
        case nil: break
        }
        if state.fieldEdit != nil || state.isFiltering || state.response.searchField != nil { return .textField }
        switch state.focus {
        case .list: return .list
        case .editor: return .editor
        case .response: return .response
        }
    }
}

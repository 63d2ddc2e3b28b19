import ExplorerCore

/// The help screen, the problems list and the one-line prompt.
extension AppState {
    /// Opens help on the focused pane's keys, with an empty search.
    mutating func openHelp() {
        help = HelpState(first: paneContext)
        overlay = .help(top: 0)
    }

    /// The help lines as the help window draws them now (its search, the focused pane first, the map in effect).
    func helpLines(columns: Int?) -> [(text: String, isHeading: Bool)] {
        HelpView.lines(columns: columns, map: keyMap, first: help.first, search: help.search.text)
    }

    /// The largest useful scroll position of the help window at the current size.
    var helpMaxTop: Int {
        let columns = HelpView.textColumns(in: HelpView.box(in: Layout(width: width, height: height).main))
        return max(0, helpLines(columns: columns).count - HelpView.visibleLines(width: width, height: height))
    }

    /// Arrows and page keys scroll, printable keys search (as you type, from the top), Esc clears a search, then
    /// closes.
    mutating func handleHelpKey(_ key: Key, top: Int) -> [Effect] {
        let page = HelpView.visibleLines(width: width, height: height)
        let maxTop = helpMaxTop
        // Clamped both ways, so Up works at once after scrolling past the end.
        let clamp = { (top: Int) in Overlay.help(top: min(max(0, top), maxTop)) }
        let searching = !help.search.text.isEmpty
        switch keyMap.command(for: key, in: .help) {
        case .moveUp: overlay = clamp(top - 1)
        case .moveDown: overlay = clamp(top + 1)
        case .pageUp: overlay = clamp(top - page)
        case .pageDown: overlay = clamp(top + page)
        case .close where searching && key == .escape:
            help.search = LineEditor()
            overlay = .help(top: 0)
        case .close where !(searching && key.typedCharacter != nil):
            overlay = nil
            help = HelpState()
        default:
            let before = help.search.text
            help.search.handle(key)
            if help.search.text != before { overlay = .help(top: 0) }
        }
        return []
    }

    mutating func handleProblemsKey(_ key: Key, top: Int) -> [Effect] {
        switch keyMap.command(for: key, in: .problems) {
        case .moveUp: overlay = .problems(top: max(0, top - 1))
        case .moveDown: overlay = .problems(top: min(top + 1, max(0, shownProblems.count - 1)))
        case .close: overlay = nil
        default: break
        }
        return []
    }

    /// Refuses a key that would open a text field, with a field anyway: what the user types next (expecting the
    /// field) lands there and runs nothing; the title says why, and Enter or Esc closes it.
    mutating func refuseTyping(_ reason: String) {
        overlay = .prompt(
            Prompt(purpose: .refused, title: "\(reason) (Esc closes; typing here runs nothing)", text: ""))
    }

    /// Refuses a key that would open a window, with the message window instead: the keys typed next for the window
    /// (`q`, Enter, letters) close it or do nothing, never run as commands.
    mutating func refuseWindow(_ reason: String) {
        overlay = .message([reason])
    }

    mutating func handlePromptKey(_ key: Key, _ prompt: Prompt) -> [Effect] {
        var prompt = prompt
        if prompt.asksDiscard {
            // The answer to "discard what you typed?": y discards, any other key is spent going back to the text.
            prompt.asksDiscard = false
            overlay = key == .character("y") || key == .character("Y") ? nil : .prompt(prompt)
            return []
        }
        switch key {
        case .escape
        where (prompt.purpose == .oneOffRequest || Self.isComposer(.prompt(prompt))) && !prompt.field.text.isEmpty:
            // A typed or pasted command is work: Esc asks before it goes.
            prompt.asksDiscard = true
            overlay = .prompt(prompt)
        case .escape:
            overlay = nil
        case .enter where prompt.purpose == .oneOffRequest && CurlCommandLine.continuesOnNextLine(prompt.field.text):
            // A command pasted over several lines (`\` at a line's end) goes on, joined as a shell joins it: the
            // backslash and the newline go, the next line's text follows.
            prompt.field = LineEditor(String(prompt.field.text.dropLast()))
            overlay = .prompt(prompt)
        case .enter where Self.isComposer(.prompt(prompt)):
            return submitWebSocketPrompt(prompt)
        case .enter:
            overlay = nil
            if prompt.purpose == .refused { return [] }
            let path = prompt.field.text.trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else { return [] }
            switch prompt.purpose {
            case .saveBody(let id) where exchanges[id]?.webSocket != nil:
                return [.writeConversation(exchange: id, path: path)]
            case .saveBody(let id):
                guard let response = exchanges[id]?.response else { return [] }
                return [.saveBody(response, path: path)]
            case .oneOffRequest:
                return sendOneOff(path)
            case .refused, .webSocketMessage, .savedMessage:
                return []
            }
        default:
            prompt.field.handle(key)
            overlay = .prompt(prompt)
        }
        return []
    }
}

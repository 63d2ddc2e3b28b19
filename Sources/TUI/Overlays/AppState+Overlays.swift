import ExplorerCore

/// The help screen, the problems list and the one-line prompt.
extension AppState {
    mutating func handleHelpKey(_ key: Key, top: Int) -> [Effect] {
        let page = HelpView.visibleLines(width: width, height: height)
        let maxTop = HelpView.maxTop(width: width, height: height)
        // Clamped both ways, so Up works at once after scrolling past the end.
        let clamp = { (top: Int) in Overlay.help(top: min(max(0, top), maxTop)) }
        switch KeyMap.command(for: key, in: .help) {
        case .moveUp: overlay = clamp(top - 1)
        case .moveDown: overlay = clamp(top + 1)
        case .pageUp: overlay = clamp(top - page)
        case .pageDown: overlay = clamp(top + page)
        case .close: overlay = nil
        default: break
        }
        return []
    }

    mutating func handleProblemsKey(_ key: Key, top: Int) -> [Effect] {
        switch KeyMap.command(for: key, in: .problems) {
        case .moveUp: overlay = .problems(top: max(0, top - 1))
        case .moveDown: overlay = .problems(top: min(top + 1, max(0, catalog.problems.count - 1)))
        case .close: overlay = nil
        default: break
        }
        return []
    }

    mutating func handlePromptKey(_ key: Key, _ prompt: Prompt) -> [Effect] {
        var prompt = prompt
        switch key {
        case .escape:
            overlay = nil
        case .enter where prompt.purpose == .oneOffRequest && CurlCommandLine.continuesOnNextLine(prompt.field.text):
            // A command pasted over several lines (`\` at a line's end) goes on, joined as a shell joins it: the
            // backslash and the newline go, the next line's text follows.
            prompt.field = LineEditor(String(prompt.field.text.dropLast()))
            overlay = .prompt(prompt)
        case .enter:
            overlay = nil
            let path = prompt.field.text.trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else { return [] }
            switch prompt.purpose {
            case .saveBody(let id):
                guard let response = exchanges[id]?.response else { return [] }
                return [.saveBody(response, path: path)]
            case .oneOffRequest:
                return sendOneOff(path)
            }
        default:
            prompt.field.handle(key)
            overlay = .prompt(prompt)
        }
        return []
    }
}

import ExplorerCore

/// Quitting with something to lose asks first; the message window shows what the status bar cut.
extension AppState {
    /// `q` (or Ctrl-C with nothing to cancel): quits at once when nothing would be lost, else asks.
    mutating func requestQuit() -> [Effect] {
        let question = QuitQuestion(
            unsavedEndpoints: unsavedEndpoints.map(\.description) + unsavedVariableNames,
            runningTransfers: runningExchanges.count)
        if question.losesNothing { return quit() }
        overlay = .quitQuestion(question)
        return []
    }

    /// Endpoints whose draft differs from the endpoint as saved, and endpoints meant for a file not yet in it, in
    /// order. One-off requests are not unsaved edits until `O` keeps one.
    var unsavedEndpoints: [EndpointKey] {
        let edited = drafts.compactMap { key, draft -> EndpointKey? in
            guard !oneOffs.contains(key), let endpoint = catalog.profile(key.profile)?.endpoint(key.endpoint),
                draft != RequestDraft(endpoint: endpoint)
            else { return nil }
            return key
        }
        return Set(edited).union(newEndpoints).sorted { ($0.profile, $0.endpoint) < ($1.profile, $1.endpoint) }
    }

    mutating func handleQuitQuestionKey(_ key: Key) -> [Effect] {
        overlay = nil
        switch keyMap.command(for: key, in: .quitQuestion) {
        case .confirm: return quit()
        case .saveProfile: return saveProfile()
        default: return []  // any other key stays
        }
    }

    /// Opens the message window on the status message and the token state, uncut.
    mutating func showFullMessage() {
        var paragraphs: [String] = []
        if let message { paragraphs.append(message.text) }
        paragraphs.append("token: " + currentTokenStatus.summary(now: now.date))
        overlay = .message(paragraphs)
    }

    mutating func handleMessageKey(_ key: Key) -> [Effect] {
        if keyMap.command(for: key, in: .message) == .close { overlay = nil }
        return []
    }
}

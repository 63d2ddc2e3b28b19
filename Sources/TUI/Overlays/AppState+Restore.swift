import ExplorerCore

/// Edits journaled by a session that ended without saving them (`DraftJournal`), offered back at start.
extension AppState {
    /// The drafts that differ from their endpoint as saved: what the journal keeps.
    var unsavedDrafts: [EndpointKey: RequestDraft] {
        var result: [EndpointKey: RequestDraft] = [:]
        for key in unsavedEndpoints { result[key] = drafts[key] }
        return result
    }

    /// Whether quitting now keeps the journal: the user did not choose to let the edits go (the process was asked
    /// to end from outside, or the restore question is still open).
    var keepsDraftJournal: Bool {
        if endedFromOutside { return true }
        if case .restoreQuestion? = overlay { return true }
        return false
    }

    /// The journal's drafts came: asks about the ones that still apply; with none, the journal goes.
    mutating func draftsRecovered(_ recovered: [EndpointKey: RequestDraft]) -> [Effect] {
        let applicable = recovered.filter { key, draft in
            guard let endpoint = catalog.profile(key.profile)?.endpoint(key.endpoint) else { return false }
            return draft != RequestDraft(endpoint: endpoint)
        }
        guard !applicable.isEmpty else { return [.discardDraftJournal] }
        overlay = .restoreQuestion(RestoreQuestion(drafts: applicable))
        return []
    }

    mutating func handleRestoreQuestionKey(_ key: Key, _ question: RestoreQuestion) -> [Effect] {
        switch keyMap.command(for: key, in: .restoreQuestion) {
        case .confirm:
            overlay = nil
            for (key, draft) in question.drafts { drafts[key] = draft }
            message = StatusMessage("restored unsaved edits to \(question.endpoints.joined(separator: ", "))")
            return []
        case .close:
            overlay = nil
            message = StatusMessage("let go of the last session's unsaved edits")
            return [.discardDraftJournal]
        default:
            return []  // the question waits for an answer
        }
    }
}

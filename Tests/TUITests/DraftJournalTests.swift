import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Unsaved edits are journaled (0600, replaced whole) and offered back at the next start; a quit the user chose
/// removes the journal, one asked from outside keeps it.
@Suite("Journal of unsaved edits")
struct DraftJournalTests {
    /// The small profile with `items.get`'s path param edited and not saved.
    private func editedState() -> AppState {
        var state = Fixtures.smallState(width: 160)
        state.select("items.get")
        _ = state.press(.tab, .enter, .control("u"))
        state.type("9")
        _ = state.press(.enter, .backTab)
        return state
    }

    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "apix-journal-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("the journal keeps the unsaved drafts in a 0600 file, reads them back, and goes when none are left")
    func roundTrip() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let state = editedState()
        var journal = DraftJournal(directory: directory)
        #expect(state.unsavedDrafts.count == 1)
        #expect(journal.record(state.unsavedDrafts) == nil)
        let mode = try FileManager.default.attributesOfItem(atPath: journal.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(DraftJournal(directory: directory).read() == state.unsavedDrafts)
        #expect(journal.record([:]) == nil)
        #expect(!FileManager.default.fileExists(atPath: journal.path))
        #expect(DraftJournal(directory: directory).read().isEmpty)
    }

    @Test("recovered drafts are asked about; y restores them as unsaved edits, n lets them go")
    func restoreOrDiscard() {
        let drafts = editedState().unsavedDrafts
        var state = Fixtures.smallState(width: 160)
        #expect(state.update(.draftsRecovered(RestoreQuestion(drafts: drafts))).isEmpty)
        guard case .restoreQuestion(let question)? = state.overlay else {
            Issue.record("expected the restore question, got \(String(describing: state.overlay))")
            return
        }
        #expect(question.text == "unsaved edits to shop/items.get survived the last session: restore them?")
        let bar = Screen.render(state).text
        #expect(bar.contains("survived the last session"))
        #expect(bar.contains("y restore"))
        #expect(state.keepsDraftJournal, "unanswered, the journal stays")
        #expect(state.press(.character("x")).isEmpty)
        #expect(state.overlay != nil, "the question waits for an answer")
        #expect(state.press(.character("y")).isEmpty)
        #expect(state.overlay == nil)
        #expect(state.unsavedDrafts == drafts)
        #expect(state.message?.text == "restored unsaved edits to shop/items.get")

        var other = Fixtures.smallState(width: 160)
        _ = other.update(.draftsRecovered(RestoreQuestion(drafts: drafts)))
        #expect(other.press(.character("n")).names == ["discardDraftJournal"])
        #expect(other.unsavedDrafts.isEmpty)
        #expect(!other.keepsDraftJournal)
    }

    @Test("drafts for endpoints gone or matching the file are not asked about; the journal goes")
    func nothingApplies() {
        var state = Fixtures.smallState(width: 160)
        let gone = [EndpointKey(profile: "shop", endpoint: "no-such"): editedState().unsavedDrafts.values.first!]
        #expect(state.update(.draftsRecovered(RestoreQuestion(drafts: gone))).names == ["discardDraftJournal"])
        #expect(state.overlay == nil)
    }

    @Test("SIGTERM keeps the journal; q with the edits confirmed lost removes it")
    func quitting() {
        var state = editedState()
        _ = state.update(.terminationRequested)
        #expect(state.shouldQuit && state.keepsDraftJournal)
        var chosen = editedState()
        _ = chosen.press(.character("q"))
        _ = chosen.press(.character("y"))
        #expect(chosen.shouldQuit && !chosen.keepsDraftJournal)
    }
}

import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// `q` asks before it loses unsaved edits or running transfers, and says which; with nothing to lose it quits.
@Suite("Quitting with something to lose")
struct QuitQuestionTests {
    /// The small profile with `items.get`'s path param edited and not saved.
    private func editedState() -> AppState {
        var state = Fixtures.smallState(width: 160)
        state.select("items.get")
        _ = state.press(.tab, .enter, .control("u"))
        state.type("9")
        _ = state.press(.enter, .backTab)
        return state
    }

    @Test("with nothing to lose q quits at once")
    func nothingToLose() {
        var state = Fixtures.smallState()
        #expect(state.press(.character("q")).names == ["quit"])
        #expect(state.shouldQuit)
    }

    @Test("unsaved edits: q asks and names them; another key stays; q again or y quits")
    func unsavedEdits() {
        var state = editedState()
        #expect(state.press(.character("q")).isEmpty)
        #expect(!state.shouldQuit)
        guard case .quitQuestion(let question)? = state.overlay else {
            Issue.record("expected the quit question, got \(String(describing: state.overlay))")
            return
        }
        #expect(question.text == "quit? unsaved edits to shop/items.get will be lost (s saves them)")
        let bar = Screen.render(state).text
        #expect(bar.contains("quit? unsaved edits to shop/items.get will be lost"))
        #expect(bar.contains("y quit"))

        #expect(state.press(.character("x")).isEmpty)
        #expect(state.overlay == nil && !state.shouldQuit)
        _ = state.press(.character("q"))
        #expect(state.press(.character("q")).names == ["quit"])
        #expect(state.shouldQuit)

        var other = editedState()
        _ = other.press(.character("q"))
        #expect(other.press(.character("y")).names == ["quit"])
    }

    @Test("a running transfer: q asks, and quitting cancels it; Ctrl-C with nothing to cancel asks too")
    func runningTransfer() throws {
        var state = Fixtures.smallState()
        state.select("items.get")
        _ = state.press(.enter)
        state.select("health")
        #expect(state.press(.character("q")).isEmpty)
        guard case .quitQuestion(let question)? = state.overlay else {
            Issue.record("expected the quit question")
            return
        }
        #expect(question.text == "quit? 1 running transfer cancelled")
        #expect(state.press(.control("c")).names == ["cancel", "quit"])

        var edited = editedState()
        #expect(edited.press(.control("c")).isEmpty)
        #expect(edited.overlay.map { if case .quitQuestion = $0 { true } else { false } } == true)
    }

    @Test("s in the question saves instead of quitting; SIGTERM never asks")
    func saveInsteadAndTermination() {
        var state = editedState()
        _ = state.press(.character("q"))
        #expect(state.press(.character("s")).names == ["saveProfile"])
        #expect(!state.shouldQuit)
        var terminated = editedState()
        #expect(terminated.update(.terminationRequested).names == ["quit"])
        #expect(terminated.shouldQuit)
    }
}

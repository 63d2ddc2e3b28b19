import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Text typed after a refused key (issue 25, defect 9) lands in a field that runs nothing; Esc in a one-line field
/// with a change asks first, as the body editor does.
@Suite("Refused keys and Esc in one-line fields")
struct RefusedTypingTests {
    @Test("w with no response opens a refusing field: typed q and Enter run nothing, Esc or Enter close it")
    func refusedSaveBody() throws {
        var state = Fixtures.smallState()
        state.focus = .response
        #expect(state.press(.character("w")).isEmpty)
        guard case .prompt(let prompt)? = state.overlay else {
            Issue.record("expected a refusing field")
            return
        }
        #expect(prompt.purpose == .refused)
        #expect(prompt.title.contains("no response body to save"))
        state.type("qoj")
        #expect(!state.shouldQuit)
        #expect(state.press(.enter).isEmpty)
        #expect(state.overlay == nil)
        #expect(state.focus == .response)
    }

    @Test("f on a response that is not there, and editor keys with no endpoint selected, refuse the same way")
    func otherRefusals() {
        var state = Fixtures.smallState()
        state.focus = .response
        _ = state.press(.character("f"))
        guard case .prompt(let prompt)? = state.overlay else {
            Issue.record("expected a refusing field for f")
            return
        }
        #expect(prompt.purpose == .refused)
        _ = state.press(.escape)

        var empty = AppState(catalog: ProfileCatalog(), processEnvironment: [:], now: Fixtures.start)
        empty.focus = .editor
        _ = empty.press(.character("u"))
        guard case .prompt(let refused)? = empty.overlay else {
            Issue.record("expected a refusing field for u")
            return
        }
        #expect(refused.title.contains("select an endpoint"))
        empty.type("q")
        #expect(!empty.shouldQuit)
    }

    @Test("e and K with no profile open a window saying why: q meant for the window closes it, not apix")
    func refusedWindows() {
        var state = AppState(catalog: ProfileCatalog(), processEnvironment: [:], now: Fixtures.start)
        for key in ["e", "K"] {
            _ = state.press(.character(Character(key)))
            guard case .message(let lines)? = state.overlay else {
                Issue.record("expected a window for \(key)")
                return
            }
            #expect(lines.first?.hasPrefix("no profile selected") == true)
            #expect(state.press(.enter).isEmpty)
            _ = state.press(.character("q"))
            #expect(state.overlay == nil)
            #expect(!state.shouldQuit)
        }
    }

    @Test("Esc in the URL field with a change asks: any other key goes on editing, y discards")
    func escAsksInURLField() throws {
        var state = Fixtures.smallState()
        state.select("items.get")
        _ = state.press(.tab, .character("u"), .control("u"))
        state.type("/changed")
        _ = state.press(.escape)
        #expect(state.fieldEdit?.asksDiscard == true)
        let bar = Screen.render(state, theme: .monochrome).lines.last ?? ""
        #expect(bar.contains("Discard your change to the path? y discards"), "\(bar)")
        _ = state.press(.character("n"))
        #expect(state.fieldEdit?.field.text == "/changed")
        _ = state.press(.escape, .character("y"))
        #expect(state.fieldEdit == nil)
        #expect(state.draft(for: EndpointKey(profile: "shop", endpoint: "items.get"))?.path == "/items/{id}")
        // Unchanged, Esc leaves at once.
        _ = state.press(.character("u"), .escape)
        #expect(state.fieldEdit == nil)
    }

    @Test("Esc on a new row's value asks, and y removes the row")
    func escAsksOnNewRow() throws {
        var state = Fixtures.smallState()
        state.select("items.get")
        _ = state.press(.tab, .character("3"), .character("+"))
        state.type("X-New")
        _ = state.press(.enter, .escape)
        #expect(state.fieldEdit?.asksDiscard == true)
        _ = state.press(.character("y"))
        #expect(state.fieldEdit == nil)
        let headers = state.draft(for: EndpointKey(profile: "shop", endpoint: "items.get"))?.headers.map(\.name)
        #expect(headers == ["X-Trace"])
    }

    @Test("Esc in the one-off prompt with text asks before the text goes")
    func escAsksInOneOffPrompt() {
        var state = Fixtures.smallState()
        _ = state.press(.character("o"))
        state.type("http://x")
        _ = state.press(.escape)
        guard case .prompt(let prompt)? = state.overlay else {
            Issue.record("the prompt should stay")
            return
        }
        #expect(prompt.asksDiscard)
        _ = state.press(.character("y"))
        #expect(state.overlay == nil)
    }
}

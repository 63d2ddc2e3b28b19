import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The values view (`v`): the captured values of the selected profile and environment as the core lists them,
/// secret-like ones masked until revealed, cleared one at a time or all at once (and forgotten on disk).
@Suite("Values view")
struct ValuesViewTests {
    static let auth = ChainExplorerTests.auth

    static func state() -> AppState {
        var state = Fixtures.demoState()
        let date = Fixtures.start.date
        _ = state.update(
            .capturesLoaded(
                auth,
                [
                    "chain.login.token": CapturedValue(
                        name: "token", value: "tok-secret-9", endpointID: "chain.login",
                        capturedAt: date.addingTimeInterval(-12), isSecret: true),
                    "chain.items.first": CapturedValue(
                        name: "first", value: "4", endpointID: "chain.items", capturedAt: date.addingTimeInterval(-300),
                        isSecret: false),
                ]))
        state.select("chain.item")
        return state
    }

    static func screen(_ state: AppState) -> String { Screen.render(state, theme: .monochrome).text }

    @Test("v lists name, value (a secret masked), source endpoint and age; r reveals the selected secret")
    func listsAndReveals() throws {
        var state = Self.state()
        _ = state.press(.character("v"))
        guard case .values? = state.overlay else {
            Issue.record("v did not open the values view")
            return
        }
        var text = Self.screen(state)
        #expect(text.contains("Values · demo · local"))
        #expect(text.contains("chain.items.first"))
        #expect(text.contains("chain.login.token"))
        #expect(text.contains("5 min ago") && text.contains("12 s ago"))
        #expect(text.contains("••••") && !text.contains("tok-secret-9"))
        // The first row (by reference) is not secret: r does nothing; on the token it reveals, and hides again.
        _ = state.press(.character("r"))
        #expect(!Self.screen(state).contains("tok-secret-9"))
        _ = state.press(.character("j"), .character("r"))
        text = Self.screen(state)
        #expect(text.contains("tok-secret-9"))
        _ = state.press(.enter)
        #expect(!Self.screen(state).contains("tok-secret-9"))
        // Closing masks it again for next time.
        _ = state.press(.character("r"), .escape, .character("v"))
        #expect(!Self.screen(state).contains("tok-secret-9"))
    }

    @Test("d clears the selected value (and forgets it on disk); D clears them all; the value is never in a message")
    func clears() throws {
        var state = Self.state()
        _ = state.press(.character("v"), .character("j"), .character("r"))
        let one = state.press(.character("d"))
        guard case .forgetCaptures(let key, let reference)? = one.first else {
            Issue.record("expected forgetCaptures, got \(one.names)")
            return
        }
        #expect(key == Self.auth && reference == "chain.login.token")
        #expect(state.captured[Self.auth]?.keys.sorted() == ["chain.items.first"])
        #expect(state.message?.text == "cleared {{chain.login.token}}")
        // The request preview no longer has the token: the item must be fetched again.
        #expect(Self.screen(state).contains("chain.items.first"))
        let all = state.press(.character("D"))
        guard case .forgetCaptures(_, nil)? = all.first else {
            Issue.record("expected forgetCaptures of all, got \(all.names)")
            return
        }
        #expect(state.captured[Self.auth]?.isEmpty == true)
        #expect(Self.screen(state).contains("No values captured yet"))
        #expect(state.message?.text.contains("tok-secret") == false)
        _ = state.press(.character("q"))
        #expect(state.overlay == nil)
    }

    @Test("the values view's keys are in the help screen and the key map")
    func keys() {
        #expect(KeyMap.command(for: .character("v"), in: .list) == .showValues)
        #expect(KeyMap.command(for: .character("D"), in: .values) == .forgetAllValues)
        #expect(KeyMap.hints(for: .values).map(\.label) == ["reveal", "clear", "clear all", "close"])
    }

    @Test("Ctrl-P over the values view: its actions come first and run in it; Esc goes back to the view")
    func paletteOverTheView() throws {
        var state = Self.state()
        _ = state.press(.character("v"), .control("p"))
        guard case .palette(let palette)? = state.overlay else {
            Issue.record("Ctrl-P did not open the palette over the values view")
            return
        }
        #expect(state.paletteEntries(palette).first?.context == .values)
        #expect(Self.screen(state).contains("values"))
        // Esc: back to the view, not to the panes.
        _ = state.press(.escape)
        guard case .values? = state.overlay else {
            Issue.record("Esc did not go back to the values view")
            return
        }
        // "clear every value" runs in the view, as D would.
        _ = state.press(.control("p"))
        state.type("clear every value")
        let effects = state.press(.enter)
        guard case .forgetCaptures(_, nil)? = effects.first else {
            Issue.record("expected forgetCaptures of all, got \(effects.names)")
            return
        }
        #expect(state.captured[Self.auth]?.isEmpty == true)
        guard case .values? = state.overlay else {
            Issue.record("the view closed")
            return
        }
    }
}

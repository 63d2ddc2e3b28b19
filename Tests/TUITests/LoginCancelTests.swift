import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// A login waiting for the token server is cancelled with the transfer's cancel keys: Esc in the auth panel, and
/// Esc or Ctrl-C in the panes when no request of the shown endpoint runs.
@Suite("Cancelling a pending login")
struct LoginCancelTests {
    static let key = ProfileEnvironmentKey(profile: "shop", environment: "dev")

    @Test("Esc in the auth panel cancels a pending login and keeps the panel; once settled, Esc closes it")
    func escapeInPanel() {
        var state = Fixtures.smallState()
        _ = state.press(.character("a"))
        #expect(state.press(.character("l")).names == ["login"])
        _ = state.update(.tokenUpdated(Self.key, .token(.refreshing)))
        #expect(Screen.render(state).text.contains("Esc cancel"))
        let effects = state.press(.escape)
        guard case .cancelRefresh(let cancelled)? = effects.first, effects.count == 1 else {
            Issue.record("expected a cancelRefresh, got \(effects.names)")
            return
        }
        #expect(cancelled == Self.key)
        #expect(state.overlay == .auth)
        #expect(state.message?.text == "cancelling the token request to the token server")
        _ = state.update(.tokenUpdated(Self.key, .token(.none)))
        #expect(state.press(.escape).isEmpty)
        #expect(state.overlay == nil)
    }

    @Test("Ctrl-C with a pending login and no running request cancels the login instead of quitting")
    func controlCInPanes() {
        var state = Fixtures.smallState()
        _ = state.update(.tokenUpdated(Self.key, .token(.refreshing)))
        #expect(state.press(.control("c")).names == ["cancelRefresh"])
        #expect(!state.shouldQuit)
    }
}

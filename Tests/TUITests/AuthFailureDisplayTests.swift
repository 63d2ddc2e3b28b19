import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// A long failure reason (a token server's) is shown whole somewhere: the auth panel wraps it, the response pane
/// wraps a failed request's reason, and the status bar cuts it saying `m: more`, where `m` shows it in full.
@Suite("Long auth failures on screen")
struct AuthFailureDisplayTests {
    static let key = ProfileEnvironmentKey(profile: "shop", environment: "dev")
    static let reason =
        "login: the token server rejected the password grant (HTTP 400): invalid_grant: wrong username or password"

    private func failedState(width: Int = 160) -> AppState {
        var state = Fixtures.smallState(width: width, height: 30, auth: Fixtures.oauth2)
        _ = state.update(.tokenUpdated(Self.key, .token(.failed(Self.reason))))
        return state
    }

    /// The screen's text with its lines joined, so a wrapped reason reads as one string again.
    private func joined(_ state: AppState) -> String {
        Screen.render(state).text.split(separator: "\n").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: " │┃|"))
        }.joined(separator: " ")
    }

    @Test("the auth panel shows the whole reason, wrapped")
    func panelShowsWholeReason() {
        var state = failedState()
        _ = state.press(.character("a"))
        let screen = Screen.render(state).text
        #expect(screen.contains("token: failed: login: the token server rejected"))
        #expect(screen.contains("wrong username or"))
        #expect(screen.contains("password"))
    }

    @Test("a 160-column status bar cuts the token state, says m: more, and still shows a later message")
    func statusBarCutsAndKeepsMessages() {
        var state = failedState()
        let bar = try! #require(Screen.render(state).text.split(separator: "\n").last.map(String.init))
        #expect(bar.contains("oauth2: failed: login:"))
        #expect(bar.contains("…"))
        #expect(bar.contains("m more"))
        _ = state.update(.profileSaved(profile: "shop", saved: nil, error: nil))
        let withMessage = try! #require(Screen.render(state).text.split(separator: "\n").last.map(String.init))
        #expect(withMessage.contains("saved profile shop"))
    }

    @Test("a message too long for the bar ends in (m: more), and m opens it whole")
    func longMessageOpensOnM() {
        var state = failedState(width: 100)
        let long = "not saved: " + String(repeating: "a very long reason ", count: 12) + "THE END"
        _ = state.update(.profileSaved(profile: "shop", saved: nil, error: String(long.dropFirst(11))))
        let bar = try! #require(Screen.render(state).text.split(separator: "\n").last.map(String.init))
        #expect(bar.hasSuffix("(m: more)") || bar.trimmingCharacters(in: .whitespaces).hasSuffix("(m: more)"))
        #expect(!bar.contains("THE END"))
        #expect(state.press(.character("m")).isEmpty)
        guard case .message(let paragraphs)? = state.overlay else {
            Issue.record("expected the message window")
            return
        }
        #expect(paragraphs == [long, "token: failed: " + Self.reason])
        let screen = joined(state)
        #expect(screen.contains("THE END"))
        #expect(screen.contains("wrong username or password"))
        _ = state.press(.escape)
        #expect(state.overlay == nil)
    }

    @Test("a request that failed for its token shows the whole reason in the response pane")
    func responsePaneShowsWholeReason() throws {
        var state = failedState(width: 100)
        state.select("items.get")
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        let message =
            "an earlier login failed (\(Self.reason.dropFirst(7))); log in again (apix auth login shop -e dev)"
        _ = state.update(.exchangeFinished(exchange: id, .failure(.auth(message)), at: 101))
        let screen = joined(state)
        #expect(screen.contains("wrong username or password"))
        #expect(screen.contains("apix auth login shop -e dev"))
    }
}

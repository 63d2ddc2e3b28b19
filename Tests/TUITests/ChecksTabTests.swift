import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Checks beside the response: a Checks tab for endpoints with `expect:`, one line per check in the words
/// `apix run` prints, and a ✓ / ✗ in the endpoint list for each endpoint's last checks of the session.
@Suite("Checks tab and list marker")
struct ChecksTabTests {
    /// Sends `chain.item` with its values held and answers it with `json`.
    static func checkedItem(_ json: String) throws -> (AppState, Int) {
        var state = ValuesViewTests.state()
        let item = try #require(ChainExplorerTests.sent(state.press(.enter)))
        _ = ChainExplorerTests.answer(item.id, with: ChainExplorerTests.response(json), in: &state)
        return (state, item.id)
    }

    static func pane(_ state: AppState) -> [String] {
        let list = Layout(width: state.width, height: state.height).list.width
        return Screen.render(state, theme: .monochrome).lines.map { String($0.dropFirst(list)) }
    }

    @Test("the Checks tab lists every check as apix run words it: mark, subject, expected, actual")
    func tab() throws {
        var (state, id) = try Self.checkedItem(#"{"id": 4, "title": "t"}"#)
        let checks = try #require(state.exchanges[id]?.checks)
        #expect(checks.count == 4)
        state.focus = .response
        #expect(Self.pane(state).contains { $0.contains(" Body  Headers  Raw  Checks ✗ ") })
        _ = state.press(.character("["))
        #expect(state.response.tab == .checks)
        let lines = Self.pane(state)
        // The same line `apix run` prints after `apix: check failed: ` (RunChain.report), cut to the pane.
        for check in checks {
            #expect(lines.contains { $0.contains(check.description) }, "\(check.description)")
        }
        #expect(lines.contains { $0.contains("✗ $.id == 1 (got 4)") })
        #expect(lines.contains { $0.contains("✓ status 200 (200)") })
        #expect(state.responseLineCount() == 4)
        // Search works on the checks' lines too.
        _ = state.press(.character("/"))
        state.type("title")
        _ = state.press(.enter)
        #expect(state.response.matchLine == 2)
    }

    @Test("the list marks each endpoint's last checks: ✗ after a failure, ✓ once they pass")
    func marker() throws {
        var (state, _) = try Self.checkedItem(#"{"id": 4, "title": "t"}"#)
        let row = { (state: AppState) in
            Screen.render(state, theme: .monochrome).lines.first { $0.contains("chain.item ") } ?? ""
        }
        #expect(row(state).contains("✗"))
        #expect(state.lastChecks[EndpointKey(profile: "demo", endpoint: "chain.item")] == false)
        (state, _) = try Self.checkedItem(#"{"id": 1, "title": "t"}"#)
        #expect(row(state).contains("✓"))
        #expect(state.message?.text == "checks: 4/4 passed")
    }

    @Test("an endpoint without expect: keeps its three tabs")
    func noChecks() throws {
        var state = Fixtures.demoState()
        state.select("todos.list")
        let sent = try #require(ChainExplorerTests.sent(state.press(.enter)))
        _ = state.update(.exchangeFinished(exchange: sent.id, .success(ChainExplorerTests.response("[]")), at: 101))
        state.focus = .response
        #expect(state.responseTabs(for: state.shownExchange) == [.body, .headers, .raw])
        _ = state.press(.character("["))
        #expect(state.response.tab == .raw)
    }
}

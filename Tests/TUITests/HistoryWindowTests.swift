import Foundation
import Testing

@testable import ExplorerCore
@testable import ExplorerHistory
@testable import TUI

/// The history window without a terminal: what `H`, its keys and the loads it asks for do to the state and screen.
@Suite("The history window, headless")
struct HistoryWindowTests {
    static func entry(_ id: String, _ body: String, minutesAgo: Double) -> HistoryEntry {
        HistoryEntry(
            id: id, recordedAt: Fixtures.start.date.addingTimeInterval(-minutesAgo * 60), origin: .run,
            profile: "demo", environment: "local", endpoint: "todos.list",
            request: PreparedRequest(url: "http://127.0.0.1:8080/todos"), status: 200, reason: "OK",
            httpVersion: "HTTP/1.1", responseHeaders: ["Content-Type": "application/json"],
            metrics: Metrics(total: .milliseconds(3)), bodyBytes: Int64(body.utf8.count), bodyState: .inline,
            body: Data(body.utf8))
    }

    @Test("H lists the endpoint's entries in the core's columns; Space and d ask for the diff, older first")
    func listMarkDiff() throws {
        var state = Fixtures.demoState()
        let effects = state.press(.character("H"))
        guard case .loadHistory(let profile, let endpoint)? = effects.first else {
            Issue.record("no history load: \(effects)")
            return
        }
        #expect(profile == "demo" && endpoint == "todos.list")
        let newer = Self.entry("bbbbbbbb", #"{"id":2}"#, minutesAgo: 1)
        let older = Self.entry("aaaaaaaa", #"{"id":1}"#, minutesAgo: 5)
        _ = state.update(.historyLoaded([newer, older], error: nil))
        guard case .history(let panel)? = state.overlay else {
            Issue.record("no history window")
            return
        }
        #expect(
            panel.rows.map(\.columns) == [newer, older].map { Array($0.columns(at: Fixtures.start.date).dropFirst()) })
        let screen = Screen.render(state, theme: .monochrome).text
        #expect(screen.contains("History of demo/todos.list"))
        #expect(screen.contains("5 min ago") && screen.contains("network"))

        _ = state.press(.character(" "))
        let diff = state.press(.down, .character("d"))
        guard case .loadHistoryDiff(let old, let new)? = diff.last else {
            Issue.record("no diff load: \(diff)")
            return
        }
        #expect(old == "aaaaaaaa" && new == "bbbbbbbb")
        _ = state.update(.historyDiffLoaded(HistoryDiff(old: older, new: newer), error: nil))
        #expect(Screen.render(state, theme: .monochrome).text.contains("~ $.id: 1 → 2"))
        _ = state.press(.escape)
        guard case .history(let back)? = state.overlay else {
            Issue.record("Esc left the window instead of the diff")
            return
        }
        #expect(back.diff == nil)
    }

    @Test("Enter shows the old response in the response pane marked with its age; r sends the recorded request")
    func showAndResend() throws {
        var state = Fixtures.demoState()
        _ = state.press(.character("H"))
        let older = Self.entry("aaaaaaaa", #"{"id":1}"#, minutesAgo: 5)
        _ = state.update(.historyLoaded([older], error: nil))
        let shown = state.press(.enter)
        guard case .loadHistoryEntry(let id, let resend)? = shown.first else {
            Issue.record("no entry load: \(shown)")
            return
        }
        #expect(id == "aaaaaaaa" && !resend)
        _ = state.update(.historyEntryLoaded(older, resend: false, error: nil))
        #expect(state.overlay == nil)
        let exchange = try #require(state.shownExchange)
        #expect(exchange.origin == .history(recordedAt: older.recordedAt))
        #expect(Screen.render(state, theme: .monochrome).text.contains("from history · 5 min ago"))

        let sent = state.update(.historyEntryLoaded(older, resend: true, error: nil))
        guard let plan = sent.first?.sent?.exchange.request else {
            Issue.record("no send: \(sent)")
            return
        }
        #expect(plan.request.url == older.request.url && plan.request.method == .get)
        #expect(state.shownExchange?.origin == .replay(of: "aaaaaaaa"))
    }
}

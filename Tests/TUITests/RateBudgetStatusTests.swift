import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The selected endpoint's request budget on the status bar (issue 30): from its last answer's rate-limit headers,
/// counting down as the screen is redrawn, gone once the window has reset, not shown for another endpoint.
@Suite("Rate budget on the status bar")
@MainActor
struct RateBudgetStatusTests {
    private func answered(_ state: inout AppState, _ endpoint: String, headers: [(String, String)], at time: Double)
        throws
    {
        state.select(endpoint)
        let effects = state.press(.enter)
        let id = try #require(effects.first?.sent?.id)
        var response = Fixtures.jsonResponse("{}")
        for (name, value) in headers { response.headers.add(name, value) }
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: time))
    }

    private func statusLine(_ state: AppState) -> String {
        Screen.render(state, theme: .monochrome).text.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test("budget 7/10 · resets in 42 s, then 32 s ten seconds later, gone after the reset; per endpoint")
    func countdown() throws {
        var state = Fixtures.smallState(width: 140, height: 40)
        let start = Fixtures.start.uptime
        try answered(
            &state, "items.get",
            headers: [("X-RateLimit-Limit", "10"), ("X-RateLimit-Remaining", "7"), ("X-RateLimit-Reset", "42")],
            at: start)
        #expect(statusLine(state).contains("budget 7/10 · resets in 42 s"), "\(statusLine(state))")
        #expect(state.isAnimating)

        _ = state.update(.ticked(Moment(uptime: start + 10, date: Fixtures.start.date.addingTimeInterval(10))))
        #expect(statusLine(state).contains("budget 7/10 · resets in 32 s"), "\(statusLine(state))")

        // Another endpoint has no budget of its own.
        state.select("items.list")
        #expect(!statusLine(state).contains("budget"))
        state.select("items.get")
        #expect(statusLine(state).contains("budget 7/10"))

        _ = state.update(.ticked(Moment(uptime: start + 43, date: Fixtures.start.date.addingTimeInterval(43))))
        #expect(!statusLine(state).contains("budget"), "\(statusLine(state))")
        #expect(!state.isAnimating)
    }

    @Test("a 429's Retry-After counts down beside the budget; an answer without the headers clears it")
    func retryAfterAndCleared() throws {
        var state = Fixtures.smallState(width: 140, height: 40)
        let start = Fixtures.start.uptime
        try answered(
            &state, "items.get", headers: [("RateLimit", "limit=100, remaining=0, reset=60"), ("Retry-After", "5")],
            at: start)
        #expect(statusLine(state).contains("budget 0/100 · resets in 60 s · retry after 5 s"), "\(statusLine(state))")
        _ = state.update(.ticked(Moment(uptime: start + 6, date: Fixtures.start.date.addingTimeInterval(6))))
        let later = statusLine(state)
        #expect(later.contains("budget 0/100 · resets in 54 s") && !later.contains("retry after"), "\(later)")

        try answered(&state, "items.get", headers: [], at: start + 7)
        #expect(!statusLine(state).contains("budget"))
    }
}

import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The word on a slow send (issue 30's drift): each send asks the history for the endpoint's usual time, and an
/// answer that took more than twice it says so on the status bar, whichever of the two arrives first.
@Suite("A slow send on the status bar")
@MainActor
struct SlowSendStatusTests {
    private func send(_ state: inout AppState, _ endpoint: String) throws -> (id: Int, effects: [Effect]) {
        state.select(endpoint)
        let effects = state.press(.enter)
        return (try #require(effects.first?.sent?.id), effects)
    }

    private func answer(_ state: inout AppState, _ id: Int, total: Duration, source: ResponseSource = .network) {
        var response = Fixtures.jsonResponse("{}")
        response.metrics.total = total
        response.source = source
        _ = state.update(.exchangeFinished(exchange: id, .success(response), at: Fixtures.start.uptime))
    }

    private func statusLine(_ state: AppState) -> String {
        Screen.render(state, theme: .monochrome).text.split(separator: "\n").last.map(String.init) ?? ""
    }

    private static let usual = TimingBaseline(totals: [.milliseconds(90), .milliseconds(100), .milliseconds(140)])

    @Test("a send asks for the baseline of what was recorded before it; 3× the median is said, per endpoint")
    func slow() throws {
        var state = Fixtures.smallState(width: 160, height: 40)
        let (id, effects) = try send(&state, "items.get")
        let asked = effects.compactMap { effect -> (EndpointKey, Date)? in
            if case .loadBaseline(let key, let before) = effect { return (key, before) }
            return nil
        }
        #expect(asked.map(\.0.endpoint) == ["items.get"])
        #expect(asked.first?.1 == state.now.date)

        _ = state.update(.baselineLoaded(EndpointKey(profile: "shop", endpoint: "items.get"), Self.usual))
        #expect(!statusLine(state).contains("slow"))  // nothing answered yet
        answer(&state, id, total: .milliseconds(300))
        #expect(statusLine(state).contains("slow: 3.0× its usual 100.0 ms"), "\(statusLine(state))")

        state.select("items.list")
        #expect(!statusLine(state).contains("slow"))
        state.select("items.get")
        #expect(statusLine(state).contains("slow:"))

        // The next send forgets the word; an answer within twice the usual time says nothing.
        let (next, _) = try send(&state, "items.get")
        #expect(!statusLine(state).contains("slow"))
        answer(&state, next, total: .milliseconds(200))
        #expect(!statusLine(state).contains("slow"), "\(statusLine(state))")
    }

    @Test("the baseline may come after the answer; too few answers, or an answer from the cache, say nothing")
    func order() throws {
        var state = Fixtures.smallState(width: 160, height: 40)
        let key = EndpointKey(profile: "shop", endpoint: "items.get")
        var (id, _) = try send(&state, "items.get")
        answer(&state, id, total: .milliseconds(500))
        #expect(!statusLine(state).contains("slow"))
        _ = state.update(.baselineLoaded(key, Self.usual))
        #expect(statusLine(state).contains("slow: 5.0× its usual 100.0 ms"), "\(statusLine(state))")

        (id, _) = try send(&state, "items.get")
        _ = state.update(.baselineLoaded(key, nil))
        answer(&state, id, total: .seconds(5))
        #expect(!statusLine(state).contains("slow"))

        (id, _) = try send(&state, "items.get")
        _ = state.update(.baselineLoaded(key, Self.usual))
        answer(&state, id, total: .seconds(5), source: .cache)
        #expect(!statusLine(state).contains("slow"))
    }

    @Test("a profile that keeps no history asks for no baseline")
    func noHistory() throws {
        var state = Fixtures.smallState(width: 160, height: 40)
        let index = try #require(state.catalog.profiles.firstIndex { $0.id == "shop" })
        state.catalog.profiles[index].recordsHistory = false
        let (_, effects) = try send(&state, "items.get")
        #expect(!effects.contains { if case .loadBaseline = $0 { true } else { false } })
    }
}

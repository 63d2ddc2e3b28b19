import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The response pane's Request tab: the request line, every header as it went on the wire, the body; the
/// credential masked unless `V` reveals it.
@Suite("Request tab")
@MainActor
struct RequestTabTests {
    /// Sends `endpoint` on the small profile with basic auth and shows the exchange's Request tab, doing what the
    /// runtime does with the send (the shown request is built from the exchange's plans and the sent request).
    private func sentState(_ endpoint: String) throws -> AppState {
        var state = Fixtures.smallState(width: 140, height: 40, auth: .basic(username: "u", password: "secret-pw"))
        state.select(endpoint)
        let effects = state.press(.enter)
        guard let sent = effects.first?.sent else {
            Issue.record("expected a send, got \(effects.names)")
            throw CancellationError()
        }
        let id = sent.id
        let plan = sent.exchange
        let shown = ShownRequest(
            masked: plan.masked.request, revealed: try plan.shown(.revealed).request, sent: plan.request.prepared())
        _ = state.update(.requestShown(exchange: id, shown))
        _ = state.update(.exchangeFinished(exchange: id, .success(Fixtures.jsonResponse("{}")), at: 101))
        state.focus = .response
        _ = state.press(.character("4"))
        #expect(state.response.tab == .request)
        return state
    }

    private func paneText(_ state: AppState) -> String {
        Screen.render(state, theme: .monochrome).text
    }

    @Test("the Request tab shows the request line, the headers on the wire with the credential masked, and the body")
    func showsTheRequestAsSent() throws {
        var state = try sentState("items.create")
        let text = paneText(state)
        #expect(text.contains("POST http://127.0.0.1:9000/items"))
        #expect(text.contains("Host: 127.0.0.1:9000"))
        #expect(text.contains("Accept: */*"))
        #expect(text.contains("Authorization: Basic ••••"))
        #expect(text.contains("User-Agent: apix/\(Apix.version)"))
        #expect(text.contains("Content-Type: application/json"))
        #expect(text.contains(#"{"name":"pen"}"#) || text.contains(#""name": "pen""#))
        #expect(text.contains("secrets masked (V shows)"))
        #expect(!text.contains("secret-pw") && !text.contains(Data("u:secret-pw".utf8).base64EncodedString()))

        // `V` shows the credential in clear; `V` again masks it.
        _ = state.press(.character("V"))
        let revealed = paneText(state)
        #expect(revealed.contains("Authorization: Basic \(Data("u:secret-pw".utf8).base64EncodedString())"))
        #expect(revealed.contains("secrets in clear (V masks)"))
        _ = state.press(.character("V"))
        #expect(paneText(state).contains("Authorization: Basic ••••"))
    }

    @Test("the headers on the Request tab are the core's headersOnTheWire, the list apix run --json shows")
    func sameHeadersAsTheCore() throws {
        let state = try sentState("items.create")
        let exchange = try #require(state.shownExchange)
        let wire = try #require(state.shownExchange?.shownRequest).maskedRequest.headersOnTheWire().map {
            "\($0.name): \($0.value)"
        }
        let lines = try #require(exchange.shownRequest).lines(revealed: false)
        #expect(Array(lines[1...wire.count]) == wire)
        #expect(wire.contains { $0.hasPrefix("Content-Length: ") })
    }

    @Test("left and right keep to the response's tabs; 1 to 4 choose a tab; search works in the Request tab")
    func tabKeys() throws {
        var state = try sentState("items.get")
        _ = state.press(.right)
        #expect(state.response.tab == .body)
        _ = state.press(.character("4"), .left)
        #expect(state.response.tab == .raw)
        _ = state.press(.character("2"))
        #expect(state.response.tab == .headers)
        _ = state.press(.character("4"), .character("/"))
        state.type("x-trace")
        #expect(state.press(.enter).isEmpty)  // searched at once: the tab's lines are few
        let lines = try #require(state.shownExchange?.shownRequest).lines(revealed: false)
        #expect(state.response.matchLine == lines.firstIndex(of: "X-Trace: t1"))
        #expect(paneText(state).contains("/x-trace 1/1"))
    }

    @Test("an endpoint's own auth is what its Request tab shows, over the profile's")
    func endpointAuth() throws {
        var catalog = Fixtures.smallCatalog(auth: .basic(username: "u", password: "p"))
        let index = try #require(catalog.profiles[0].endpoints.firstIndex { $0.id == "health" })
        catalog.profiles[0].endpoints[index].auth = .bearer(token: "t0ken")
        var state = AppState(
            catalog: catalog, profileDirectory: "/tmp", processEnvironment: [:], width: 140, height: 40,
            now: Fixtures.start)
        state.select("health")
        let plan = try #require(state.press(.enter).first?.sent?.exchange)
        #expect(plan.masked.request.headers["Authorization"] == "Bearer ••••")
        #expect(try plan.shown(.revealed).request.headers["Authorization"] == "Bearer t0ken")
        #expect(state.currentAuthSummary.text(now: state.now.date).contains("bearer"))
    }

    @Test("a stored answer's Request tab says nothing was sent")
    func storedAnswer() throws {
        var state = try sentState("items.get")
        let id = try #require(state.shownExchange?.id)
        state.exchanges[id]?.shownRequest = nil
        state.exchanges[id]?.origin = .stored(isFresh: true)
        #expect(paneText(state).contains("Nothing was sent in this session"))
    }
}

import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Chains in the explorer (pure `update`): sending an endpoint that uses values not held sends what gives them
/// first, one after the other, each after its captures came back; then the endpoint goes with those values; and
/// every answer's checks are worded on the status bar.
@Suite("Chains and checks in the explorer")
struct ChainExplorerTests {
    static let auth = ProfileEnvironmentKey(profile: "demo", environment: "local")

    static func response(_ json: String, status: Int = 200, link: String? = nil) -> Response {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        if let link { headers.add("Link", link) }
        return Response(
            method: .get, url: "http://127.0.0.1:8080/x", statusCode: status, reason: status == 200 ? "OK" : "Error",
            headers: headers, body: ResponseBody(data: Data(json.utf8)), metrics: Metrics(total: .milliseconds(3)))
    }

    /// The exchange a `.send` effect started, and its plan.
    static func sent(_ effects: [Effect]) -> (id: Int, plan: RequestPlan)? {
        for effect in effects {
            if case .send(let id, let plan, _) = effect { return (id, plan.request) }
        }
        return nil
    }

    /// Finishes exchange `id` with `response` and feeds back what the runtime's `.concludeChain` would give.
    static func answer(_ id: Int, with response: Response, in state: inout AppState) -> [Effect] {
        let effects = state.update(.exchangeFinished(exchange: id, .success(response), at: 101))
        for effect in effects {
            guard case .concludeChain(let exchange, let profile, let environment, let endpoint, _, _) = effect else {
                continue
            }
            var held: [String: CapturedValue] = [:]
            let step = ChainRunner(profile: profile, environment: environment, store: nil).conclude(
                endpoint, result: .success(response), held: &held)
            return state.update(.chainConcluded(exchange: exchange, Self.auth, step))
        }
        return []
    }

    @Test("Enter on chain.item logs in, lists, then sends the item with the captured token and id")
    func sendsWhatItUsesFirst() throws {
        var state = Fixtures.demoState()
        _ = state.update(.capturesLoaded(Self.auth, [:]))
        state.select("chain.item")
        let login = try #require(Self.sent(state.press(.enter)))
        #expect(login.plan.request.url.hasSuffix("/login"))
        #expect(state.message?.text == "sending `chain.login` first: `chain.item` uses its values")

        let list = try #require(
            Self.sent(
                Self.answer(login.id, with: Self.response(#"{"token": "tok-9", "token_type": "Bearer"}"#), in: &state)))
        #expect(list.plan.request.url.contains("/items?per_page=2"))
        #expect(list.plan.request.headers["Authorization"] == "Bearer tok-9")

        let item = try #require(
            Self.sent(
                Self.answer(
                    list.id,
                    with: Self.response(#"{"items": [{"id": 4}], "total": 5}"#, link: #"</items?page=2>; rel="next""#),
                    in: &state)))
        #expect(item.plan.request.url.hasSuffix("/items/4"))
        #expect(item.plan.request.headers["Authorization"] == "Bearer tok-9")
        #expect(state.pendingChain == nil)
        // The editor's preview of the item now shows its values (the token masked).
        #expect(state.requestPreview?.url?.hasSuffix("/items/4") == true)

        // The item's checks: $.id == 1 fails on this answer, and the status bar says which and why.
        _ = Self.answer(item.id, with: Self.response(#"{"id": 4, "title": "t"}"#), in: &state)
        #expect(state.exchanges[item.id]?.checks.count == 4)
        #expect(state.message?.isError == true)
        #expect(state.message?.text.hasPrefix("checks: 1 of 4 failed: ✗ $.id == 1 (got 4)") == true)

        // Held now: a second Enter sends the item alone.
        let again = try #require(Self.sent(state.press(.enter)))
        #expect(again.plan.request.url.hasSuffix("/items/4"))
    }

    @Test("a prerequisite that fails stops the chain with both endpoints named")
    func failedPrerequisite() throws {
        var state = Fixtures.demoState()
        state.select("chain.items")
        let login = try #require(Self.sent(state.press(.enter)))
        let next = Self.answer(login.id, with: Self.response(#"{"error": "no"}"#, status: 401), in: &state)
        #expect(Self.sent(next) == nil)
        #expect(state.pendingChain == nil)
        #expect(
            state.message?.text.hasPrefix("`chain.items` needs values from `chain.login`, which was sent first and")
                == true)
    }

    @Test("values loaded from earlier runs fill the request without sending anything first")
    func heldValues() throws {
        var state = Fixtures.demoState()
        let moment = Date()
        _ = state.update(
            .capturesLoaded(
                Self.auth,
                [
                    "chain.login.token": CapturedValue(
                        name: "token", value: "old", endpointID: "chain.login", capturedAt: moment, isSecret: true),
                    "chain.items.first": CapturedValue(
                        name: "first", value: "2", endpointID: "chain.items", capturedAt: moment, isSecret: false),
                ]))
        state.select("chain.item")
        let item = try #require(Self.sent(state.press(.enter)))
        #expect(item.plan.request.url.hasSuffix("/items/2"))
        #expect(item.plan.request.headers["Authorization"] == "Bearer old")
        // The preview masks the secret-like token.
        #expect((try? state.requestPreview?.result.get())?.request.headers["Authorization"] == "Bearer ••••")
    }
}

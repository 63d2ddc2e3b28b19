import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The response cache in the TUI, without a terminal: stored answers on selection, the bypass key, the marks.
@Suite("AppState.update and views: the response cache")
struct AppCacheTests {
    static let etagKey = EndpointKey(profile: "demo", endpoint: "cache.etag")

    /// The demo state with the filter narrowed to `endpoint` (typed as keys, so every effect is collected).
    static func selecting(_ endpoint: String, in state: inout AppState) -> [Effect] {
        var effects = state.filter.text.isEmpty ? [] : state.update(.keyPressed(.escape))
        effects += state.update(.keyPressed(.character("/")))
        for character in endpoint { effects += state.update(.keyPressed(.character(character))) }
        effects += state.update(.keyPressed(.enter))
        return effects
    }

    /// A response as the cache gives it: `source` and `age` set.
    static func cached(
        _ json: String, source: ResponseSource = .cache, age: Duration = .seconds(12),
        url: String = "http://127.0.0.1:8080/cache/etag/report"
    ) -> Response {
        var response = Fixtures.jsonResponse(json, url: url)
        response.source = source
        response.age = source == .network ? nil : age
        // The cache's answers carry no exchange: their metrics are empty.
        if source == .cache { response.metrics = Metrics(startedAt: Fixtures.start.date, endedAt: Fixtures.start.date) }
        return response
    }

    @Test("selecting an endpoint that declares cache: looks up its stored answer once, sending nothing")
    func lookupOnSelection() throws {
        var state = Fixtures.demoState()
        let effects = Self.selecting("cache.etag", in: &state)
        #expect(state.selectedKey == Self.etagKey)
        let lookups = effects.filter { $0.name == "loadStoredResponse" }
        #expect(lookups.count == 1)
        #expect(!effects.names.contains("send"))
        guard case .loadStoredResponse(let key, let plan, let cache)? = lookups.first else { return }
        let request = plan.request.request
        let auth = plan.authKey
        #expect(key == Self.etagKey)
        #expect(request.url == "http://127.0.0.1:8080/cache/etag/report")
        #expect(auth == ProfileEnvironmentKey(profile: "demo", environment: "local"))
        #expect(cache == CacheOptions(namespace: "demo", ttl: .seconds(30), mode: .use))

        // Moving away and back does not ask again.
        var later = state.press(.escape)  // clears the filter; the selection stays on cache.etag
        later += state.press(.up, .down)
        #expect(state.selectedKey == Self.etagKey)
        #expect(!later.names.contains("loadStoredResponse"))
    }

    @Test("endpoints without cache: are never looked up", arguments: ["todos.get", "cache.stats", "upload"])
    func noLookupWithoutCache(endpoint: String) {
        var state = Fixtures.demoState()
        state.select(endpoint)
        #expect(state.selectedKey == EndpointKey(profile: "demo", endpoint: endpoint))
        let effects = state.update(.resized(width: 120, height: 40)) + state.press(.character("j"), .character("k"))
        #expect(state.selectedKey == EndpointKey(profile: "demo", endpoint: endpoint))
        let looked = effects.compactMap { effect -> String? in
            if case .loadStoredResponse(let key, _, _) = effect { return key.endpoint }
            return nil
        }
        #expect(!looked.contains(endpoint))
    }

    @Test("the first frame's selection is looked up too; ticks and progress never look anything up")
    func lookupOnFirstAction() {
        var state = Fixtures.demoState()
        state.select("cache.max-age")
        #expect(state.update(.ticked(Fixtures.start)).isEmpty)
        let effects = state.update(.resized(width: 120, height: 40))
        // The demo profile's OAuth2 token is followed from the first frame too, for the status bar.
        #expect(effects.names == ["loadStoredResponse", "watchToken", "loadCaptures"])
    }

    @Test("the stored answer is shown marked as stored, with its age, and its body is indexed")
    func storedShown() throws {
        var state = Fixtures.demoState()
        _ = Self.selecting("cache.etag", in: &state)
        let response = Self.cached(#"{"served": 4}"#, age: .seconds(300))
        let effects = state.update(
            .storedResponseLoaded(
                Self.etagKey, ResponseCache.Stored(response: response, isFresh: false), warning: nil))
        #expect(effects.names == ["prepareBody"])
        let transfer = try #require(state.shownExchange)
        #expect(transfer.origin == .stored(isFresh: false))
        #expect(transfer.response?.source == .cache)
        #expect(!transfer.isRunning)
        #expect(state.runningExchanges.isEmpty)
        #expect(transfer.responseAge(now: state.now.uptime + 60) == .seconds(360))
    }

    @Test("nothing stored shows nothing; a damaged cache file is reported on the status line")
    func nothingStored() {
        var state = Fixtures.demoState()
        _ = Self.selecting("cache.etag", in: &state)
        let effects = state.update(
            .storedResponseLoaded(
                Self.etagKey, nil, warning: "cache: /s/cache/demo.cache: damaged"))
        #expect(effects.isEmpty)
        #expect(state.shownExchange == nil)
        #expect(state.message == StatusMessage("cache: /s/cache/demo.cache: damaged", isError: true))
    }

    @Test("a stored answer that arrives after the user sent the endpoint does not replace the send")
    func storedAfterSendIgnored() throws {
        var state = Fixtures.demoState()
        _ = Self.selecting("cache.etag", in: &state)
        #expect(state.press(.enter).names.first == "send")
        let sent = try #require(state.shownExchange?.id)
        let stored = ResponseCache.Stored(response: Self.cached("{}"), isFresh: true)
        #expect(state.update(.storedResponseLoaded(Self.etagKey, stored, warning: nil)).isEmpty)
        #expect(state.shownExchange?.id == sent)
        #expect(state.shownExchange?.isRunning == true)
    }

    @Test(
        "Enter sends through the cache, R bypasses it; endpoints without cache: send without it",
        arguments: [
            (Key.enter, "cache.etag", CacheOptions.Mode?.some(.use)),
            (Key.control("r"), "cache.etag", .some(.use)),
            (Key.character("R"), "cache.etag", .some(.refresh)),
            (Key.character("R"), "todos.get", nil),
            (Key.enter, "todos.get", nil),
        ])
    func sendModes(key: Key, endpoint: String, mode: CacheOptions.Mode?) throws {
        var state = Fixtures.demoState()
        _ = Self.selecting(endpoint, in: &state)
        let effects = state.press(key)
        guard let exchange = effects.first?.sent?.exchange else {
            Issue.record("expected a send, got \(effects.names)")
            return
        }
        let plan = exchange.request
        let cache = exchange.options.cache
        #expect(plan.request.url.hasPrefix("http://127.0.0.1:8080/"))
        #expect(cache?.mode == mode)
        if mode != nil { #expect(cache?.namespace == "demo") }
    }

    @Test("R works from the editor and the response pane too, where r and other keys mean something else")
    func bypassFromOtherPanes() {
        var state = Fixtures.demoState()
        _ = Self.selecting("cache.etag", in: &state)
        _ = state.press(.tab)
        #expect(state.focus == .editor)
        guard let cache = state.press(.character("R")).first?.sent?.exchange.options.cache else {
            Issue.record("R should send from the editor")
            return
        }
        #expect(cache.mode == .refresh)
        _ = state.press(.tab)
        #expect(state.focus == .response)
        #expect(state.press(.character("R")).names.first == "send")
    }

    @Test("an answer from the cache tells the user R asks the server")
    func cachedAnswerMessage() throws {
        var state = Fixtures.demoState()
        _ = Self.selecting("cache.etag", in: &state)
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        _ = state.update(.exchangeFinished(exchange: id, .success(Self.cached("{}")), at: 101))
        #expect(state.message?.text == "from the cache, 12 s old · R asks the server")
    }

    @Test("the queue count shows beside the running count on the status bar")
    func queueOnStatusBar() throws {
        var state = Fixtures.smallState(width: 100, height: 30)
        state.select("health")
        _ = state.press(.enter)
        _ = state.update(.queueUpdated(waiting: 2))
        #expect(state.queuedRequests == 2)
        let lines = Screen.render(state, theme: .monochrome).lines
        #expect(lines[29].contains("⟳ 1 running, 2 queued"))
    }

    // MARK: - Views

    /// The response pane's rows (right of the list) after `response` arrived for items.get of the small state.
    static func responsePane(
        _ response: Response, stored: Bool? = nil, secondsLater: Double = 0
    ) throws -> [String] {
        var state = Fixtures.smallState(width: 100, height: 30)
        state.select("items.get")
        let key = try #require(state.selectedKey)
        let id: Int
        if let stored {
            _ = state.update(
                .storedResponseLoaded(
                    key, ResponseCache.Stored(response: response, isFresh: stored), warning: nil))
            id = try #require(state.shownExchange?.id)
        } else {
            _ = state.press(.enter)
            id = try #require(state.shownExchange?.id)
            _ = state.update(.exchangeFinished(exchange: id, .success(response), at: Fixtures.start.uptime))
        }
        _ = state.update(
            .bodyPrepared(
                exchange: id, BodyDocument.make(bytes: try response.body.data(), contentType: "application/json")))
        _ = state.update(
            .ticked(
                Moment(
                    uptime: Fixtures.start.uptime + secondsLater,
                    date: Fixtures.start.date.addingTimeInterval(secondsLater))))
        let width = Layout(width: 100, height: 30).list.width
        return Array(Screen.render(state, theme: .monochrome).lines[13..<20]).map { String($0.dropFirst(width)) }
    }

    @Test("a cached response is marked on the status line and in the metrics bar, its age growing while shown")
    func cachedSnapshot() throws {
        let pane = try Self.responsePane(
            Self.cached(#"{"id": 7}"#, url: "http://127.0.0.1:9000/items/7"), secondsLater: 5)
        #expect(pane[0] == "│ HTTP/1.1 200 OK · 0.00 ms · 9 B  cached · 17 s old  GET http://1│")
        #expect(pane[3] == "│nothing sent · from the cache, 17 s old                          │")
        #expect(pane[4].hasPrefix("│ Body  Headers  Raw   9 B · application/json"))
        #expect(pane[5] == "│{                                                                │")
    }

    @Test("a revalidated response says 304 and keeps its timings")
    func revalidatedSnapshot() throws {
        let pane = try Self.responsePane(
            Self.cached(#"{"id": 7}"#, source: .revalidated, age: .zero, url: "http://127.0.0.1:9000/items/7"))
        #expect(pane[0] == "│ HTTP/1.1 200 OK · 3.85 ms · 9 B  revalidated (304)  GET http://1│")
        #expect(pane[1].hasSuffix("█ total 3.85 ms     │"))
        // What does not fit is left out whole, the upload figure and the connection first: the cache's word stays.
        #expect(pane[3] == "│↓ 9 B 17.6 KiB/s · from the cache, revalidated (304) …           │")
    }

    @Test("a response from the network carries no cache mark")
    func networkSnapshot() throws {
        let pane = try Self.responsePane(Fixtures.jsonResponse(#"{"id": 7}"#))
        // The URL cut in its middle: the end of the path shows.
        #expect(pane[0] == "│ HTTP/1.1 200 OK · 3.85 ms · 9 B  GET http://127.0.0…9000/items/7│")
        #expect(pane[3] == "│↑ 0 B 0 B/s · ↓ 9 B 17.6 KiB/s · new connection                  │")
    }

    @Test("a stored response says so, with its age and staleness, and what sending would do")
    func storedSnapshot() throws {
        let stale = try Self.responsePane(
            Self.cached(#"{"id": 7}"#, age: .seconds(600), url: "http://127.0.0.1:9000/items/7"), stored: false)
        #expect(stale[0] == "│ HTTP/1.1 200 OK · 0.00 ms · 9 B  cached · 10 min old · stale  GE│")
        #expect(stale[1] == "│The last stored answer; nothing was sent in this session.        │")
        #expect(stale[2] == "│It is stale: Enter asks the server (revalidating it when it can).│")
        #expect(stale[5] == "│{                                                                │")
        let fresh = try Self.responsePane(
            Self.cached(#"{"id": 7}"#, age: .seconds(3), url: "http://127.0.0.1:9000/items/7"), stored: true)
        #expect(fresh[0].hasPrefix("│ HTTP/1.1 200 OK · 0.00 ms · 9 B  cached · 3 s old  GET"))
        #expect(fresh[2] == "│Enter answers from the cache while fresh; R asks the server.     │")
    }

    @Test("time spent waiting in the scheduler's queue shows with the place in line")
    func queuedMetrics() throws {
        var response = Fixtures.jsonResponse(#"{"id": 7}"#)
        response.metrics.queued = .milliseconds(1500)
        response.metrics.queuePosition = 2
        let pane = try Self.responsePane(response)
        #expect(pane[3] == "│↓ 9 B 17.6 KiB/s · new connection · queued 1.50 s (#2 in line) … │")
        // Started at once: the few µs spent taking the slot are not mentioned.
        response.metrics.queued = .microseconds(30)
        response.metrics.queuePosition = 0
        let atOnce = try Self.responsePane(response)
        #expect(atOnce[3] == "│↑ 0 B 0 B/s · ↓ 9 B 17.6 KiB/s · new connection                  │")
    }
}

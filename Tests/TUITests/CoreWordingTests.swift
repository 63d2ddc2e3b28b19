import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// What the TUI shows of tokens and credentials comes from the core's decisions, the ones `apix auth status` and
/// `apix run --json` use.
@Suite("TUI words tokens and credentials the core's way")
struct CoreWordingTests {
    static let key = AuthSessionKey(profile: "shop", environment: "dev")

    @Test("the status bar and auth panel show every token state in TokenState.summary's words")
    func tokenWording() {
        let now = Fixtures.start.date
        let states: [TokenState] = [
            .none, .valid(expiresAt: nil), .valid(expiresAt: now.addingTimeInterval(272)), .expired, .refreshing,
            .failed("invalid_grant"),
        ]
        for tokenState in states {
            var state = Fixtures.smallState(width: 100, height: 18)
            _ = state.press(.character("a"))
            _ = state.update(.tokenUpdated(Self.key, .token(tokenState)))
            let words = tokenState.summary(now: now)
            #expect(state.currentTokenStatus.summary(now: now) == words)
            let lines = Screen.render(state, theme: .monochrome).lines
            #expect(lines.contains { $0.contains("│ token: \(words)") }, "panel: \(words)")
            #expect(lines.last?.contains(" token: \(words) │") == true, "status bar: \(words)")
        }
    }

    @Test("the URL preview shows the credential and secrets as apix run --json does")
    func previewLikeRunJSON() throws {
        let directory = NSTemporaryDirectory() + "apix-preview-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let yaml = """
            name: Keyed
            variables: { key: k-123 }
            environments: { dev: { base_url: "http://127.0.0.1:9" } }
            auth: { type: api_key, name: key, value: "{{key}}", in: query }
            endpoints:
              - { id: items, path: /items, query: { copy: "{{key}}" } }
            """
        try yaml.write(toFile: directory + "/keyed.yaml", atomically: true, encoding: .utf8)
        let catalog = ProfileLoader.load(directory: directory)
        let state = AppState(catalog: catalog, profileDirectory: directory, processEnvironment: [:])
        let shown = try state.prepare(EndpointKey(profile: "keyed", endpoint: "items"), masking: true).get().request
        let builder = try RequestBuilder(profile: #require(catalog.profile("keyed")), processEnvironment: [:])
        let endpoint = try #require(builder.profile.endpoint("items"))
        #expect(shown == (try CredentialPresentation.bullets.shownRequest(for: endpoint, builder: builder)))
        #expect(!shown.url.contains("k-123"))
        let query = [("copy", "••••"), ("key", "••••")]
        #expect(shown.url == URLBuilder.appendingQuery(query, to: "http://127.0.0.1:9/items"))
    }
}

/// Where an answer came from reads the same in the TUI's metrics and on `apix run`'s status line: both take
/// `ResponseSource.note(age:)`.
@Suite("response source wording")
struct ResponseSourceWordingTests {
    @Test("the TUI's cache note is the core's wording", arguments: [ResponseSource.cache, .revalidated, .network])
    func sameWording(source: ResponseSource) {
        var response = Response(
            method: .get, url: "http://127.0.0.1:9/x", statusCode: 200, reason: "OK", headers: HTTPHeaders(),
            body: ResponseBody(data: Data()), metrics: Metrics(startedAt: Date(), endedAt: Date()))
        response.source = source
        response.age = .seconds(12)
        #expect(MetricsBarView.cacheNote(response) == source.note(age: .seconds(12)))
        if source == .cache { #expect(source.note(age: .seconds(12)) == "from the cache, 12 s old") }
    }
}

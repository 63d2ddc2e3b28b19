import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// What the TUI shows of tokens and credentials comes from the core's decisions, the ones `apix auth status` and
/// `apix run --json` use.
@Suite("TUI words tokens and credentials the core's way")
struct CoreWordingTests {
    static let key = ProfileEnvironmentKey(profile: "shop", environment: "dev")

    @Test("the status bar and auth panel show every token state in TokenState.summary's words")
    func tokenWording() {
        let now = Fixtures.start.date
        let states: [TokenState] = [
            .none, .valid(expiresAt: nil), .valid(expiresAt: now.addingTimeInterval(272)), .expired, .refreshing,
            .failed("invalid_grant"),
        ]
        for tokenState in states {
            var state = Fixtures.smallState(width: 100, height: 18, auth: Fixtures.oauth2)
            _ = state.press(.character("a"))
            _ = state.update(.tokenUpdated(Self.key, .token(tokenState)))
            let words = tokenState.summary(now: now)
            #expect(state.currentTokenStatus.summary(now: now) == words)
            let lines = Screen.render(state, theme: .monochrome).lines
            #expect(lines.contains { $0.contains("│ token: \(words)") }, "panel: \(words)")
            // The status bar names the kind of auth, then the same words (a missing token by what to do).
            let bar = tokenState == .none ? "oauth2: not logged in" : "oauth2: \(words)"
            #expect(AuthSpec.Summary.oauth2(tokenState).text(now: now) == bar)
            #expect(lines.last?.contains(" \(bar) │") == true, "status bar: \(bar)")
        }
    }

    /// The status bar's auth fact on a fresh start (the runtime's first action is the terminal's size).
    static func startedStatusBar(auth: AuthSpec?) -> (line: String, effects: [Effect]) {
        var state = Fixtures.smallState(width: 120, height: 18, auth: auth)
        let effects = state.update(.resized(width: 120, height: 18))
        return (Screen.render(state, theme: .monochrome).lines.last ?? "", effects)
    }

    @Test("at start the status bar says what the profile's auth is, never 'no auth' for a profile that has one")
    func authAtStart() {
        let basic = AuthSpec.basic(username: "demo", password: "{{pass}}")
        #expect(Self.startedStatusBar(auth: basic).line.hasPrefix(" env: dev │ auth: basic │"))
        #expect(Self.startedStatusBar(auth: .bearer(token: "t")).line.hasPrefix(" env: dev │ auth: bearer │"))
        #expect(Self.startedStatusBar(auth: nil).line.hasPrefix(" env: dev │ auth: none │"))
        for auth in [basic, nil] { #expect(!Self.startedStatusBar(auth: auth).effects.names.contains("watchToken")) }
        // OAuth2: its token is followed from the start, and until its state arrives the bar says only the kind.
        let oauth = Self.startedStatusBar(auth: Fixtures.oauth2)
        #expect(oauth.line.hasPrefix(" env: dev │ oauth2: … │"))
        #expect(oauth.effects.names == ["watchToken"])
        var state = Fixtures.smallState(width: 120, height: 18, auth: Fixtures.oauth2)
        _ = state.update(.resized(width: 120, height: 18))
        _ = state.update(.tokenUpdated(Self.key, .token(.none)))
        let line = Screen.render(state, theme: .monochrome).lines.last ?? ""
        #expect(line.hasPrefix(" env: dev │ oauth2: not logged in │"))
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
        let note = source.note(age: .seconds(12))
        #expect(MetricsBarView.facts(response).hasSuffix(note ?? "new connection"))
        if source == .cache { #expect(source.note(age: .seconds(12)) == "from the cache, 12 s old") }
    }
}

import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// `o`: a URL or a pasted curl command line sent without a profile entry, then saved by `s` as an endpoint.
@Suite("One-off requests")
struct OneOffRequestTests {
    private func oneOff(_ text: String, in state: inout AppState) -> [Effect] {
        _ = state.press(.character("o"))
        state.type(text)
        return state.press(.enter)
    }

    @Test("a URL is sent at once as a one-off endpoint of the selected profile, its id readable from method and path")
    func url() throws {
        var state = Fixtures.smallState()
        state.select("items.get")
        let effects = oneOff("http://127.0.0.1:9000/things/all?x=1&y=2", in: &state)
        guard let plan = effects.first?.sent?.exchange.request else {
            Issue.record("expected a send, got \(effects.names)")
            return
        }
        #expect(plan.request.url == "http://127.0.0.1:9000/things/all?x=1&y=2")
        let endpoint = try #require(state.selectedEndpoint)
        #expect(endpoint.id == "get-things-all")
        #expect(endpoint.path.raw == "/things/all")  // relative to the environment's base URL
        #expect(endpoint.query.map(\.name) == ["x", "y"])
        // Not an unsaved edit until `O` keeps it.
        #expect(state.unsavedEndpoints.isEmpty)
        #expect(state.oneOffs.map(\.endpoint) == ["get-things-all"])

        // Once more: the id is made unique.
        _ = oneOff("http://127.0.0.1:9000/things/all", in: &state)
        #expect(state.selectedEndpoint?.id == "get-things-all-2")
    }

    @Test("a ws:// or wss:// URL opens a one-off WebSocket session: ws- id, the upgrade sent to the http form")
    func webSocketURL() throws {
        var state = Fixtures.smallState()
        state.select("items.get")
        // It used to say "not a request: not an http:// or https:// URL".
        let effects = oneOff("ws://127.0.0.1:9000/live/feed?room=1", in: &state)
        guard case .openWebSocket(_, let plan, _)? = effects.first else {
            Issue.record("expected a WebSocket session, got \(effects.names)")
            return
        }
        #expect(plan.request.request.url == "http://127.0.0.1:9000/live/feed?room=1")
        #expect(plan.webSocketURL == "ws://127.0.0.1:9000/live/feed?room=1")
        let endpoint = try #require(state.selectedEndpoint)
        #expect(endpoint.id == "ws-live-feed")
        #expect(endpoint.webSocket != nil)
        #expect(endpoint.path.raw == "/live/feed")  // the environment's origin: relative to its base URL
        // Another origin keeps its whole URL, as typed; the id is made unique.
        let other = oneOff("wss://chat.example/live/feed", in: &state)
        guard case .openWebSocket(_, let secure, _)? = other.first else {
            Issue.record("expected a WebSocket session, got \(other.names)")
            return
        }
        #expect(secure.webSocketURL == "wss://chat.example/live/feed")
        #expect(state.selectedEndpoint?.id == "ws-live-feed-2")
        #expect(state.selectedEndpoint?.path.raw == "wss://chat.example/live/feed")
    }

    @Test("a curl command line keeps its method, headers and body; a line that is not a request says why")
    func curlLine() throws {
        var state = Fixtures.smallState()
        state.select("health")
        let effects = oneOff(
            #"curl -X POST -H 'X-A: 1' https://other.example/v1/users --data '{"a":1}' -H 'Content-Type: application/json'"#,
            in: &state)
        guard let plan = effects.first?.sent?.exchange.request else {
            Issue.record("expected a send, got \(effects.names)")
            return
        }
        #expect(plan.request.method == .post)
        #expect(plan.request.url == "https://other.example/v1/users")
        #expect(plan.request.headers["X-A"] == "1")
        #expect(state.selectedEndpoint?.id == "post-v1-users")

        let before = state.catalog.profiles[0].endpoints.count
        #expect(oneOff("curl --nonsense-flag", in: &state).isEmpty)
        #expect(state.message?.isError == true)
        #expect(state.catalog.profiles[0].endpoints.count == before)
    }

    @Test("a one-off made while the list filter hides it is selected and shown, the filter cleared (issue 25)")
    func oneOffUnderFilter() throws {
        var state = Fixtures.smallState()
        _ = state.press(.character("/"))
        state.type("health")
        _ = state.press(.enter)
        #expect(state.selectedEndpoint?.id == "health")
        #expect(!oneOff("http://127.0.0.1:9000/things/all", in: &state).isEmpty)
        #expect(state.selectedEndpoint?.id == "get-things-all")
        #expect(state.shownExchange?.key.endpoint == "get-things-all")
        #expect(state.filter.text.isEmpty)
        #expect(state.message?.text.contains("filter cleared") == true)
    }

    @Test("a one-off request to another origin does not carry the profile's credentials; one to its own does")
    func otherOriginWithoutProfileAuth() throws {
        var state = Fixtures.smallState(auth: .basic(username: "u", password: "p"))
        state.select("health")
        _ = oneOff("curl https://other.example/v1/me", in: &state)
        #expect(state.selectedEndpoint?.authDisabled == true)
        let bar = Screen.render(state, theme: .monochrome).lines.last ?? ""
        #expect(bar.contains("auth: none"), "\(bar)")
        _ = oneOff("http://127.0.0.1:9000/v1/me", in: &state)
        #expect(state.selectedEndpoint?.authDisabled == false)
    }

    @Test("O keeps a one-off request: it is written into the profile file as an endpoint")
    func savesIt() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apix-oneoff-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/shop.yaml"
        try """
        name: Shop
        environments:
          dev: { base_url: "http://127.0.0.1:9000" }
        endpoints:
          - id: health
            path: /health
        """.write(toFile: file, atomically: true, encoding: .utf8)
        var state = AppState(
            catalog: ProfileLoader.load(directory: directory), profileDirectory: directory, processEnvironment: [:],
            width: 120, height: 30, now: Fixtures.start)
        state.select("health")
        _ = oneOff("http://127.0.0.1:9000/items?page=2", in: &state)
        guard case .saveProfile(let profile)? = state.press(.character("O")).first else {
            Issue.record("expected a save")
            return
        }
        let saved = try await CoreProfileSaver().save(profile).profile
        _ = state.update(.profileSaved(profile: saved.id, saved: saved, error: nil))
        let endpoint = try #require(saved.endpoint("get-items"))
        #expect(endpoint.path.raw == "/items" && endpoint.query.first?.values?.first?.raw == "2")
        #expect(state.unsavedEndpoints.isEmpty)
        #expect(ProfileLoader.load(directory: directory).profile("shop")?.endpoint("get-items") != nil)
    }

    @Test("a curl command pasted over lines joined by a backslash is read as one line, as a shell joins it")
    func multiLinePaste() throws {
        var state = Fixtures.smallState()
        state.select("health")
        _ = state.press(.character("o"))
        // A paste arrives as characters with Enter for each newline.
        state.type("curl -X POST \\")
        #expect(state.press(.enter).isEmpty)
        #expect(state.overlay != nil)
        state.type("  -H 'X-A: 1' \\")
        #expect(state.press(.enter).isEmpty)
        state.type("  https://other.example/v1/users --data 'a\\b'")
        guard let plan = state.press(.enter).first?.sent?.exchange.request else {
            Issue.record(
                "expected a send, got \(String(describing: state.overlay)) \(String(describing: state.message))")
            return
        }
        #expect(plan.request.method == .post)
        #expect(plan.request.url == "https://other.example/v1/users")
        #expect(plan.request.headers["X-A"] == "1")
        #expect(state.overlay == nil)

        // A backslash that is quoted, or escaped by another, ends nothing: Enter sends.
        #expect(CurlCommandLine.continuesOnNextLine("curl -X POST \\"))
        #expect(!CurlCommandLine.continuesOnNextLine("curl -d 'a\\'"))
        #expect(!CurlCommandLine.continuesOnNextLine("curl -d a\\\\"))
        #expect(!CurlCommandLine.continuesOnNextLine("curl http://x/"))
    }
}

import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `protocol: websocket` endpoints in profiles: read, located mistakes, the URL, saved messages, and saves that keep
/// the keys.
@Suite("WebSocket endpoints in profiles")
struct WebSocketProfileTests {
    static let text = """
        variables: { room: lobby }
        environments:
          local: { base_url: "https://chat.example.com/api" }
        endpoints:
          - id: chat
            protocol: websocket
            path: /chat/{{room}}
            subprotocols: [chat.v2, chat.v1]
            ping_interval: 20
            max_message: 1MiB
            messages:
              - { name: hello, text: "hi {{room}}" }
              - { name: join, json: { op: join, room: "{{room}}" } }
              - { name: blob, file: ./msg.bin }
          - id: whole
            protocol: websocket
            path: wss://other.example.com/socket
        """

    @Test("The keys are read; the URL keeps the environment's base (http→ws for showing, https for libcurl)")
    func reads() throws {
        let directory = try TemporaryDirectory()
        let profile = try ProfileLoader.load(file: directory.write("chat.yaml", Self.text)).get()
        let chat = try #require(profile.endpoint("chat"))
        let webSocket = try #require(chat.webSocket)
        #expect(webSocket.subprotocols == ["chat.v2", "chat.v1"])
        #expect(webSocket.pingInterval == .seconds(20))
        #expect(webSocket.maxMessage == 1 << 20)
        #expect(webSocket.messages.map(\.name) == ["hello", "join", "blob"])
        let builder = try RequestBuilder(profile: profile)
        let plan = try ExchangePlan(chat, builder: builder)
        #expect(plan.request.request.url == "https://chat.example.com/api/chat/lobby")
        #expect(plan.webSocketURL == "wss://chat.example.com/api/chat/lobby")
        let whole = try ExchangePlan(try #require(profile.endpoint("whole")), builder: builder)
        #expect(whole.request.request.url == "https://other.example.com/socket")
        #expect(try builder.webSocketMessage(webSocket.messages[0], maxMessage: 100) == .text("hi lobby"))
        #expect(
            try builder.webSocketMessage(webSocket.messages[1], maxMessage: 100)
                == .text(#"{"op":"join","room":"lobby"}"#))
        let settings = WebSocketSettings.forEndpoint(chat)
        #expect(settings.maxMessage == 1 << 20)
        #expect(settings.subprotocols == ["chat.v2", "chat.v1"])
    }

    @Test(
        "A ws:// or wss:// base_url loads (as a WebSocket service's users write it): every request goes to http/https")
    func webSocketBaseURL() throws {
        let directory = try TemporaryDirectory()
        let text = """
            environments:
              local: { base_url: "ws://127.0.0.1:8765/v1" }
              live: { base_url: "WSS://chat.example.com" }
            auth: { type: oauth2, grant: client_credentials, token_url: /token, client_id: a, client_secret: b }
            endpoints:
              - { id: chat, protocol: websocket, path: /chat }
              - { id: health, path: /health }
            """
        // A base_url of ws:// used to be refused: "must be an http:// or https:// URL with a host".
        let profile = try ProfileLoader.load(file: directory.write("chat.yaml", text)).get()
        let local = try RequestBuilder(profile: profile)
        let chat = try ExchangePlan(try #require(profile.endpoint("chat")), builder: local)
        #expect(chat.request.request.url == "http://127.0.0.1:8765/v1/chat")
        #expect(chat.webSocketURL == "ws://127.0.0.1:8765/v1/chat")
        let health: Endpoint = try #require(profile.endpoint("health"))
        #expect(try local.request(for: health).url == "http://127.0.0.1:8765/v1/health")
        let live = try RequestBuilder(profile: profile, environment: "live")
        let secure = try ExchangePlan(try #require(profile.endpoint("chat")), builder: live)
        #expect(secure.webSocketURL == "wss://chat.example.com/chat")
        // A token_url written as a path joins the base as http/https too.
        let auth = try #require(try local.auth(for: health))
        guard case .oauth2(let settings) = auth else {
            Issue.record("expected OAuth2, got \(auth)")
            return
        }
        #expect(settings.tokenURL == "http://127.0.0.1:8765/v1/token")
        let refused = try directory.write("bad.yaml", text.replacingOccurrences(of: "WSS://", with: "ftp://"))
        guard case .failure(let problem) = ProfileLoader.load(file: refused) else {
            Issue.record("an ftp:// base_url loaded")
            return
        }
        #expect(
            problem.description.contains("must be an http://, https://, ws:// or wss:// URL with a host"), "\(problem)")
    }

    @Test("Mistakes are located at file:line:column like any endpoint key")
    func mistakes() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "bad.yaml",
            """
            environments:
              local: { base_url: "http://127.0.0.1" }
            endpoints:
              - id: a
                protocol: websockets
                path: /a
              - id: b
                path: /b
                subprotocols: [x]
              - id: c
                protocol: websocket
                path: /c
                subprotocols: ["has space"]
                max_message: lots
                messages:
                  - { name: m, text: a, json: b }
                  - { text: nameless }
                  - { name: n, text: "hi {{nobody}}" }
            """)
        guard case .failure(let failure) = ProfileLoader.load(file: file) else { return #expect(Bool(false)) }
        let lines = failure.problems.map(\.description)
        #expect(lines.contains { $0.contains("bad.yaml:5:15") && $0.contains("`protocol` must be http or websocket") })
        #expect(lines.contains { $0.contains("bad.yaml:9:19") && $0.contains("add `protocol: websocket`") })
        #expect(lines.contains { $0.contains("bad.yaml:13:20") && $0.contains("must be a token") })
        #expect(lines.contains { $0.contains("bad.yaml:14:18") && $0.contains("max_message") })
        #expect(
            lines.contains { $0.contains("bad.yaml:16:9") && $0.contains("exactly one of `text`, `json` or `file`") })
        #expect(lines.contains { $0.contains("bad.yaml:17:9") && $0.contains("missing required key `name`") })
        #expect(lines.contains { $0.contains("bad.yaml:18") && $0.contains("unknown variable `{{nobody}}`") })
    }

    @Test("A save round-trips the WebSocket keys; a changed one is rewritten in place")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("chat.yaml", Self.text)
        var chat = try #require(try ProfileLoader.load(file: file).get().endpoint("chat"))
        chat.webSocket?.pingInterval = .milliseconds(2500)
        chat.webSocket?.messages.append(.init(name: "bye", content: .text(Template("bye"))))
        _ = try ProfileWriter.save(endpoint: chat, in: ProfileLoader.load(file: file).get())
        let back = try #require(try ProfileLoader.load(file: file).get().endpoint("chat"))
        // Compared as written (a template read from the file carries its location, one made in code does not).
        #expect(ProfileEmitter.endpointFields(back) == ProfileEmitter.endpointFields(chat))
        #expect(back.webSocket?.messages.map(\.name) == ["hello", "join", "blob", "bye"])
        let after = try String(contentsOfFile: file, encoding: .utf8)
        #expect(after.contains("ping_interval: 2.5"))
        #expect(after.contains("max_message: 1MiB"))
        #expect(after.contains("subprotocols: [chat.v2, chat.v1]"))
        // A new endpoint written whole by the emitter reads back the same.
        let emitted = ProfileEmitter.endpoints([back])
        let reread = try ProfileLoader.load(
            file: directory.write(
                "again.yaml",
                "variables: { room: lobby }\nenvironments:\n  local: { base_url: \"http://x\" }\n" + emitted)
        ).get()
        #expect(reread.endpoint("chat").map(ProfileEmitter.endpointFields) == ProfileEmitter.endpointFields(back))
    }
}

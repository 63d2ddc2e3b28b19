import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The conversation view of a `protocol: websocket` endpoint, rendered headlessly: the send key opens the session,
/// frames show one block each (time since open, direction, type, size; JSON pretty-printed, binary as hex, control
/// frames dimmed), the composer sends with Enter, saved messages go by name, Esc closes with 1000, `r` reconnects.
@Suite("TUI: WebSocket conversation view")
struct WebSocketConversationTests {
    static func state() -> AppState {
        var endpoint = Endpoint(id: "chat", path: "/chat")
        endpoint.webSocket = WebSocketEndpoint(
            subprotocols: ["chat.v1"],
            messages: [
                .init(name: "hello", content: .text("hello")),
                .init(name: "join", content: .json(.object([.init(key: "op", value: .string("join"))]))),
            ])
        let profile = Profile(
            id: "chat", name: "Chat", file: "/tmp/chat.yaml", defaultEnvironment: "dev",
            environments: [ProfileEnvironment(name: "dev", baseURL: "http://127.0.0.1:9000")],
            endpoints: [endpoint, Endpoint(id: "health", path: "/health")])
        var state = AppState(
            catalog: ProfileCatalog(profiles: [profile]), profileDirectory: "/tmp", processEnvironment: [:],
            width: 100, height: 60, now: Fixtures.start)
        state.select("chat")
        return state
    }

    static func opened() -> WebSocketConnection.Opened {
        var headers = HTTPHeaders()
        headers.add("Upgrade", "websocket")
        headers.add("Sec-WebSocket-Protocol", "chat.v1")
        return WebSocketConnection.Opened(
            url: "ws://127.0.0.1:9000/chat", status: 101, reason: "Switching Protocols", headers: headers,
            agreement: .init(subprotocol: "chat.v1", deflate: nil), handshakeTime: .milliseconds(3),
            requestHead: "GET /chat HTTP/1.1\r\n\r\n",
            metrics: Metrics(dns: .microseconds(100), connect: .microseconds(200), total: .milliseconds(3)))
    }

    /// The state with the session open, focused on the response pane, and its exchange id.
    static func open() throws -> (AppState, Int) {
        var state = Self.state()
        let effects = state.press(.enter)
        #expect(effects.names.contains("openWebSocket"), "\(effects.names)")
        #expect(!effects.names.contains("send"))
        let id = try #require(state.shownExchange?.id)
        _ = state.update(.webSocketOpened(exchange: id, .success(Self.opened()), at: 100.1))
        state.focus = .response
        return (state, id)
    }

    /// A transcript with a sent text, a JSON answer, a ping, binary bytes and a hostile text.
    static func rows() -> EventRows {
        let start = ContinuousClock.now
        let transcript = WebSocketTranscript(openedAt: start)
        transcript.sent(.text("hi"), at: start + .milliseconds(10))
        transcript.received(.message(.text(#"{"echo":"hi","n":1}"#)), at: start + .milliseconds(20))
        transcript.received(.ping([1, 2]), at: start + .milliseconds(30))
        transcript.received(.message(.binary([0, 1, 0xAB, 0xFF])), at: start + .milliseconds(40))
        transcript.received(.message(.text("red \u{1B}[31m text")), at: start + .milliseconds(1250))
        return EventRows().updated(with: transcript.snapshot(now: start + .seconds(2)))
    }

    @Test("the editor's request line shows a WebSocket endpoint's ws:// address, an HTTP one's http://")
    func requestLine() {
        var state = Self.state()
        var lines = Screen.render(state, theme: .monochrome).lines
        // It showed the upgrade request's http:// form.
        #expect(lines.contains { $0.contains("ws://127.0.0.1:9000/chat") }, "\(lines.joined(separator: "\n"))")
        state.select("health")
        lines = Screen.render(state, theme: .monochrome).lines
        #expect(lines.contains { $0.contains("http://127.0.0.1:9000/health") })
    }

    @Test("the send key opens a session: the handshake's 101, the waterfall, the session line, the Conversation tab")
    func opens() throws {
        var (state, id) = try Self.open()
        _ = state.update(.conversationUpdated(exchange: id, EventRows(), file: nil))
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains("101 Switching Protocols"))
        #expect(text.contains("open · subprotocol chat.v1 · handshake 3"))
        #expect(text.contains("Conversation"))
        #expect(text.contains("ws://127.0.0.1:9000/chat"))
        #expect(state.runningExchanges.map(\.id) == [id], "an open session is running (quit asks)")
    }

    @Test("frames: one block each, JSON pretty-printed, binary as hex, pings dimmed, escapes made safe")
    func frames() throws {
        var (state, id) = try Self.open()
        _ = state.update(.conversationUpdated(exchange: id, Self.rows(), file: nil))
        let screen = Screen.render(state, theme: .monochrome)
        let text = screen.text
        #expect(text.contains("+0.010s  ↑ text  2 B"))
        #expect(text.contains("+0.020s  ↓ text  19 B"))
        #expect(text.contains(#"  "echo": "hi","#))
        #expect(text.contains("+0.030s  ↓ ping  2 B"))
        #expect(text.contains("00 01 ab ff"))
        #expect(text.contains("+1.250s  ↓ text"))
        #expect(!text.contains("\u{1B}"), "no raw escape reaches the screen")
        #expect(text.contains("↑ 1 (2 B) · ↓ 3"), "live counts on the tab line")
        #expect(text.contains("1 ping"))
        // The ping's headline is dimmed, a message's is not.
        let lines = screen.lines
        let pingRow = try #require(lines.firstIndex { $0.contains("↓ ping") })
        let textRow = try #require(lines.firstIndex { $0.contains("↑ text") })
        let pingX = try #require(
            lines[pingRow].range(of: "+0.030s").map {
                lines[pingRow].distance(from: lines[pingRow].startIndex, to: $0.lowerBound)
            })
        let textX = try #require(
            lines[textRow].range(of: "+0.010s").map {
                lines[textRow].distance(from: lines[textRow].startIndex, to: $0.lowerBound)
            })
        #expect(screen[pingX, pingRow].style.dim)
        #expect(!screen[textX, textRow].style.dim)
    }

    @Test("i opens the composer; Enter sends the text and keeps it open, empty; Esc with text asks first")
    func composer() throws {
        var (state, id) = try Self.open()
        #expect(state.press(.character("i")).isEmpty)
        state.type("hello there")
        let effects = state.press(.enter)
        guard case .sendWebSocket(let sentTo, .message(.text(let text)))? = effects.first else {
            Issue.record("expected sendWebSocket, got \(effects.names)")
            return
        }
        #expect(sentTo == id && text == "hello there")
        guard case .prompt(let prompt)? = state.overlay else {
            Issue.record("the composer stays open")
            return
        }
        #expect(prompt.field.text.isEmpty)
        state.type("draft")
        _ = state.press(.escape)
        guard case .prompt(let asking)? = state.overlay else {
            Issue.record("Esc with an unsent message asks first")
            return
        }
        #expect(asking.asksDiscard)
        _ = state.press(.character("y"))
        #expect(state.overlay == nil)
    }

    @Test("I opens the editor for a multi-line message; Ctrl-S sends the whole text as one text message")
    func multilineMessage() throws {
        var (state, id) = try Self.open()
        #expect(state.press(.character("I")).isEmpty)
        guard case .bodyEditor(let editor)? = state.overlay else {
            Issue.record("I opens the built-in editor, got \(String(describing: state.overlay))")
            return
        }
        #expect(editor.webSocketExchange == id)
        state.type("{\"op\": \"say\",")
        _ = state.press(.enter)
        state.type(" \"text\": \"two lines\"}")
        #expect(Screen.render(state, theme: .monochrome).text.contains("Message (text) — Ctrl-S sends it"))
        let effects = state.press(.control("s"))
        guard case .sendWebSocket(let sentTo, .message(.text(let text)))? = effects.first else {
            Issue.record("expected sendWebSocket, got \(effects.names)")
            return
        }
        #expect(sentTo == id)
        #expect(text == "{\"op\": \"say\",\n \"text\": \"two lines\"}")
        #expect(state.overlay == nil)
        #expect(state.message?.text == "sent a text message of 2 lines")
        // An empty message is not sent; Esc with nothing typed leaves at once.
        _ = state.press(.character("I"))
        #expect(state.press(.control("s")).isEmpty)
        _ = state.press(.escape)
        #expect(state.overlay == nil)
        // The session closes while a message is being written: the text stays, with why it was not sent.
        _ = state.press(.character("I"))
        state.type("late")
        _ = state.update(
            .webSocketClosed(exchange: id, WebSocketClose(code: 1001, reason: "", initiator: .server), at: 101))
        #expect(state.press(.control("s")).isEmpty)
        guard case .bodyEditor(let kept)? = state.overlay else {
            Issue.record("the editor stays open on a closed session")
            return
        }
        #expect(kept.editor.text == "late")
        #expect(kept.error?.contains("not sent") == true)
        _ = state.press(.escape)
        _ = state.press(.character("y"))
        #expect(state.press(.character("I")).isEmpty)
        #expect(state.overlay == nil, "a closed session refuses the editor")
    }

    @Test("Esc closes the session with 1000; the close shows, and the session ends")
    func escCloses() throws {
        var (state, id) = try Self.open()
        let effects = state.press(.escape)
        #expect(effects.names == ["closeWebSocket"])
        #expect(state.shownExchange?.webSocket?.phase == .closing)
        _ = state.update(
            .webSocketClosed(exchange: id, WebSocketClose(code: 1000, reason: "", initiator: .client), at: 101))
        #expect(state.message?.text == "closed: 1000")
        #expect(state.runningExchanges.isEmpty)
        let text = Screen.render(state, theme: .monochrome).text
        #expect(text.contains("closed: 1000"))
        // Closed: the composer is refused, r reconnects.
        _ = state.press(.character("i"))
        #expect(state.overlay == nil)
        #expect(state.press(.character("r")).names.contains("openWebSocket"))
    }

    @Test("S picks a saved message by name (a unique prefix will do); unknown names are refused")
    func savedMessages() throws {
        var (state, id) = try Self.open()
        _ = state.press(.character("S"))
        guard case .prompt(let prompt)? = state.overlay else {
            Issue.record("S opens the saved-message prompt")
            return
        }
        #expect(prompt.title.contains("hello, join"))
        state.type("jo")
        let effects = state.press(.enter)
        guard case .sendWebSocket(let sentTo, .saved(let saved, _, _))? = effects.first else {
            Issue.record("expected a saved send, got \(effects.names)")
            return
        }
        #expect(sentTo == id && saved.name == "join")
        _ = state.press(.character("S"))
        state.type("nope")
        #expect(state.press(.enter).isEmpty)
        #expect(state.message?.text.contains("no saved message `nope`") == true)
    }

    @Test("a session that does not open shows why, as a failed request")
    func openFails() throws {
        var state = Self.state()
        _ = state.press(.enter)
        let id = try #require(state.shownExchange?.id)
        let error = ClientError(.transport(TransportError(.connectionRefused, "connection refused: 127.0.0.1")))
        _ = state.update(.webSocketOpened(exchange: id, .failure(error), at: 100.2))
        #expect(state.runningExchanges.isEmpty)
        #expect(Screen.render(state, theme: .monochrome).text.contains("connection refused"))
    }

    @Test("sending again while open closes the old session and opens a new one")
    func resendReplaces() throws {
        var (state, id) = try Self.open()
        let effects = state.press(.character("r"))
        #expect(effects.names.prefix(2) == ["closeWebSocket", "openWebSocket"], "\(effects.names)")
        // The old session's close, when it comes, does not disturb the new one.
        _ = state.update(
            .webSocketClosed(exchange: id, WebSocketClose(code: 1000, reason: "", initiator: .client), at: 101))
        #expect(state.exchanges[id] == nil)
        #expect(state.shownExchange?.webSocket?.phase == .connecting)
    }
}

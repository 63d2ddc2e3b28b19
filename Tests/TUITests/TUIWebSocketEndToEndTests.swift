import Foundation
import TestSupport
import Testing

extension EndToEndTerminal {
    /// A WebSocket conversation in the real explorer (tmux at 120×40) against a real peer, the `websockets`
    /// library's server (`Tests/Peers/websocket_server.py`): the send key opens the session, the composer sends, a
    /// saved message goes by name, a multi-line message from the editor (`I`) goes as one, the echoes show as frames (JSON pretty-printed), Esc closes with 1000, and the
    /// session is one history entry.
    @Suite("TUI end to end: a WebSocket conversation in tmux", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUIWebSocketEndToEndTests {
        @Test("open, compose, send a saved message, see the echoes, Esc closes with 1000; apix history lists it")
        func conversation() async throws {
            let peer = try WebSocketPeer()
            defer { peer.stop() }
            let session = try TmuxSession()
            defer { session.close() }
            let profiles = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
            try """
            name: Chat
            environments: { local: { base_url: "http://127.0.0.1:\(peer.port)" } }
            endpoints:
              - id: chat
                protocol: websocket
                path: /echo
                messages:
                  - { name: hello, json: { op: hello, n: 1 } }
            """.write(toFile: profiles + "/chat.yaml", atomically: true, encoding: .utf8)
            try session.run("\(TmuxSession.apix) --profiles \(profiles)")
            try await session.waiting(for: "chat")
            try session.send("/", "C-u")
            try session.send("chat", literal: true)
            try session.send("Enter", "Enter")
            let open = try await session.waiting(for: "open · permessage-deflate")
            #expect(open.contains("101 Switching Protocols"))
            #expect(open.contains("ws://127.0.0.1:\(peer.port)/echo"))
            #expect(open.contains("Conversation"))
            // The response pane has the session's keys.
            try session.send("Tab", "Tab")
            try session.send("i")
            try await session.waiting(for: "Message (Enter sends")
            try session.send("hello apix", literal: true)
            try session.send("Enter")
            let echoed = try await session.waiting("the echo") { $0.contains("↓ text  10 B") }
            #expect(echoed.contains("↑ text  10 B"))
            #expect(echoed.contains("  hello apix"))
            try session.send("Escape")
            try session.send("S")
            try await session.waiting(for: "Send saved message (hello)")
            try session.send("Enter")
            let saved = try await session.waiting("the saved message's echo") {
                $0.components(separatedBy: "↓ text").count == 3
            }
            #expect(saved.contains(#""op": "hello","#), "JSON pretty-printed")
            #expect(saved.contains("↑ 2 ("))
            // I: a multi-line message written in the editor goes as one text message (17 bytes, its line end in it).
            try session.send("I")
            try await session.waiting(for: "Message (text) — Ctrl-S sends")
            try session.send("line one", literal: true)
            try session.send("Enter")
            try session.send("line two", literal: true)
            try session.send("C-s")
            let multiline = try await session.waiting("the multi-line message's echo") { $0.contains("↓ text  17 B") }
            #expect(multiline.contains("↑ text  17 B"))
            #expect(multiline.contains("↑ 3 ("))
            #expect(multiline.contains("sent a text message of 2 lines"))
            // 4: the upgrade as it was written, in its order (not libcurl's Accept and Accept-Encoding, which it lacks).
            try session.send("4")
            let upgrade = try await session.waiting(for: "Sec-WebSocket-Version: 13")
            #expect(upgrade.contains("GET ws://127.0.0.1:\(peer.port)/echo"))
            #expect(upgrade.contains("Host: 127.0.0.1:\(peer.port)") && upgrade.contains("Upgrade: websocket"))
            #expect(upgrade.contains("Sec-WebSocket-Key: "))
            #expect(!upgrade.contains("Accept-Encoding") && !upgrade.contains("Accept: */*"), "\(upgrade)")
            try session.send("1")
            try session.send("Escape")
            let closed = try await session.waiting(for: "closed: 1000")
            #expect(!closed.contains("open · permessage-deflate"))
            try session.send("q")
            try session.run("\(TmuxSession.apix) history")
            // The history's row, not the explorer's screen before it quits (its request line shows the ws:// URL too).
            try await session.waiting("the session in the history") {
                $0.contains("101") && $0.contains("ws://127.0.0.1:\(peer.port)/echo") && $0.contains("chat/chat")
            }
            try session.run(
                "clear; \(TmuxSession.apix) history show $(\(TmuxSession.apix) history | head -1 | cut -c1-8)")
            let shown = try await session.waiting(for: "first message")
            #expect(shown.contains("↑ 3 ("))
            #expect(shown.contains("closed: 1000"))
            #expect(shown.contains("  hello apix"))
            #expect(shown.contains("> Upgrade: websocket"), "the handshake's own headers")
            #expect(!shown.contains("Accept-Encoding"), "not libcurl's, which the handshake never sends")
        }

        @Test("a graphql: body on a WebSocket endpoint: graphql-transport-ws, each next payload in the conversation")
        func graphQLSubscription() async throws {
            let (peer, session, _) = try await TUIGraphQLEndToEndTests.explorer(file: "sub.yaml") { port in
                """
                name: Sub
                environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
                endpoints:
                  - id: count
                    protocol: websocket
                    path: /graphql
                    body: { graphql: { query: "subscription { count(to: 2, every: 0.1) }" } }
                """
            }
            defer {
                session.close()
                peer.stop()
            }
            try await session.waiting(for: "count")
            try session.send("/", "C-u")
            try session.send("count", literal: true)
            try session.send("Enter", "Enter")
            // The operation completes and apix closes: connection_init, ack, subscribe, two results, complete.
            let done = try await session.waiting(for: "closed: 1000")
            // Sent: connection_init and subscribe; received: the ack, two results and complete.
            #expect(done.contains("↑ 2 ("), "\(done)")
            #expect(done.contains("↓ 4 ("), "\(done)")
            #expect(done.contains(#""count": 2"#), "\(done)")
            #expect(done.contains(#""type": "complete""#), "\(done)")
            try session.send("q")
        }

        @Test("connection_init's payload opens the explorer's session too: the server acknowledges it and echoes it")
        func graphQLConnectionInit() async throws {
            let (peer, session, _) = try await TUIGraphQLEndToEndTests.explorer(file: "sub.yaml") { port in
                """
                name: Sub
                environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
                variables: { who: apix }
                endpoints:
                  - id: params
                    protocol: websocket
                    path: /graphql
                    connection_init: { token: let-me-in, client: "{{who}}" }
                    body: { graphql: { query: "{ request { connectionParams } }" } }
                """
            }
            defer {
                session.close()
                peer.stop()
            }
            try await session.waiting(for: "params")
            try session.send("/", "C-u")
            try session.send("params", literal: true)
            try session.send("Enter", "Enter")
            // The peer acknowledges only this token (another closes the session without an ack), then answers with
            // the payload it was given, as JSON text.
            let done = try await session.waiting(for: "closed: 1000")
            #expect(
                done.contains(#""connectionParams": "{\"client\": \"apix\", \"token\": \"let-me-in\""#), "\(done)")
            #expect(done.contains(#""type": "complete""#), "\(done)")
            try session.send("q")
        }

        @Test("Esc on a running GraphQL subscription sends complete before closing with 1000")
        func graphQLSubscriptionStopped() async throws {
            let (peer, session, _) = try await TUIGraphQLEndToEndTests.explorer(file: "sub.yaml") { port in
                """
                name: Sub
                environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
                endpoints:
                  - id: ticks
                    protocol: websocket
                    path: /graphql
                    body: { graphql: { query: "subscription { count(to: 100000, every: 0.2) }" } }
                """
            }
            defer {
                session.close()
                peer.stop()
            }
            try await session.waiting(for: "ticks")
            try session.send("Enter")
            try await session.waiting(for: #""count": 2"#)
            try session.send("Escape")
            let done = try await session.waiting(for: "closed: 1000")
            // Sent: connection_init, subscribe and, on Esc, complete (before, the session closed without it).
            #expect(done.contains("↑ 3 ("), "\(done)")
            try session.send("q")
        }
    }
}

import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix ws` (the built binary) against a real peer: the `websockets` library's server on loopback
/// (`Tests/Peers/websocket_server.py`).
@Suite("apix ws against the websockets server")
struct WebSocketCommandTests {
    static func jsonLines(_ text: String) throws -> [JSONValue] {
        try text.split(separator: "\n").map { try JSONValue.parse(Array($0.utf8)) }
    }

    @Test("stdin lines go out after --send, in order; echoes come back (exit 0 on the normal close)")
    func echo() async throws {
        let peer = try WebSocketPeer()
        let out = try await ApixProcess.run(
            ["ws", peer.url("/echo"), "--send", "one", "--send", "two", "--max-messages", "4"],
            input: Data("three\nfour\n".utf8), keepInputOpen: true)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text == "one\ntwo\nthree\nfour\n")
        #expect(out.stderr.contains("connected to \(peer.url("/echo"))"))
        #expect(out.stderr.contains("permessage-deflate"))
        #expect(out.stderr.contains("closed: 1000"))
    }

    @Test("The end of stdin closes with 1000 and apix waits for the server's close (exit 0)")
    func endOfInput() async throws {
        let peer = try WebSocketPeer()
        let out = try await ApixProcess.run(["ws", peer.url("/echo"), "--jsonl"], input: Data())
        #expect(out.status == 0, "\(out.stderr)")
        let lines = try Self.jsonLines(out.text)
        #expect(lines.count == 1)
        #expect(lines.first?["type"]?.stringValue == "close")
        #expect(lines.first?["code"]?.intValue == 1000)
    }

    @Test("The end of piped stdin before any answer says how to wait for answers; with --idle it waits, silent")
    func endOfInputBeforeAnswers() async throws {
        let peer = try WebSocketPeer()
        let out = try await ApixProcess.run(["ws", peer.url("/sink")], input: Data("one\ntwo\n".utf8))
        #expect(out.status == 0, "\(out.stderr)")
        // `printf 'hello\n' | apix ws URL` printed nothing and said nothing.
        #expect(out.stderr.contains("end of input: closing with 1000 before any answer came"), "\(out.stderr)")
        #expect(out.stderr.contains("--idle SECONDS or --max-messages N"))
        let answered = try await ApixProcess.run(
            ["ws", peer.url("/feed?count=1"), "--idle", "1"], input: Data("one\n".utf8))
        #expect(!answered.stderr.contains("end of input"), "\(answered.stderr)")
    }

    @Test("With --max-messages the end of stdin does not close: the echoes of the last lines still come (exit 0)")
    func endOfInputWithCount() async throws {
        let peer = try WebSocketPeer()
        let out = try await ApixProcess.run(
            ["ws", peer.url("/echo"), "--max-messages", "2"], input: Data("hello\nworld\n".utf8))
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text == "hello\nworld\n")
    }

    @Test("--jsonl both ways: text and binary in, text, binary and the close out (RFC 6455 §5.6)")
    func jsonl() async throws {
        let peer = try WebSocketPeer()
        let input = #"{"type":"text","data":"hé"}"# + "\n" + #"{"type":"binary","base64":"AAEC/w=="}"# + "\nnot json\n"
        let out = try await ApixProcess.run(
            ["ws", peer.url("/echo"), "--jsonl", "--max-messages", "2"], input: Data(input.utf8), keepInputOpen: true)
        #expect(out.status == 0, "\(out.stderr)")
        let lines = try Self.jsonLines(out.text)
        #expect(lines.count == 3)
        #expect(lines[0]["type"]?.stringValue == "text")
        #expect(lines[0]["data"]?.stringValue == "hé")
        #expect(lines[1]["type"]?.stringValue == "binary")
        #expect(lines[1]["base64"]?.stringValue == "AAEC/w==")
        #expect(lines[2]["type"]?.stringValue == "close")
        #expect(lines[2]["code"]?.intValue == 1000)
        #expect(lines[2]["reason"]?.stringValue == "")
        #expect(out.stderr.contains("stdin line 3 not sent"))
    }

    @Test("--max-messages ends a server feed with a normal close (exit 0), stdin still open")
    func maxMessages() async throws {
        let peer = try WebSocketPeer()
        let out = try await ApixProcess.run(
            ["ws", peer.url("/feed?count=10"), "--max-messages", "3"], keepInputOpen: true)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text == "tick 1\ntick 2\ntick 3\n")
    }

    @Test("--idle ends a quiet session with a normal close (exit 0)")
    func idle() async throws {
        let peer = try WebSocketPeer()
        let out = try await ApixProcess.run(["ws", peer.url("/echo"), "--idle", "0.3"], keepInputOpen: true)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("closed: 1000"))
    }

    @Test("§7.1.5, §7.4: the server's close code and reason on stderr and in --jsonl; exit 9 when not 1000/1001")
    func serverClose() async throws {
        let peer = try WebSocketPeer()
        let out = try await ApixProcess.run(
            ["ws", peer.url("/close?code=4001&reason=gone"), "--jsonl"], keepInputOpen: true)
        #expect(out.status == 9, "\(out.stderr)")
        #expect(out.stderr.contains("closed by the server: 4001 (gone)"))
        let lines = try Self.jsonLines(out.text)
        #expect(lines.last?["code"]?.intValue == 4001)
        #expect(lines.last?["reason"]?.stringValue == "gone")
        let away = try await ApixProcess.run(["ws", peer.url("/close?code=1001")], keepInputOpen: true)
        #expect(away.status == 0, "\(away.stderr)")
    }

    @Test("§5.4: a fragmented message arrives whole; a 10 MB binary message arrives whole")
    func largeAndFragmented() async throws {
        let peer = try WebSocketPeer()
        let fragmented = try await ApixProcess.run(
            ["ws", peer.url("/fragmented"), "--max-messages", "1"], keepInputOpen: true)
        #expect(fragmented.text == "frag-ment-ed\n", "\(fragmented.stderr)")
        let large = try await ApixProcess.run(
            ["ws", peer.url("/large?size=10000000"), "--max-messages", "1", "--jsonl"], keepInputOpen: true)
        #expect(large.status == 0, "\(large.stderr)")
        let line = try #require(try Self.jsonLines(large.text).first)
        let bytes = try #require(Data(base64Encoded: line["base64"]?.stringValue ?? ""))
        #expect(bytes.count == 10_000_000)
        #expect(bytes.prefix(300) == Data((0..<300).map { UInt8($0 % 256) }))
    }

    @Test("§10.4: a message over --max-message closes with 1009 (exit 8)")
    func tooBig() async throws {
        let peer = try WebSocketPeer()
        let out = try await ApixProcess.run(
            ["ws", peer.url("/large?size=2000000"), "--max-message", "1MiB"], keepInputOpen: true)
        #expect(out.status == 8, "\(out.stderr)")
        #expect(out.stderr.contains("1009"))
    }

    @Test("RFC 7692: compressed both ways with the library's permessage-deflate; --no-compression offers none")
    func compression() async throws {
        let peer = try WebSocketPeer()
        let text = String(repeating: "a fairly repetitive line of text ", count: 3000)
        let out = try await ApixProcess.run(
            ["ws", peer.url("/echo"), "--max-messages", "1"], input: Data((text + "\n").utf8), keepInputOpen: true)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text == text + "\n")
        #expect(out.stderr.contains("permessage-deflate"))
        let plain = try await ApixProcess.run(
            ["ws", peer.url("/echo"), "--no-compression", "--max-messages", "1"], input: Data((text + "\n").utf8),
            keepInputOpen: true)
        #expect(plain.text == text + "\n")
        #expect(!plain.stderr.contains("permessage-deflate"))
    }

    @Test("§5.5.2: the server's ping is answered; --show-control shows it in --jsonl")
    func ping() async throws {
        let peer = try WebSocketPeer()
        let out = try await ApixProcess.run(
            ["ws", peer.url("/ping"), "--jsonl", "--show-control", "--max-messages", "1"], keepInputOpen: true)
        #expect(out.status == 0, "\(out.stderr)")
        let lines = try Self.jsonLines(out.text)
        #expect(lines.first?["type"]?.stringValue == "ping")
        #expect(lines.dropFirst().first?["data"]?.stringValue == "pong: hello")
    }

    @Test("No connection: curl's status (7); not a WebSocket server: exit 22")
    func failures() async throws {
        let refused = try await ApixProcess.run(["ws", "ws://127.0.0.1:1/"])
        #expect(refused.status == 7, "\(refused.stderr)")
        try await withDemoServer { server in
            let out = try await ApixProcess.run(["ws", "ws://127.0.0.1:\(server.port)/json"])
            #expect(out.status == 22, "\(out.stderr)")
            #expect(out.stderr.contains("not 101 Switching Protocols"))
        }
    }

    @Test("Credentials that cannot be had: exit 4 and `apix: authentication failed: …`, as apix run (was 1)")
    func credentials() async throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "chat.yaml",
            """
            auth: { type: oauth2, grant: client_credentials, token_url: "http://127.0.0.1:1/token", client_id: a,
                    client_secret: b }
            environments:
              local: { base_url: "http://127.0.0.1:1" }
            endpoints:
              - { id: chat, protocol: websocket, path: /chat }
            """)
        let out = try await ApixProcess.run(
            ["ws", "chat", "chat", "--profiles", folder.path],
            environment: ["XDG_STATE_HOME": folder.path + "/state"])
        #expect(out.status == 4, "\(out.stderr)")
        #expect(out.stderr.hasPrefix("apix: authentication failed: "), "\(out.stderr)")
        let history = try await ApixProcess.run(
            ["history", "--json", "--profiles", folder.path], environment: ["XDG_STATE_HOME": folder.path + "/state"])
        #expect(
            history.text.contains(#""kind":"auth""#) || history.text.contains(#""kind": "auth""#), "\(history.text)")
    }

    @Test("From a profile: base_url http→ws, headers, auth, variables, subprotocols, saved messages")
    func fromProfile() async throws {
        let peer = try WebSocketPeer()
        let folder = try TemporaryDirectory()
        try folder.write("payload.bin", "raw bytes")
        try folder.write(
            "chat.yaml",
            """
            variables: { room: lobby }
            auth: { type: bearer, token: s3cret }
            environments:
              local: { base_url: "http://127.0.0.1:\(peer.port)" }
            endpoints:
              - id: chat
                protocol: websocket
                path: /subprotocol
                subprotocols: [chat.v1]
                messages:
                  - { name: hello, text: "hello {{room}}" }
                  - { name: join, json: { op: join, room: "{{room}}" } }
                  - { name: blob, file: payload.bin }
              - id: headers
                protocol: websocket
                path: /headers
                headers: { X-Room: "{{room}}" }
              - id: whole
                protocol: websocket
                path: ws://127.0.0.1:\(peer.port)/echo
            """)
        let chat = try await ApixProcess.run(
            [
                "ws", "chat", "chat", "--send-saved", "hello", "--send-saved", "join", "--send-saved", "blob",
                "--max-messages", "4", "--jsonl", "--profiles", folder.path,
            ], keepInputOpen: true)
        #expect(chat.status == 0, "\(chat.stderr)")
        let lines = try Self.jsonLines(chat.text)
        #expect(
            lines.prefix(3).map { $0["data"]?.stringValue } == [
                "chat.v1", "hello lobby", #"{"op":"join","room":"lobby"}"#,
            ])
        #expect(lines[3]["base64"]?.stringValue == Data("raw bytes".utf8).base64EncodedString())
        #expect(chat.stderr.contains("subprotocol chat.v1"))
        let headers = try await ApixProcess.run(
            ["ws", "chat", "headers", "--max-messages", "1", "--profiles", folder.path], keepInputOpen: true)
        let sent = try JSONValue.parse(Array(headers.stdout))
        #expect(sent["x-room"]?.stringValue == "lobby", "\(headers.stderr)")
        #expect(sent["authorization"]?.stringValue == "Bearer s3cret")
        #expect(sent["sec-websocket-protocol"] == nil)
        #expect(sent["user-agent"]?.stringValue?.hasPrefix("apix/") == true)
        let whole = try await ApixProcess.run(
            ["ws", "chat", "whole", "--max-messages", "1", "--profiles", folder.path], input: Data("x\n".utf8),
            keepInputOpen: true)
        #expect(whole.text == "x\n", "\(whole.stderr)")
        let unknown = try await ApixProcess.run(
            ["ws", "chat", "chat", "--send-saved", "nope", "--profiles", folder.path])
        #expect(unknown.status == 2, "\(unknown.stderr)")
        // `apix run` on a WebSocket endpoint (no graphql: body) sends no plain HTTP request: it says to use `apix ws`.
        let run = try await ApixProcess.run(["run", "chat", "chat", "--profiles", folder.path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("open it with `apix ws chat chat`"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(unknown.stderr.contains("saved: hello, join, blob"))
    }

    @Test("A profile whose base_url is ws:// opens its WebSocket endpoints at that address")
    func webSocketBaseURL() async throws {
        let peer = try WebSocketPeer()
        let folder = try TemporaryDirectory()
        try folder.write(
            "live.yaml",
            """
            environments: { local: { base_url: "ws://127.0.0.1:\(peer.port)" } }
            endpoints:
              - { id: echo, protocol: websocket, path: /echo }
            """)
        let out = try await ApixProcess.run(
            ["ws", "live", "echo", "--max-messages", "1", "--profiles", folder.path], input: Data("ping\n".utf8),
            keepInputOpen: true)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text == "ping\n")
        #expect(out.stderr.contains("connected to ws://127.0.0.1:\(peer.port)/echo"), "\(out.stderr)")
    }
}

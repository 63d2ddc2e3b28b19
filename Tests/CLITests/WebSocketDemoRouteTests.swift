import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix ws` against the demo API's WebSocket routes (hummingbird-websocket, `WebSocketRoutes`): the echo, the
/// timed feed and its close, subprotocol negotiation, and the shipped demo profile's WebSocket endpoints.
@Suite("apix ws against the demo API's WebSocket routes")
struct WebSocketDemoRouteTests {
    @Test("/ws/echo sends every message back, text and binary (exit 0 after --max-messages)")
    func echo() async throws {
        // The demo API in a process of its own: apix waits 5 s for the server's close, and an in-process server
        // shares the test runner's pool with CPU-heavy suites (a CI run saw 1006 after 5 s).
        let serving = try DemoServeProcess()
        defer { serving.stop() }
        let address = try #require(serving.address, "\(serving.line)")
        let input = #"{"type":"binary","base64":"AAEC/w=="}"# + "\n"
        let out = try await ApixProcess.run(
            [
                "ws", "ws://\(address)/ws/echo", "--jsonl", "--send", "hello demo", "--max-messages", "2",
                "--no-history",
            ], input: Data(input.utf8), keepInputOpen: true)
        #expect(out.status == 0, "\(out.stderr)")
        let lines = try WebSocketCommandTests.jsonLines(out.text)
        #expect(lines.first?["data"]?.stringValue == "hello demo")
        #expect(lines.dropFirst().first?["base64"]?.stringValue == "AAEC/w==")
        #expect(lines.last?["code"]?.intValue == 1000)
    }

    @Test("/ws/feed sends count messages then closes with 1000 (feed done); the subprotocol is negotiated")
    func feedAndSubprotocol() async throws {
        try await withDemoServer { server in
            let folder = try TemporaryDirectory()
            try folder.write(
                "feed.yaml",
                """
                environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
                endpoints:
                  - id: feed
                    protocol: websocket
                    path: /ws/feed
                    query: { count: 3, interval_ms: 10 }
                    subprotocols: [chat.v9, demo.v1]
                """)
            let out = try await ApixProcess.run(
                ["ws", "feed", "feed", "--jsonl", "--no-history", "--profiles", folder.path], keepInputOpen: true)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stderr.contains("(subprotocol demo.v1)"))
            #expect(out.stderr.contains("closed by the server: 1000 (feed done)"))
            let lines = try WebSocketCommandTests.jsonLines(out.text)
            #expect(
                lines.compactMap { $0["data"]?.stringValue } == [
                    #"{"n":1,"of":3,"subprotocol":"demo.v1"}"#, #"{"n":2,"of":3,"subprotocol":"demo.v1"}"#,
                    #"{"n":3,"of":3,"subprotocol":"demo.v1"}"#,
                ])
        }
    }

    @Test("the shipped demo profile's ws.echo: demo.v2 chosen, a saved message with a variable filled")
    func demoProfile() async throws {
        try await withDemoServer { server in
            let profiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("profiles").path
            let out = try await ApixProcess.run(
                [
                    "ws", "demo", "ws.echo", "--var", "port=\(server.port)", "--send-saved", "hello",
                    "--max-messages", "1", "--no-history", "--profiles", profiles,
                ], keepInputOpen: true)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stderr.contains("(subprotocol demo.v2)"))
            #expect(out.text == "hello from demo\n")
        }
    }
}

/// `ping_interval`: the peer (the `websockets` server's `/pings` route) sees apix's pings, one an interval apart.
@Suite("apix ws: ping_interval end to end")
struct WebSocketPingIntervalTests {
    @Test("ping_interval 0.2: the peer counts 3 pings, none sooner than the interval after the last (RFC 6455 §5.5.2)")
    func pingsAtTheInterval() async throws {
        let peer = try WebSocketPeer()
        let folder = try TemporaryDirectory()
        try folder.write(
            "ping.yaml",
            """
            environments: { local: { base_url: "http://127.0.0.1:\(peer.port)" } }
            endpoints:
              - id: keepalive
                protocol: websocket
                path: /pings
                query: { count: 3 }
                ping_interval: 0.2
            """)
        // Bounded: the peer answers after the third ping, --max-messages 1 then closes; --idle ends a stuck run.
        let out = try await ApixProcess.run(
            [
                "ws", "ping", "keepalive", "--jsonl", "--max-messages", "1", "--idle", "20", "--no-history",
                "--profiles", folder.path,
            ], keepInputOpen: true)
        #expect(out.status == 0, "\(out.stderr)")
        let lines = try WebSocketCommandTests.jsonLines(out.text)
        let report = try JSONValue.parse(try #require(lines.first?["data"]?.stringValue))
        #expect(report["pings"]?.intValue == 3)
        let gaps = report["gaps_ms"]?.arrayValue?.compactMap(\.intValue) ?? []
        #expect(gaps.count == 2)
        // Never much sooner than the interval: a lower bound only. The peer times each ping when it reads it, so a
        // ping read late on a loaded machine shortens the next gap by that much (apix itself waits the interval
        // from each ping it sent); 120 ms of 200 still tells spaced pings from pings sent back to back.
        #expect(gaps.allSatisfy { $0 >= 120 }, "\(gaps)")
    }
}

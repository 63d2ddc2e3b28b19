import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `expect: { stream: … }` on WebSocket sessions (issue 30): `apix test` runs a WebSocket endpoint to a defined end
/// (the server's close, `--max-events`, the timeout) and checks its `expect:` on the server's messages; `apix run`
/// checks a GraphQL subscription's on its results (docs/WEBSOCKET.md "Checks: apix test").
@Suite("expect: stream on WebSocket sessions")
struct WebSocketExpectTests {
    /// The demo API's feed, three messages then its close, checked twice: limits it meets, and limits it cannot.
    static func feedProfile(port: Int) -> String {
        """
        environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
        endpoints:
          - id: feed
            protocol: websocket
            path: /ws/feed
            query: { count: 3, interval_ms: 20 }
            expect:
              status: 101
              json: { "$.n": { "==": 3 } }
              stream: { first_event: "< 30s", max_gap: "< 30s", events: ">= 3" }
          - id: feed.more
            protocol: websocket
            path: /ws/feed
            query: { count: 3, interval_ms: 20 }
            expect:
              stream: { events: ">= 4", max_gap: "> 30s" }
        """
    }

    @Test("apix test: the feed's messages meet one expect: stream and fail the other, each check located")
    func feed() async throws {
        try await withDemoServer { server in
            let folder = try TemporaryDirectory()
            try folder.write("feed.yaml", Self.feedProfile(port: server.port))
            // `apix check` takes the keys on a WebSocket endpoint.
            let checked = try await ApixProcess.run(["check", "feed", "--profiles", folder.path])
            #expect(checked.status == 0, "\(checked.text)\(checked.stderr)")

            let out = try await ApixProcess.run(["test", "feed", "--no-history", "--profiles", folder.path])
            #expect(out.status == 1, "\(out.stderr)")
            let lines = out.stderr.split(separator: "\n").map(String.init)
            #expect(
                lines.contains { $0.hasPrefix("✓ feed  HTTP/1.1 101") && $0.hasSuffix("5/5 checks") }, "\(out.stderr)")
            #expect(lines.contains { $0.hasPrefix("✗ feed.more  HTTP/1.1 101") }, "\(out.stderr)")
            #expect(lines.contains("    ✗ stream events >= 4 (got 3)"), "\(out.stderr)")
            #expect(
                lines.contains { $0.hasPrefix("    ✗ stream max_gap > 30s (got ") && $0.hasSuffix(" ms)") },
                "\(out.stderr)")
            #expect(out.stderr.contains("1 passed, 1 failed"), "\(out.stderr)")

            // `--json`: the session's `stream` object beside its checks.
            let json = try await ApixProcess.run(
                ["test", "feed", "feed", "--json", "--no-history", "--profiles", folder.path])
            #expect(json.status == 0, "\(json.stderr)")
            let result = try #require(try JSONValue.parse(json.stdout)["results"]?[0], "\(json.text)")
            #expect(result["status"]?.intValue == 101)
            #expect(result["stream"]?["events"]?.intValue == 3, "\(json.text)")
            #expect(result["stream"]?["max_gap_ms"]?.doubleValue != nil, "\(json.text)")
        }
    }

    @Test("apix test: the saved messages are sent, --max-events ends the echo; with no end the timeout fails it")
    func echo() async throws {
        // In a process of its own, as `WebSocketDemoRouteTests.echo`: apix closes and waits for the server's close.
        let serving = try DemoServeProcess()
        defer { serving.stop() }
        let address = try #require(serving.address, "\(serving.line)")
        let folder = try TemporaryDirectory()
        try folder.write(
            "echo.yaml",
            """
            environments: { local: { base_url: "http://\(address)" } }
            endpoints:
              - id: echo
                protocol: websocket
                path: /ws/echo
                messages:
                  - { name: hello, text: "hello {{who}}" }
                  - { name: join, json: { op: join, room: lobby } }
                expect:
                  json: { "$.op": { "==": join } }
                  stream: { events: ">= 2", first_event: "< 30s" }
            variables: { who: apix }
            """)
        let out = try await ApixProcess.run(
            ["test", "echo", "--max-events", "2", "--json", "--no-history", "--profiles", folder.path])
        #expect(out.status == 0, "\(out.stderr)")
        let result = try #require(try JSONValue.parse(out.stdout)["results"]?[0], "\(out.text)")
        #expect(result["passed"] == .bool(true), "\(out.text)")
        #expect(result["stream"]?["events"]?.intValue == 2, "\(out.text)")
        #expect(result["checks"]?.arrayValue?.count == 3, "\(out.text)")

        // The echo never closes: without --max-events the session has no end but the timeout, a failure.
        let endless = try await ApixProcess.run(
            ["test", "echo", "--timeout", "1", "--no-history", "--profiles", folder.path])
        #expect(endless.status == 1, "\(endless.stderr)")
        #expect(endless.stderr.contains("✗ echo  no response: the session did not end within"), "\(endless.stderr)")
        #expect(endless.stderr.contains("give --max-events or a longer timeout"), "\(endless.stderr)")
    }

    @Test("apix run and apix test check a GraphQL subscription's expect: stream on its results")
    func graphQLSubscription() async throws {
        let setup = try await GraphQLSchemaImportTests.Setup.start()
        defer { setup.peer.stop() }
        try """
        environments:
          local: { base_url: "http://127.0.0.1:\(setup.peer.port)" }
        endpoints:
          - id: count
            protocol: websocket
            path: /graphql
            body:
              graphql:
                query: "subscription { count(to: 3, every: 0.05) }"
            expect:
              json: { "$.data.count": { "==": 3 } }
              stream: { first_event: "< 30s", max_gap: "< 30s", events: ">= 3" }
          - id: count.more
            protocol: websocket
            path: /graphql
            body:
              graphql:
                query: "subscription { count(to: 3, every: 0.05) }"
            expect:
              stream: { events: ">= 4" }
        """.write(toFile: setup.profiles.path + "/sub.yaml", atomically: true, encoding: .utf8)

        let met = try await setup.apix(["run", "sub", "count", "--json", "--no-history"])
        #expect(met.status == 0, "\(met.stderr)")
        // The results' timing and the checks, as one JSON object on stderr (as for a stream over HTTP).
        let summary = try #require(
            met.stderr.split(separator: "\n").first { $0.hasPrefix("{\"stream\"") }.map {
                try JSONValue.parse(String($0))
            },
            "\(met.stderr)")
        #expect(summary["stream"]?["events"]?.intValue == 3, "\(met.stderr)")
        let checks = try #require(summary["checks"]?.arrayValue, "\(met.stderr)")
        let subjects = checks.compactMap { $0["subject"]?.stringValue }
        #expect(subjects.contains("stream first_event"), "\(met.stderr)")
        #expect(checks.allSatisfy { $0["passed"] == .bool(true) }, "\(met.stderr)")

        let unmet = try await setup.apix(["run", "sub", "count.more", "--no-history"])
        #expect(unmet.status == 1, "\(unmet.stderr)")
        #expect(unmet.stderr.contains("apix: 3 results, then complete"), "\(unmet.stderr)")
        #expect(unmet.stderr.contains("apix: check failed: ✗ stream events >= 4 (got 3)"), "\(unmet.stderr)")

        let tested = try await setup.apix(["test", "sub", "--no-history"])
        #expect(tested.status == 1, "\(tested.stderr)")
        #expect(tested.stderr.contains("✓ count  HTTP/1.1 101"), "\(tested.stderr)")
        #expect(tested.stderr.contains("    ✗ stream events >= 4 (got 3)"), "\(tested.stderr)")
    }
}

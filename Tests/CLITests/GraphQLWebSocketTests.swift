import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// GraphQL over WebSocket (`graphql-transport-ws`) against the Ariadne peer: `apix run` on a `protocol: websocket`
/// endpoint with a `graphql:` body prints each result as it arrives, ends on `complete` (0) or `error` (1), stops a
/// subscription with `complete` on Ctrl-C, and records the session like any WebSocket session (docs/GRAPHQL.md).
@Suite("GraphQL subscriptions over WebSocket")
struct GraphQLWebSocketTests {
    static func profile(port: Int) -> String {
        """
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - id: count
            protocol: websocket
            path: /graphql
            body:
              graphql:
                query: |
                  query Users { users { name } }
                  subscription Count($to: Int!, $every: Float) { count(to: $to, every: $every) }
                operation: Count
                variables: '{"to": {{to}}, "every": 0.3}'
          - id: unknown
            protocol: websocket
            path: /graphql
            body:
              graphql:
                query: "subscription { nope }"
        variables: { to: "3" }
        """
    }

    /// The frames of the last session `apix history` recorded: (direction, the message's `type`, the message).
    static func frames(_ setup: GraphQLSchemaImportTests.Setup, state: String) async throws -> [(
        String, String, JSONValue
    )] {
        let listed = try await ApixProcess.run(
            ["history", "--json", "--profiles", setup.profiles.path], environment: ["XDG_STATE_HOME": state])
        let id = try #require(try JSONValue.parse(listed.stdout)["entries"]?[0]?["id"]?.stringValue, "\(listed.text)")
        let shown = try await ApixProcess.run(
            ["history", "show", id, "--json", "--profiles", setup.profiles.path],
            environment: ["XDG_STATE_HOME": state])
        let entry = try JSONValue.parse(shown.stdout)
        #expect(entry["method"]?.stringValue == "GET", "\(shown.text)")
        #expect(entry["status"]?.intValue == 101)
        #expect(entry["url"]?.stringValue?.hasPrefix("ws://127.0.0.1:") == true)
        let body = try #require(entry["body"]?.stringValue)
        return try body.split(separator: "\n").dropFirst().compactMap { line in
            let frame = try JSONValue.parse(Array(line.utf8))
            guard frame["type"]?.stringValue == "text", let data = frame["data"]?.stringValue else { return nil }
            let message = try JSONValue.parse(data)
            return (frame["dir"]?.stringValue ?? "", message["type"]?.stringValue ?? "", message)
        }
    }

    @Test("each result is printed as it arrives, then complete, exit 0; the session is in the history")
    func count() async throws {
        let setup = try await GraphQLSchemaImportTests.Setup.start()
        defer { setup.peer.stop() }
        let state = try TemporaryDirectory()
        try Self.profile(port: setup.peer.port).write(
            toFile: setup.profiles.path + "/sub.yaml", atomically: true, encoding: .utf8)
        let run = try await ApixProcess.run(
            ["run", "sub", "count", "--profiles", setup.profiles.path], environment: ["XDG_STATE_HOME": state.path])
        #expect(run.status == 0, "\(run.stderr)")
        let headers = run.text.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(headers.map { $0.split(separator: " ").last.map(String.init) } == ["next", "next", "next", "complete"])
        let counts = run.text.matches(of: /"count": (\d+)/).compactMap { Int($0.1) }
        #expect(counts == [1, 2, 3], "\(run.text)")
        #expect(run.stderr.contains("(subprotocol graphql-transport-ws)"), "\(run.stderr)")
        #expect(run.stderr.contains("apix: 3 results, then complete\napix: closed: 1000"), "\(run.stderr)")

        let frames = try await Self.frames(setup, state: state.path)
        #expect(
            frames.map { "\($0.0) \($0.1)" } == [
                "sent connection_init", "received connection_ack", "sent subscribe", "received next",
                "received next", "received next", "received complete",
            ])
        // The payload is the body the send pipeline built: the operation named, `{{to}}` filled.
        let payload = try #require(frames.first { $0.1 == "subscribe" }?.2["payload"])
        #expect(payload["operationName"]?.stringValue == "Count")
        #expect(payload["variables"]?["to"]?.intValue == 3)
    }

    @Test("connection_init's payload reaches the server, the secret in it filled but kept out of the history")
    func connectionInit() async throws {
        let setup = try await GraphQLSchemaImportTests.Setup.start()
        defer { setup.peer.stop() }
        let state = try TemporaryDirectory()
        try """
        environments:
          local: { base_url: "http://127.0.0.1:\(setup.peer.port)" }
        endpoints:
          - id: params
            protocol: websocket
            path: /graphql
            connection_init: { token: "{{token}}", client: apix }
            body: { graphql: { query: "{ request { method connectionParams } }" } }
        """.write(toFile: setup.profiles.path + "/init.yaml", atomically: true, encoding: .utf8)
        try "variables: { token: let-me-in }\n".write(
            toFile: setup.profiles.path + "/init.secrets.yaml", atomically: true, encoding: .utf8)
        let run = try await ApixProcess.run(
            ["run", "init", "params", "--json", "--profiles", setup.profiles.path],
            environment: ["XDG_STATE_HOME": state.path])
        #expect(run.status == 0, "\(run.stderr)")
        // The peer answers with the payload its on_connect was given (and acknowledged only the right token).
        let next = try #require(
            run.text.split(separator: "\n").map { try JSONValue.parse(String($0)) }.first { $0["event"] == "next" },
            "\(run.text)")
        let result = try JSONValue.parse(try #require(next["data"]?.stringValue))
        #expect(result["data"]?["request"]?["method"] == "WEBSOCKET", "\(run.text)")
        let params = try #require(result["data"]?["request"]?["connectionParams"]?.stringValue)
        #expect(try JSONValue.parse(params) == JSONValue.parse(#"{"client": "apix", "token": "let-me-in"}"#))

        let frames = try await Self.frames(setup, state: state.path)
        let opening = try #require(frames.first)
        #expect(opening.0 == "sent" && opening.1 == "connection_init")
        #expect(opening.2["payload"]?["client"] == "apix")
        #expect(opening.2["payload"]?["token"] != nil)
        // Removed from every frame: the one sent, and the server's answer that echoes it.
        #expect(frames.count == 5 && !frames.contains { $0.2.serialized().contains("let-me-in") }, "\(frames)")

        // Another token: the peer's on_connect refuses it and closes without `connection_ack`.
        let refused = try await setup.apix(["run", "init", "params", "--var", "token=wrong", "--no-history"])
        #expect(refused.status == 9, "\(refused.stderr)")
        #expect(refused.stderr.contains("closed before the operation completed"), "\(refused.stderr)")
    }

    @Test("an operation the server refuses (error) prints its errors and exits 1")
    func refused() async throws {
        let setup = try await GraphQLSchemaImportTests.Setup.start()
        defer { setup.peer.stop() }
        try Self.profile(port: setup.peer.port).write(
            toFile: setup.profiles.path + "/sub.yaml", atomically: true, encoding: .utf8)
        let run = try await setup.apix(["run", "sub", "unknown", "--no-history"])
        #expect(run.status == 1, "\(run.stderr)")
        let headers = run.text.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(headers.map { $0.split(separator: " ").last.map(String.init) } == ["error"])
        #expect(run.text.contains("Cannot query field 'nope' on type 'Subscription'."), "\(run.text)")
        #expect(run.stderr.contains("the server refused the operation"), "\(run.stderr)")
    }

    @Test("Ctrl-C stops the subscription with complete, then closes with 1000; exit 130")
    func interrupt() async throws {
        let setup = try await GraphQLSchemaImportTests.Setup.start()
        defer { setup.peer.stop() }
        let state = try TemporaryDirectory()
        try Self.profile(port: setup.peer.port).write(
            toFile: setup.profiles.path + "/sub.yaml", atomically: true, encoding: .utf8)
        // 1,000 results 0.3 s apart: only the signal ends this one.
        let (status, stdout, stderr) = try await WebSocketSessionEndTests.interrupted(
            ["run", "sub", "count", "--var", "to=1000", "--profiles", setup.profiles.path], signal: SIGINT,
            environment: ["XDG_STATE_HOME": state.path])
        #expect(status == 130, "\(stderr)")
        #expect(stdout.contains("next"))
        #expect(stderr.contains("apix: interrupted, closed: 1000"), "\(stderr)")
        let frames = try await Self.frames(setup, state: state.path)
        let last = try #require(frames.last { $0.0 == "sent" })
        #expect(last.1 == "complete", "\(frames.map(\.1))")
        #expect(last.2["id"] == "1")
    }
}

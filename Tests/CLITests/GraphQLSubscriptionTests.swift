import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// A subscription over server-sent events (GraphQL over SSE, distinct connections mode) against the Ariadne peer:
/// `apix run` asks for `text/event-stream` and prints each result as it arrives, then the `complete` event.
@Suite("GraphQL subscriptions over SSE")
struct GraphQLSubscriptionTests {
    static func profile(port: Int) -> String {
        """
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - id: count
            path: /graphql
            body:
              graphql:
                query: |
                  query Users { users { name } }
                  subscription Count($to: Int!) { count(to: $to, every: 0.3) }
                operation: Count
                variables: { to: 3 }
          - id: users
            path: /graphql
            body:
              graphql:
                query: |
                  query Users { users { name } }
                  subscription Count($to: Int!) { count(to: $to, every: 0.3) }
                operation: Users
        """
    }

    @Test("each result is printed as it arrives, then complete; a query beside it in the document is not streamed")
    func countOverSSE() async throws {
        let setup = try await GraphQLSchemaImportTests.Setup.start()
        defer { setup.peer.stop() }
        try Self.profile(port: setup.peer.port).write(
            toFile: setup.profiles.path + "/sub.yaml", atomically: true, encoding: .utf8)
        let run = try await setup.apix(["run", "sub", "count", "--no-history"])
        #expect(run.status == 0, "\(run.stderr)")
        // `#1  12:00:00.000  next` headers, each followed by its result.
        let headers = run.text.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(headers.map { $0.split(separator: " ").last.map(String.init) } == ["next", "next", "next", "complete"])
        let counts = run.text.matches(of: /"count": (\d+)/).compactMap { Int($0.1) }
        #expect(counts == [1, 2, 3], "\(run.text)")
        #expect(run.stderr.contains("4 events"), "\(run.stderr)")
        // As they arrived: the server waits 0.3 s between results, so the first and the last are at least 0.5 s apart.
        let times = headers.compactMap { line -> Double? in
            guard let clock = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first else {
                return nil
            }
            let parts = clock.split(separator: ":").compactMap { Double($0) }
            return parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : nil
        }
        let spread = try #require(times.last).distance(to: try #require(times.first)) * -1
        #expect(spread >= 0.5, "\(times)")

        let users = try await setup.apix(["run", "sub", "users", "--no-history"])
        #expect(users.status == 0, "\(users.stderr)")
        #expect(try JSONValue.parse(users.stdout)["data"]?["users"]?[0]?["name"] == "Ada")
    }
}

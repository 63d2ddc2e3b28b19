import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// A `graphql:` query of several lines is saved as a literal block (`query: |-`), and saving an edited query into a
/// file that wrote it as a block, or as one quoted line in flow, gives a file that loads back to the edited query.
@Suite("Saving GraphQL queries")
struct GraphQLQuerySaveTests {
    static let profile = """
        name: GQL
        environments:
          local: { base_url: "http://127.0.0.1:8080" }
        endpoints:
          - id: block
            path: /graphql
            body:
              graphql:
                query: |
                  query A {
                    a
                  }
                operation: A
          - id: flow
            path: /graphql
            body: { graphql: { query: "{ b }", variables: { x: 1 } } }

        """

    static func query(_ profile: Profile, _ id: String) -> GraphQLBody? {
        guard case .graphql(let body)? = profile.endpoint(id)?.body else { return nil }
        return body
    }

    @Test("edited queries load back as edited, blocks written as blocks")
    func edits() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("gql.yaml", Self.profile)
        let edited = "query A($id: ID!) {\n  a(id: $id) { # the one\n    b\n  }\n}"
        for id in ["block", "flow"] {
            let loaded = try ProfileLoader.load(file: file).get()
            var endpoint = try #require(loaded.endpoint(id))
            var body = try #require(Self.query(loaded, id))
            body.query = edited
            endpoint.body = .graphql(body)
            #expect(try ProfileWriter.save(endpoint: endpoint, in: loaded) == .edited(file: file))
        }
        var added = Endpoint(id: "added", method: .post, path: "/graphql")
        added.body = .graphql(GraphQLBody(query: edited + "\n", operation: "A"))
        _ = try ProfileWriter.save(endpoint: added, in: try ProfileLoader.load(file: file).get())
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let reloaded = try ProfileLoader.load(file: file).get()
        #expect(Self.query(reloaded, "block")?.query == edited, "\(text)")
        #expect(Self.query(reloaded, "block")?.operation == "A")
        #expect(Self.query(reloaded, "flow")?.query == edited, "\(text)")
        #expect(Self.query(reloaded, "flow")?.variables == .object([.init(key: "x", value: .number("1"))]))
        #expect(Self.query(reloaded, "added")?.query == edited + "\n", "\(text)")
        #expect(text.contains("        query: |\n          query A($id: ID!) {\n"), "\(text)")
    }
}

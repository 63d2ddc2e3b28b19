import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Imported GraphQL requests sent by the real `apix` to the real server (Ariadne): in the serialized suite of
/// `GraphQLCommandTests`, one Python server at a time.
extension GraphQLCommandTests {
    @Test("imported Postman and Bruno GraphQL requests pass apix check and run: POST, GET, templated variables")
    func importedRequests() async throws {
        let setup = try await Setup.start()
        defer { setup.peer.stop() }
        let base = "baseUrl=http://127.0.0.1:\(setup.peer.port)"

        let postman = try await setup.apix([
            "import", "postman", ImportCommandsTests.fixture("graphql/postman-v2.1-graphql.json"),
        ])
        #expect(postman.status == 0, "\(postman.stderr)")
        #expect(
            postman.stderr.contains("apix: note: Broken variables: its GraphQL variables are not a JSON object"),
            "\(postman.stderr)")
        let check = try await setup.apix(["check", "graphql-users"])
        #expect(check.status == 0, "\(check.text)")

        let user = try await setup.apix(["run", "graphql-users", "get-user", "--var", base, "--json"])
        #expect(user.status == 0, "\(user.stderr)")
        let document = try JSONValue.parse(user.stdout)
        let answer = try JSONValue.parse(try #require(document["body"]?.stringValue, "\(user.text)"))
        #expect(answer["data"]?["user"]?["name"]?.stringValue == "Ada", "\(user.text)")
        #expect(answer["data"]?["user"]?["role"]?.stringValue == "ADMIN")
        // The variables text whose {{user_number}} stands where a value goes: JSON once filled.
        let numbered = try await setup.apix(["run", "graphql-users", "numbered-user", "--var", base])
        #expect(numbered.status == 0, "\(numbered.stderr)")
        #expect(try JSONValue.parse(numbered.stdout)["data"]?["user"]?["name"]?.stringValue == "Grace")
        // The broken variables were left out, the query kept: the server says which variable is missing.
        let broken = try await setup.apix(["run", "graphql-users", "broken-variables", "--var", base])
        #expect(broken.text.contains("errors") && broken.text.contains("$id"), "\(broken.text)")

        let bruno = try await setup.apix(["import", "bruno", ImportCommandsTests.fixture("graphql/bruno-graphql")])
        #expect(bruno.status == 0, "\(bruno.stderr)")
        let search = try await setup.apix(["run", "graphql-users-bruno", "search-by-get", "--var", base, "--json"])
        #expect(search.status == 0, "\(search.stderr)")
        let sent = try JSONValue.parse(search.stdout)
        #expect(sent["request"]?["method"]?.stringValue == "GET")
        #expect(sent["request"]?["url"]?.stringValue?.contains("/graphql?query=query") == true, "\(search.text)")
        let found = try JSONValue.parse(try #require(sent["body"]?.stringValue))["data"]?["search"]?.arrayValue
        #expect(found?.map { $0["__typename"]?.stringValue } == ["User", "User"], "\(search.text)")
    }
}

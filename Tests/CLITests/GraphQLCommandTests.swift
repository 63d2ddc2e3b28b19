import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `graphql:` bodies, `apix graphql schema` and query validation through the real `apix` against a real GraphQL
/// server: Ariadne under uvicorn (from PyPI, into the venv `scripts/setup.sh` makes; `Tests/Peers/graphql_server.py`),
/// whose schema has an interface, a union, an enum, an input object and a deprecated field. One test at a time: each
/// starts a Python server (a second of imports on a loaded machine), and the run's other tests need the CPU and the
/// cooperative pool.
@Suite("GraphQL against a real server", .serialized)
struct GraphQLCommandTests {
    static let search = """
        query Search($text: String!) {
          search(text: $text) {
            __typename
            ... on User { name email }
            ... on Post { title }
          }
        }

        """

    static let badFile = """
        query Bad {
          users(role: WIZARD) { name }
        }

        """

    static func profile(port: Int) -> String {
        """
        name: GQL
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        variables: { who: "1" }
        endpoints:
          - id: user
            path: /graphql
            body:
              graphql:
                query: |
                  query User($id: ID!) {
                    user(id: $id) { name role }
                    request { method accept }
                  }
                variables: { id: "{{who}}" }
                operation: User
            expect:
              json:
                "$.data.user.name": { "==": "Ada" }
          - id: user-get
            path: /graphql
            method: GET
            body: { graphql: { query: "query($id: ID!) { user(id: $id) { name } request { method } }", variables: { id: "2" } } }
          - id: create
            path: /graphql
            body:
              graphql:
                query: "mutation Create($input: NewPostInput!) { createPost(input: $input) { id title author { name } } }"
                variables: { input: { title: "From apix", authorId: "1" } }
          - id: secret
            path: /graphql
            body: { graphql: { query: "{ users { name } secret }" } }
          - id: secret-expected
            path: /graphql
            body: { graphql: { query: "{ secret }" } }
            expect:
              json:
                "$.errors[0].path[0]": { "==": "secret" }
          - id: search
            path: /graphql
            body: { graphql: { file: ./ops/search.graphql, variables: { text: "e" } } }
          - id: bad
            path: /graphql
            body:
              graphql:
                query: |
                  query {
                    user(id: "1") { nme }
                  }
          - id: bad-file
            path: /graphql
            body: { graphql: { file: ops/bad.graphql } }
          - id: no-id
            path: /graphql
            body: { graphql: { query: "query($id: ID!) { user(id: $id) { name } }", variables: { other: 1 } } }

        """
    }

    /// The server, a profile directory with `gql.yaml` and its query files, and a state directory of its own.
    struct Setup {
        let peer: PythonPeer
        let profiles: TemporaryDirectory
        let state: TemporaryDirectory
        var environment: [String: String] { ["XDG_STATE_HOME": state.path] }

        /// Started on a thread of its own: `PythonPeer` waits for the port with blocking reads, which must not hold a
        /// thread of the cooperative pool while the server imports its modules.
        static func start() async throws -> Setup {
            let result = await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<Setup, Error>, Never>) in
                Thread { continuation.resume(returning: Result { try Setup() }) }.start()
            }
            return try result.get()
        }

        private init() throws {
            peer = try PythonPeer("graphql_server.py", interpreter: PythonPeer.venvPython)
            profiles = try TemporaryDirectory()
            state = try TemporaryDirectory()
            try FileManager.default.createDirectory(atPath: profiles.path + "/ops", withIntermediateDirectories: true)
            try GraphQLCommandTests.profile(port: peer.port).write(
                toFile: profiles.path + "/gql.yaml", atomically: true, encoding: .utf8)
            try GraphQLCommandTests.search.write(
                toFile: profiles.path + "/ops/search.graphql", atomically: true, encoding: .utf8)
            try GraphQLCommandTests.badFile.write(
                toFile: profiles.path + "/ops/bad.graphql", atomically: true, encoding: .utf8)
        }

        func apix(_ arguments: [String]) async throws -> ApixProcess.Output {
            try await ApixProcess.run(arguments + ["--profiles", profiles.path], environment: environment)
        }
    }

    @Test("a query with variables is a POST of {query, variables, operationName} with GraphQL's Accept")
    func queryWithVariables() async throws {
        let setup = try await Setup.start()
        defer { setup.peer.stop() }
        let run = try await setup.apix(["run", "gql", "user"])
        #expect(run.status == 0, "\(run.stderr)")
        let answer = try JSONValue.parse(run.stdout)
        #expect(answer["data"]?["user"]?["name"]?.stringValue == "Ada")
        #expect(answer["data"]?["user"]?["role"]?.stringValue == "ADMIN")
        #expect(answer["data"]?["request"]?["method"]?.stringValue == "POST")
        #expect(
            answer["data"]?["request"]?["accept"]?.stringValue
                == "application/graphql-response+json, application/json")

        // The body as sent: the core's one assembly, shown by --json and --reveal.
        let json = try await setup.apix(["run", "gql", "user", "--json", "--var", "who=2"])
        let document = try JSONValue.parse(json.stdout)
        let body = try JSONValue.parse(try #require(document["body"]?.stringValue))
        #expect(body["data"]?["user"]?["name"]?.stringValue == "Grace", "\(json.text)")
        // The endpoint's `expect:` on $.data fails for another user: exit 1, the check in `checks`.
        #expect(json.status == 1)
        let checks = try #require(document["checks"]?.arrayValue)
        #expect(checks.map { $0["subject"]?.stringValue } == ["graphql errors", "$.data.user.name"])
    }

    @Test("export curl writes the same JSON body: curl gets the same answer as apix run")
    func exportCurl() async throws {
        let setup = try await Setup.start()
        defer { setup.peer.stop() }
        let export = try await setup.apix(["export", "curl", "gql", "create"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.text.contains(#""operationName""#) == false)
        #expect(export.text.contains(#"{"query":"mutation Create"#), "\(export.text)")
        let viaCurl = try await ApixProcess.run(executable: "/bin/bash", ["-c", export.text])
        let viaApix = try await setup.apix(["run", "gql", "create"])
        let curl = try JSONValue.parse(viaCurl.stdout)
        let apix = try JSONValue.parse(viaApix.stdout)
        #expect(curl["data"]?["createPost"]?["title"]?.stringValue == "From apix", "\(viaCurl.text)")
        #expect(apix["data"]?["createPost"]?["title"]?.stringValue == "From apix")
        #expect(apix["data"]?["createPost"]?["author"]?["name"]?.stringValue == "Ada")
        // Two posts made, one each: different ids.
        #expect(curl["data"]?["createPost"]?["id"] != apix["data"]?["createPost"]?["id"])
    }

    @Test("method: GET sends query, variables and operationName as query parameters")
    func getMode() async throws {
        let setup = try await Setup.start()
        defer { setup.peer.stop() }
        let run = try await setup.apix(["run", "gql", "user-get", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try JSONValue.parse(run.stdout)
        let body = try JSONValue.parse(try #require(document["body"]?.stringValue))
        #expect(body["data"]?["request"]?["method"]?.stringValue == "GET")
        #expect(body["data"]?["user"]?["name"]?.stringValue == "Grace")
        let url = try #require(document["request"]?["url"]?.stringValue)
        #expect(url.contains("?query=query") && url.contains("&variables=%7B%22id%22"), "\(url)")
    }

    @Test("a query from a file, with an interface and a union in the answer")
    func queryFile() async throws {
        let setup = try await Setup.start()
        defer { setup.peer.stop() }
        let run = try await setup.apix(["run", "gql", "search"])
        #expect(run.status == 0, "\(run.stderr)")
        let found = try #require(try JSONValue.parse(run.stdout)["data"]?["search"]?.arrayValue, "\(run.text)")
        #expect(found.map { $0["__typename"]?.stringValue } == ["User", "Post"])
        #expect(found.first?["name"]?.stringValue == "Grace")
        #expect(found.last?["title"]?.stringValue == "Hello")
    }

    @Test("apix test: errors fail an exchange unless expect: checks $.errors; $.data paths are checked")
    func errorsFailTests() async throws {
        let setup = try await Setup.start()
        defer { setup.peer.stop() }
        let failing = try await setup.apix(["test", "gql", "secret"])
        #expect(failing.status == 1, "\(failing.text) \(failing.stderr)")
        let report = failing.text + failing.stderr
        #expect(report.contains("graphql errors") && report.contains("no secrets here"), "\(report)")
        #expect(report.contains("path secret"), "\(report)")

        let expected = try await setup.apix(["test", "gql", "secret-expected", "user"])
        #expect(expected.status == 0, "\(expected.text) \(expected.stderr)")

        // The $.data check is a real one: another user fails it.
        let other = try await setup.apix(["test", "gql", "user", "--var", "who=2"])
        #expect(other.status == 1, "\(other.text) \(other.stderr)")
        #expect((other.text + other.stderr).contains("$.data.user.name"))
    }

    @Test("graphql schema: the summary, the SDL, and the cache (kept per profile and environment)")
    func schema() async throws {
        let setup = try await Setup.start()
        defer { setup.peer.stop() }
        let summary = try await setup.apix(["graphql", "schema", "gql", "user"])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(
            summary.text.contains("types: 10 (6 objects, 1 interface, 1 union, 1 enum, 1 input object, 0 scalars)"),
            "\(summary.text)")
        #expect(summary.text.contains("query: Query, 6 fields: user, users, search, node, secret, request"))
        #expect(summary.text.contains("mutation: Mutation, 1 field: createPost"))
        #expect(summary.text.contains("subscription: Subscription, 1 field: count"), "\(summary.text)")
        let cached = try FileManager.default.contentsOfDirectory(atPath: setup.state.path + "/apix/cache/graphql")
        #expect(cached == ["gql@local.json"])

        // Kept: the server is gone and the SDL still comes.
        setup.peer.stop()
        let sdl = try await setup.apix(["graphql", "schema", "gql", "user", "--sdl"])
        #expect(sdl.status == 0, "\(sdl.stderr)")
        for line in [
            "interface Node {", "type User implements Node {", "union SearchResult = User | Post", "enum Role {",
            "input NewPostInput {", #"email: String @deprecated(reason: "Use `contact`.")"#,
            "createPost(input: NewPostInput!): Post!", #""""Anything with an id.""""#,
        ] {
            #expect(sdl.text.contains(line), "\(line)\n\(sdl.text)")
        }
        let refresh = try await setup.apix(["graphql", "schema", "gql", "user", "--refresh"])
        #expect(refresh.status == 7, "\(refresh.status) \(refresh.stderr)")
    }

    @Test("with a kept schema: run refuses an invalid query (exit 3, line:col), --no-validate sends it, check reports")
    func validation() async throws {
        let setup = try await Setup.start()
        defer { setup.peer.stop() }
        // No schema kept yet: sent as written (the server says what is wrong).
        let unchecked = try await setup.apix(["run", "gql", "bad"])
        #expect(unchecked.status == 0, "\(unchecked.stderr)")
        #expect(unchecked.text.contains("nme"))
        let fetched = try await setup.apix(["graphql", "schema", "gql", "user"])
        #expect(fetched.status == 0, "\(fetched.stderr)")

        let refused = try await setup.apix(["run", "gql", "bad"])
        #expect(refused.status == 3, "\(refused.status) \(refused.stderr)")
        #expect(
            refused.stderr.contains(
                #"gql.yaml:46:16: endpoint `bad`: GraphQL query 2:19: Cannot query field "nme" on type "User"."#),
            "\(refused.stderr)")
        #expect(refused.text.isEmpty)
        let json = try await setup.apix(["run", "gql", "bad", "--json"])
        #expect(json.status == 3)
        #expect(try JSONValue.parse(json.stdout)["error"]?["kind"]?.stringValue == "graphql", "\(json.text)")

        let sent = try await setup.apix(["run", "gql", "bad", "--no-validate"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.text.contains("errors"))

        let fileRefused = try await setup.apix(["run", "gql", "bad-file"])
        #expect(fileRefused.status == 3)
        #expect(
            fileRefused.stderr.contains(
                #"ops/bad.graphql:2:15: endpoint `bad-file`: GraphQL: Value "WIZARD" does not exist in "Role" enum."#),
            "\(fileRefused.stderr)")
        // A required variable the profile leaves out: refused before sending, as the server would refuse it.
        let noID = try await setup.apix(["run", "gql", "no-id"])
        #expect(noID.status == 3, "\(noID.status) \(noID.stderr)")
        #expect(
            noID.stderr.contains(#"GraphQL query 1:7: Variable "$id" of required type "ID!" was not provided."#),
            "\(noID.stderr)")
        let given = try await setup.apix(["run", "gql", "no-id", "--no-validate"])
        #expect(given.text.contains("errors") && given.text.contains("$id"), "the server refuses it too: \(given.text)")
        // A valid query still goes.
        let good = try await setup.apix(["run", "gql", "search"])
        #expect(good.status == 0, "\(good.stderr)")

        let check = try await setup.apix(["check", "gql"])
        #expect(check.status == 3)
        let lines = check.text.split(separator: "\n")
        #expect(lines.count == 3, "\(check.text)")
        #expect(check.text.contains(#"Variable "$id" of required type "ID!" was not provided."#))
        #expect(check.text.contains("GraphQL query 2:19"))
        #expect(check.text.contains("ops/bad.graphql:2:15"))
    }

    @Test("profile errors in graphql: are located")
    func profileErrors() async throws {
        let profiles = try TemporaryDirectory()
        try """
        name: Broken
        environments:
          local: { base_url: "http://127.0.0.1:9" }
        endpoints:
          - id: none
            path: /
            body: { graphql: { variables: { a: 1 } } }
          - id: missing
            path: /
            body: { graphql: { file: ./nowhere.graphql } }
          - id: typo
            path: /
            body: { graphql: { query: "{ a }", operaton: A } }

        """.write(toFile: profiles.path + "/broken.yaml", atomically: true, encoding: .utf8)
        let check = try await ApixProcess.run(["check", "broken", "--profiles", profiles.path])
        #expect(check.status == 3)
        #expect(
            check.text.contains("broken.yaml:7:22: `graphql` needs exactly one of `query` or `file`"), "\(check.text)")
        #expect(
            check.text.contains("broken.yaml:10:30: `graphql.file`: cannot read \(profiles.path)/nowhere.graphql\n"),
            "\(check.text)")
        #expect(
            check.text.contains("broken.yaml:13:40: unknown key `operaton` in `graphql`; did you mean `operation`?"),
            "\(check.text)")
    }
}

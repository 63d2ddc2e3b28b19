import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix import graphql`: endpoints generated from a real server's schema (Ariadne, Tests/Peers/graphql_server.py),
/// from the same schema as SDL and as introspection JSON; every generated query passes the server's validation.
@Suite("apix import graphql")
struct GraphQLSchemaImportTests {
    struct Setup: Sendable {
        let peer: PythonPeer
        let profiles: TemporaryDirectory

        /// Started on a thread of its own: `PythonPeer` waits for the port with blocking reads.
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
        }

        var url: String { "http://127.0.0.1:\(peer.port)/graphql" }

        func apix(_ arguments: [String]) async throws -> ApixProcess.Output {
            try await ApixProcess.run(arguments + ["--profiles", profiles.path])
        }

        func profile(_ id: String) throws -> Profile {
            try ProfileLoader.load(file: profiles.path + "/\(id).yaml").get()
        }
    }

    static let ids = [
        "query.user", "query.users", "query.search", "query.node", "query.secret", "query.request",
        "mutation.createPost",
    ]

    /// Each endpoint's query, variables and operation.
    static func documents(_ profile: Profile) -> [String] {
        profile.endpoints.map { endpoint in
            guard case .graphql(let body)? = endpoint.body else { return "\(endpoint.id): no graphql: body" }
            return "\(endpoint.id) \(body.query) \(String(describing: body.variables)) \(body.operation ?? "")"
        }
    }

    static let userQuery = """
        query UserQuery($id: ID!) {
          user(id: $id) {
            id
            name
            role
            contact
            posts {
              id
              title
            }
          }
        }
        """

    @Test("from the URL: one endpoint per query and mutation field, depth 2, deprecated fields left out; each runs")
    func fromURL() async throws {
        let setup = try await Setup.start()
        defer { setup.peer.stop() }
        let imported = try await setup.apix(["import", "graphql", setup.url, "--name", "gql"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let profile = try setup.profile("gql")
        #expect(profile.endpoints.map(\.id) == Self.ids)
        guard case .graphql(let user)? = profile.endpoint("query.user")?.body else {
            Issue.record("query.user has no graphql: body")
            return
        }
        #expect(user.query == Self.userQuery)
        #expect(user.operation == "UserQuery")
        #expect(profile.endpoint("query.secret")?.description == "Always fails: a field error with a path.")
        // Every generated query is valid for the server: only `secret` answers with errors (its field error).
        for id in Self.ids where id.hasPrefix("query.") {
            let run = try await setup.apix(["run", "gql", id, "--no-history"])
            let answer = try JSONValue.parse(run.stdout)
            #expect((answer["errors"] == nil) == (id != "query.secret"), "\(id): \(run.text)")
        }
        let users = try await setup.apix(["run", "gql", "query.users", "--no-history"])
        #expect(try JSONValue.parse(users.stdout)["data"]?["users"]?[0]?["posts"]?[0]?["title"] == "Hello")
        // Again with --merge: nothing new, nothing changed.
        let before = try String(contentsOfFile: setup.profiles.path + "/gql.yaml", encoding: .utf8)
        let merged = try await setup.apix(["import", "graphql", setup.url, "--name", "gql", "--merge"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try String(contentsOfFile: setup.profiles.path + "/gql.yaml", encoding: .utf8) == before)
    }

    @Test("from SDL and from introspection JSON: the same endpoints; a broken SDL file is a located error")
    func fromFiles() async throws {
        let setup = try await Setup.start()
        defer { setup.peer.stop() }
        let script = try String(contentsOfFile: PythonPeer.directory + "/graphql_server.py", encoding: .utf8)
        let sdl = try #require(script.components(separatedBy: "SDL = '''").last?.components(separatedBy: "'''").first)
        let sdlFile = setup.profiles.path + "/schema.graphql"
        try sdl.write(toFile: sdlFile, atomically: true, encoding: .utf8)
        let fromSDL = try await setup.apix(["import", "graphql", sdlFile, "--url", setup.url])
        #expect(fromSDL.status == 0, "\(fromSDL.stderr)")
        // GraphQLSwift lists a schema's fields by name: the same endpoints, in another order.
        let sdlProfile = try setup.profile("schema")
        #expect(sdlProfile.endpoints.map(\.id).sorted() == Self.ids.sorted())
        for id in Self.ids where id.hasPrefix("query.") && id != "query.secret" {
            let run = try await setup.apix(["run", "schema", id, "--no-history"])
            #expect(try JSONValue.parse(run.stdout)["errors"] == nil, "\(id): \(run.text)")
        }

        // `{"__schema": …}` as tools save it, from the server's answer to an introspection query of the test's own.
        let query = """
            { __schema { queryType { name } mutationType { name } subscriptionType { name }
              types { kind name description
                fields(includeDeprecated: true) { name description isDeprecated
                  args { name type { ...T } defaultValue } type { ...T } }
                inputFields { name type { ...T } defaultValue }
                enumValues(includeDeprecated: true) { name }
                possibleTypes { kind name } } } }
            fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }
            """
        let body = JSONValue.object(["query": .string(query)]).serialized()
        let asked = try await ApixProcess.run(
            executable: "/usr/bin/curl",
            ["-s", "-X", "POST", "-H", "Content-Type: application/json", "--data-binary", body, setup.url])
        let schema: JSONValue = try #require(try JSONValue.parse(asked.stdout)["data"], "\(asked.text)")
        let jsonFile = setup.profiles.path + "/bare.json"
        try schema.serialized().write(toFile: jsonFile, atomically: true, encoding: .utf8)
        let fromJSON = try await setup.apix(["import", "graphql", jsonFile, "--url", setup.url])
        #expect(fromJSON.status == 0, "\(fromJSON.stderr)")
        _ = try await setup.apix(["import", "graphql", setup.url, "--name", "gql"])
        let viaURL = try setup.profile("gql")
        #expect(Self.documents(try setup.profile("bare")) == Self.documents(viaURL))

        let broken = setup.profiles.path + "/broken.graphql"
        try "type Query {\n  user(id: ID!: User\n}\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let refused = try await setup.apix(["import", "graphql", broken])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("(2:"), "line 2 is named: \(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.profiles.path + "/broken.yaml"))
    }
}

import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore

/// GraphQL requests in Postman, Insomnia and Bruno exports become `graphql:` bodies (docs/GRAPHQL.md, "Imports"):
/// query, variables and operation kept, the method kept (GET sends query parameters), variables that are not a JSON
/// object left out with a note naming the request and where the JSON breaks, and the written profile loads back
/// and writes the same text again. Fixtures: `Fixtures/graphql/` (SOURCES.md says which exporter's shape each has).
@Suite("GraphQL imports")
struct GraphQLImportTests {
    static func endpoint(_ imported: ProfileImport, _ name: String) throws -> Endpoint {
        try #require(imported.profile.endpoints.first { $0.name == name }, "no endpoint \(name)")
    }

    static func graphQL(_ imported: ProfileImport, _ name: String) throws -> GraphQLBody {
        let endpoint = try endpoint(imported, name)
        if case .graphql(let body)? = endpoint.body { return body }
        return try #require(nil as GraphQLBody?, "\(name): not a graphql: body: \(String(describing: endpoint.body))")
    }

    static func variable(_ body: GraphQLBody, _ key: String) -> TemplateValue? {
        body.variables?.member(key)
    }

    /// The written profile, loaded back (what `apix check` reads), and the text the loaded profile writes: the
    /// same as the import wrote, so nothing of the bodies is lost between the emitter and the loader.
    static func roundTrip(_ imported: ProfileImport) throws -> Profile {
        let directory = NSTemporaryDirectory() + "apix-graphql-import-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var copy = imported
        let written = try ProfileImportWriter.write(&copy, source: "a test", directory: directory, force: false)
        let text = try String(contentsOfFile: written.file, encoding: .utf8)
        let loaded = try ProfileLoader.load(file: written.file).get()
        var again = copy
        again.profile = loaded
        #expect(again.yaml(source: "a test") == text)
        #expect(text.contains("graphql:"))
        return loaded
    }

    @Test("Postman v2.1: query, variables (JSON text) and method; broken variables a located note, the query kept")
    func postman() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .postman, path: ImportFixtures.path("graphql/postman-v2.1-graphql.json"), id: nil)
        try Self.checkPostman(imported)
    }

    @Test("Postman v2.0: the same body mode reads the same")
    func postmanV20() throws {
        let text = try ImportFixtures.text("graphql/postman-v2.1-graphql.json")
            .replacingOccurrences(of: "collection/v2.1.0/", with: "collection/v2.0.0/")
        let file = NSTemporaryDirectory() + "apix-postman-v2.0-graphql-\(UUID().uuidString).json"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(ImportFormat.detect(path: file) == .postman)
        try Self.checkPostman(try CollectionImporter.makeProfile(format: .postman, path: file, id: nil))
    }

    static func checkPostman(_ imported: ProfileImport) throws {
        let user = try endpoint(imported, "Get user")
        #expect(user.method == .post)
        #expect(user.path.raw == "/graphql")
        // The GraphQL body sets its own Content-Type.
        #expect(user.headers.isEmpty)
        let userBody = try graphQL(imported, "Get user")
        #expect(userBody.query.hasPrefix("query User($id: ID!) {\n  user(id: $id) {"))
        #expect(variable(userBody, "id") == .string(Template("{{user_id}}")))
        #expect(userBody.operation == nil)

        let search = try endpoint(imported, "Search by GET")
        #expect(search.method == .get)
        #expect(variable(try graphQL(imported, "Search by GET"), "text") == .string(Template("a")))

        // A variable where a value goes: JSON once filled, kept as the text.
        let numbered = try graphQL(imported, "Numbered user")
        #expect(numbered.variables == .string(Template(#"{"id": {{user_number}}}"#)))

        let create = try graphQL(imported, "Create post")
        guard case .object(let input)? = create.variables?.member("input") else {
            Issue.record("Create post: input is not an object: \(String(describing: create.variables))")
            return
        }
        #expect(input.map(\.key) == ["title", "authorId"])
        #expect(try graphQL(imported, "No variables").variables == nil)

        let broken = try graphQL(imported, "Broken variables")
        #expect(broken.variables == nil)
        #expect(broken.query.contains("user(id: $id)"))
        let note = try #require(imported.notes.first { $0.hasPrefix("Broken variables:") }, "\(imported.notes)")
        #expect(note.contains("GraphQL variables are not a JSON object (JSON error at line 3, column 1"), "\(note)")
        #expect(note.contains("the query kept"))

        let two = try #require(imported.notes.first { $0.hasPrefix("Two operations:") }, "\(imported.notes)")
        #expect(two.contains("2 operations (First, Second)") && two.contains("`operation:`"), "\(two)")
        #expect(imported.notes.filter { $0.contains("GraphQL") }.count == 2, "\(imported.notes)")

        let loaded = try roundTrip(imported)
        #expect(loaded.endpoints.count == 7)
        guard case .graphql(let back)? = loaded.endpoints.first(where: { $0.name == "Get user" })?.body else {
            Issue.record("Get user: not a graphql: body when loaded back")
            return
        }
        // Compared as text: what is read back carries source locations, which `==` sees.
        #expect(back.query == userBody.query)
        #expect(String(describing: back.variables) == String(describing: userBody.variables))
    }

    @Test("Insomnia v4: the application/graphql envelope: query, variables (object or text), operationName")
    func insomniaV4() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .insomnia, path: ImportFixtures.path("graphql/insomnia-v4-graphql.json"), id: nil)
        let user = try Self.endpoint(imported, "Get user")
        #expect(user.folder == "Users")
        #expect(user.headers.isEmpty)
        let body = try Self.graphQL(imported, "Get user")
        #expect(body.operation == "User")
        #expect(body.query.contains("user(id: $id)"))
        #expect(Self.variable(body, "id") == .string(Template("{{user_id}}")))
        #expect(try Self.endpoint(imported, "Search by GET").method == .get)
        #expect(try Self.graphQL(imported, "Search by GET").operation == "Search")
        // The operation chosen of two: no note.
        #expect(try Self.graphQL(imported, "Pick an operation").operation == "Second")
        #expect(try Self.graphQL(imported, "Pick an operation").variables == nil)
        // Variables saved as typed (JSON text in the envelope), Nunjucks converted.
        let create = try Self.graphQL(imported, "Create post")
        #expect(create.variables?.member("input")?.member("authorId") == .string(Template("{{user_id}}")))
        let broken = try Self.graphQL(imported, "Broken variables")
        #expect(broken.variables == nil && broken.operation == "User")
        let note = try #require(imported.notes.first { $0.hasPrefix("Broken variables:") }, "\(imported.notes)")
        #expect(note.contains("(JSON error at line 1, column 10"), "\(note)")
        #expect(imported.notes.filter { $0.contains("GraphQL") }.count == 1, "\(imported.notes)")
        #expect(try Self.roundTrip(imported).endpoints.count == 5)
    }

    @Test("Insomnia v5 (YAML): the same envelope, variables as text")
    func insomniaV5() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .insomnia, path: ImportFixtures.path("graphql/insomnia-v5-graphql.yaml"), id: nil)
        let body = try Self.graphQL(imported, "Get user")
        #expect(body.operation == "User")
        #expect(body.query == "query User($id: ID!) {\n  user(id: $id) {\n    name\n    role\n  }\n}")
        #expect(Self.variable(body, "id") == .string(Template("{{user_id}}")))
        #expect(try Self.endpoint(imported, "Get user").headers.map(\.name) == ["User-Agent"])
        let broken = try Self.graphQL(imported, "Broken variables")
        #expect(broken.query == "{ users { name } }" && broken.variables == nil)
        let note = try #require(imported.notes.first { $0.hasPrefix("Broken variables:") }, "\(imported.notes)")
        #expect(note.contains("line 2, column 11"), "\(note)")
        #expect(try Self.roundTrip(imported).endpoints.count == 2)
    }

    @Test("Bruno: body:graphql and body:graphql:vars blocks; get keeps GET; broken vars a note naming the file")
    func bruno() throws {
        let imported = try CollectionImporter.makeProfile(
            format: .bruno, path: ImportFixtures.path("graphql/bruno-graphql"), id: nil)
        let user = try Self.endpoint(imported, "Get user")
        #expect(user.folder == "Users" && user.method == .post)
        #expect(user.headers.isEmpty)
        let body = try Self.graphQL(imported, "Get user")
        #expect(body.query == "query User($id: ID!) {\n  user(id: $id) {\n    name\n    role\n  }\n}")
        #expect(Self.variable(body, "id") == .string(Template("{{userId}}")))
        #expect(body.operation == nil)
        #expect(try Self.endpoint(imported, "Search by GET").method == .get)
        let create = try Self.graphQL(imported, "Create post")
        #expect(create.variables?.member("input")?.member("title") == .string(Template("From Bruno")))
        let broken = try Self.graphQL(imported, "Broken variables")
        #expect(broken.query.hasPrefix("{\n  users {") && broken.variables == nil)
        let note = try #require(
            imported.notes.first { $0.hasPrefix("Broken variables (Broken variables.bru):") }, "\(imported.notes)")
        #expect(note.contains("line 2, column 11"), "\(note)")
        #expect(try Self.roundTrip(imported).endpoints.count == 4)
    }

    @Test("{{variables}} in a query: kept as written, with a note")
    func templatedQuery() {
        var notes: [String] = []
        let body = ImportGraphQL.body(
            query: "{ user(id: \"{{id}}\") { name } }", variables: .text("  "), operation: " ", request: "R",
            notes: &notes)
        #expect(body == .graphql(GraphQLBody(query: "{ user(id: \"{{id}}\") { name } }")))
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("R: its GraphQL query uses {{id}}, which apix sends as written") == true)
    }

    @Test("variables: objects kept, other JSON left out with a note; columns kept past {{variables}}")
    func variables() {
        var notes: [String] = []
        #expect(ImportGraphQL.kept(.value(.null), request: "R", notes: &notes) == nil)
        #expect(ImportGraphQL.kept(.text("{}"), request: "R", notes: &notes) == nil)
        #expect(notes.isEmpty)
        #expect(ImportGraphQL.kept(.text("[1]"), request: "R", notes: &notes) == nil)
        #expect(notes.last?.contains("(not an object)") == true)
        // The error is past the variable: its column is the text's own.
        #expect(ImportGraphQL.kept(.text(#"{"a": {{long_name}} "b": 1}"#), request: "R", notes: &notes) == nil)
        #expect(notes.last?.contains("line 1, column 21") == true, "\(notes)")
        #expect(ImportGraphQL.placeholdersFilled("{{ab}}x") == "0     x")
    }

    @Test("operations in a document: named, anonymous, shorthand; fragments, strings and comments are not")
    func operations() {
        #expect(ImportGraphQL.operationNames("{ a }") == [nil])
        #expect(ImportGraphQL.operationNames("query { a }") == [nil])
        #expect(ImportGraphQL.operationNames("query($x: In = {a: 1}) { a }") == [nil])
        #expect(ImportGraphQL.operationNames("query A { a } mutation B($x: ID) @d { b }") == ["A", "B"])
        #expect(
            ImportGraphQL.operationNames(
                """
                # query Hidden { x }
                fragment F on User { name }
                query A { a(s: "query B { }", t: \"\"\"mutation C { }\"\"\") { ...F } }
                subscription S { s }
                """) == ["A", "S"])
    }
}

extension TemplateValue {
    /// An object's member by key (tests read nested variables with it).
    fileprivate func member(_ key: String) -> TemplateValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

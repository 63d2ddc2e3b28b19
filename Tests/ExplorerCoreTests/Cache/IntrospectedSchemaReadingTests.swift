import Foundation
import Testing

@testable import ExplorerCore

/// Introspection results read straight from their bytes (`IntrospectedSchema.read`) and kept in the schema cache
/// (`GraphQLSchemaCache`): the shapes a server or a saved file gives, what each failure says, entries kept apart.
@Suite("GraphQL introspection results: reading and keeping")
struct IntrospectedSchemaReadingTests {
    static let schema = """
        {"queryType":{"name":"Query"},"mutationType":null,"types":[
          {"kind":"OBJECT","name":"Query","description":"the root","fields":[
            {"name":"users","description":null,"args":[{"name":"first","description":null,
              "type":{"kind":"SCALAR","name":"Int","ofType":null},"defaultValue":"10"}],
             "type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,
               "ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"User","ofType":null}}}},
             "isDeprecated":false,"deprecationReason":null}],"interfaces":[]},
          {"kind":"OBJECT","name":"User","fields":[{"name":"name","args":[],
            "type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":true,"deprecationReason":"use login"}]},
          {"kind":"SCALAR","name":"String"},{"kind":"SCALAR","name":"Int"},{"kind":"OBJECT","name":"__Type","fields":[]}],
         "directives":[]}
        """

    static func read(_ text: String) throws(IntrospectedSchema.ReadError) -> IntrospectedSchema {
        try IntrospectedSchema.read(answer: Data(text.utf8))
    }

    static func failure(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("an answer is read whole: roots, types, wrapped type references, arguments, deprecations")
    func answer() throws {
        let schema = try Self.read(#"{"data":{"__schema":\#(Self.schema)}}"#)
        #expect(schema.queryType?.name == "Query")
        #expect(schema.mutationType == nil)
        #expect(schema.types.count == 5)
        #expect(schema.ownTypes.map(\.name) == ["Query", "User", "String", "Int"])
        let users = try #require(schema.rootFields(schema.queryType).first)
        #expect(users.type.sdl == "[User!]!")
        #expect(users.args.first?.defaultValue == "10")
        let name = try #require(schema.types[1].fields?.first)
        #expect(name.isDeprecated == true)
        #expect(name.deprecationReason == "use login")
    }

    @Test("what is not an introspection answer says which way it is not")
    func failures() {
        #expect(Self.failure("<html>oops</html>")?.hasPrefix("the answer is not JSON: ") == true)
        #expect(
            Self.failure(#"{"data":{"__schema":{"types":"none"}}}"#)?.contains("not an introspection result") == true)
        // A member missing deep inside is named by its path.
        #expect(
            Self.failure(
                #"{"data":{"__schema":{"types":[{"kind":"OBJECT","name":"Q","fields":[{"name":"a","args":[]}]}]}}}"#)
                == "data.__schema is not an introspection result: types[0].fields[0].type: missing")
        #expect(Self.failure(#"{"data":{}}"#) == "the answer has no data.__schema")
        #expect(
            Self.failure(#"{"data":null,"errors":[{"message":"introspection is off"},{"message":"really"}]}"#)
                == "the server answered with errors: introspection is off; really")
        #expect(Self.failure(#"{"errors":"not a list"}"#) == "the answer has no data.__schema")
    }

    @Test("a saved file: an answer, a bare __schema, the server's errors, other JSON, or not JSON (nil: SDL's turn)")
    func documents() throws {
        func document(_ text: String) throws(IntrospectedSchema.ReadError) -> IntrospectedSchema? {
            try IntrospectedSchema.read(document: Data(text.utf8))
        }
        #expect(try document(#"{"data":{"__schema":\#(Self.schema)}}"#)?.types.count == 5)
        #expect(try document(#"{"__schema":\#(Self.schema)}"#)?.types.count == 5)
        #expect(try document("type Query { users: [String] }") == nil)
        #expect(throws: IntrospectedSchema.ReadError.self) { try document(#"{"data":null,"errors":[]}"#) }
        do {
            _ = try document(#"{"data":null,"errors":[{"message":"off"}]}"#)
            Issue.record("a refusal read as a schema")
        } catch {
            #expect(error.description == "the server answered with errors: off")
        }
        do {
            _ = try document(#"{"openapi":"3.1.0"}"#)
            Issue.record("other JSON read as a schema")
        } catch {
            #expect(error.description.hasPrefix("JSON without data.__schema or __schema"))
        }
    }

    @Test("the cache keeps a schema per URL (without its query), 0600, skips an entry that no longer reads")
    func cache() throws {
        let directory = NSTemporaryDirectory() + "apix-gql-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = GraphQLSchemaCache(directory: directory)
        let schema = try IntrospectedSchema.read(schemaObject: Data(Self.schema.utf8))
        let time = Date(timeIntervalSince1970: 1_700_000_000.75)
        try cache.store(schema, profile: "p", environment: "local", url: "http://a/graphql?token=secret", at: time)
        try cache.store(schema, profile: "p", environment: "local", url: "http://b/graphql", at: time)
        try cache.store(schema, profile: "p", environment: "local", url: "http://a/graphql", at: time + 10)
        let path = cache.path(profile: "p", environment: "local")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("secret"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let kept = cache.entries(profile: "p", environment: "local")
        #expect(kept.map(\.url) == ["http://b/graphql", "http://a/graphql"])
        #expect(kept.last?.fetchedAt == Date(timeIntervalSince1970: 1_700_000_010))
        #expect(cache.entry(profile: "p", environment: "local", url: "http://b/graphql?x=1")?.schema.types.count == 5)
        // An entry broken on disk is skipped; the other still reads.
        let broken = text.replacingOccurrences(of: #""url":"http:\/\/b\/graphql""#, with: #""url":17"#)
            .replacingOccurrences(of: #""url":"http://b/graphql""#, with: #""url":17"#)
        #expect(broken != text)
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(cache.entries(profile: "p", environment: "local").map(\.url) == ["http://a/graphql"])
        #expect(cache.entry(profile: "p", environment: "other", url: "http://a/graphql") == nil)
    }
}

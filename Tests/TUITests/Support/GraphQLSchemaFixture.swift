import ExplorerCore
import Foundation

@testable import TUI

/// A small introspected schema, written compactly (types as SDL references), for the explorer's GraphQL tests:
/// `Query { user(id: ID!): User, users(role: Role = ADMIN, first: Int = 10): [User!]!, search(text: String!):
/// [SearchResult] }`, `User` (with a deprecated field and a description carrying an escape), `Post`, an enum `Role`,
/// a union `SearchResult`, `Mutation.createPost(input: PostInput!)` (an input object with an enum field), and the
/// directives `@cached` (fields) and `@live` (queries).
enum GraphQLSchemaFixture {
    static let kinds: [String: String] = [
        "ID": "SCALAR", "String": "SCALAR", "Int": "SCALAR", "Boolean": "SCALAR", "Role": "ENUM", "User": "OBJECT",
        "Post": "OBJECT", "Query": "OBJECT", "Mutation": "OBJECT", "SearchResult": "UNION", "PostInput": "INPUT_OBJECT",
    ]

    /// `[User!]!` as an introspection type reference.
    static func ref(_ sdl: String) -> String {
        if sdl.hasSuffix("!") {
            return #"{"kind":"NON_NULL","name":null,"ofType":\#(ref(String(sdl.dropLast())))}"#
        }
        if sdl.hasPrefix("[") {
            return #"{"kind":"LIST","name":null,"ofType":\#(ref(String(sdl.dropFirst().dropLast())))}"#
        }
        return #"{"kind":"\#(kinds[sdl] ?? "OBJECT")","name":"\#(sdl)","ofType":null}"#
    }

    static func string(_ text: String?) -> String {
        guard let text else { return "null" }
        return JSONValue.string(text).serialized()
    }

    static func input(_ name: String, _ type: String, default value: String? = nil, description: String? = nil)
        -> String
    {
        #"{"name":"\#(name)","description":\#(string(description)),"type":\#(ref(type)),"defaultValue":\#(string(value))}"#
    }

    static func field(
        _ name: String, _ type: String, args: [String] = [], description: String? = nil, deprecated: String? = nil
    ) -> String {
        #"{"name":"\#(name)","description":\#(string(description)),"args":[\#(args.joined(separator: ","))],"type":\#(ref(type)),"isDeprecated":\#(deprecated != nil),"deprecationReason":\#(string(deprecated))}"#
    }

    static func type(
        _ name: String, fields: [String]? = nil, inputs: [String]? = nil, enumValues: [String]? = nil,
        possible: [String]? = nil, description: String? = nil
    ) -> String {
        let kind = kinds[name] ?? "OBJECT"
        let fieldsJSON = fields.map { "[" + $0.joined(separator: ",") + "]" } ?? "null"
        let inputsJSON = inputs.map { "[" + $0.joined(separator: ",") + "]" } ?? "null"
        let values =
            enumValues.map { names in
                "[" + names.map { #"{"name":"\#($0)","description":null,"isDeprecated":false}"# }.joined(separator: ",")
                    + "]"
            } ?? "null"
        let possibleJSON = possible.map { "[" + $0.map { ref($0) }.joined(separator: ",") + "]" } ?? "null"
        return
            #"{"kind":"\#(kind)","name":"\#(name)","description":\#(string(description)),"fields":\#(fieldsJSON),"inputFields":\#(inputsJSON),"interfaces":[],"enumValues":\#(values),"possibleTypes":\#(possibleJSON)}"#
    }

    /// `@cached(ttl: Int = 60)` on fields, `@live` on queries (and no `@include`/`@skip`: completion adds them).
    static let directives = [
        #"{"name":"cached","description":"Cache the field.","locations":["FIELD"],"args":[\#(input("ttl", "Int", default: "60"))]}"#,
        #"{"name":"live","description":null,"locations":["QUERY"],"args":[]}"#,
    ].joined(separator: ",")

    static let json: String = {
        let types = [
            type(
                "Query",
                fields: [
                    field("user", "User", args: [input("id", "ID!")], description: "One user by id"),
                    field(
                        "users", "[User!]!",
                        args: [input("role", "Role", default: "ADMIN"), input("first", "Int", default: "10")]),
                    field("search", "[SearchResult]", args: [input("text", "String!")]),
                ]),
            type(
                "Mutation",
                fields: [field("createPost", "Post", args: [input("input", "PostInput!")])]),
            type(
                "User",
                fields: [
                    field("id", "ID!"), field("name", "String", description: "The display name"),
                    field("role", "Role"), field("posts", "[Post!]!"),
                    field("login", "String", deprecated: "use name"),
                ], description: "A person\u{1B}[31m who posts"),
            type("Post", fields: [field("title", "String!"), field("author", "User")]),
            type("Role", enumValues: ["ADMIN", "EDITOR", "VIEWER"]),
            type("SearchResult", possible: ["User", "Post"]),
            type(
                "PostInput",
                inputs: [
                    input("title", "String!"), input("draft", "Boolean", default: "false"),
                    input("audience", "Role", description: "Who may read it"),
                ]),
            type("ID"), type("String"), type("Int"), type("Boolean"),
        ]
        return
            #"{"queryType":{"name":"Query"},"mutationType":{"name":"Mutation"},"subscriptionType":null,"types":[\#(types.joined(separator: ","))],"directives":[\#(directives)]}"#
    }()

    static func schema() throws -> IntrospectedSchema {
        try IntrospectedSchema.read(schemaObject: Data(json.utf8))
    }

    static func index() throws -> GraphQLSchemaIndex {
        GraphQLSchemaIndex(try schema(), url: "http://127.0.0.1:9/graphql", fetchedAt: Date(timeIntervalSince1970: 1))
    }
}

import ExplorerCore
import ExplorerGraphQL
import Foundation
import Testing

/// A query checked against a schema (`apix check`, `apix run`): where each problem is.
@Suite("GraphQL query check")
struct GraphQLQueryCheckTests {
    @Test("a problem after non-ASCII text is placed at its own line and column (GraphQLSwift's drift; fuzzed)")
    func placeAfterNonASCII() async throws {
        let schema = try await IntrospectedSchema.read(sdl: "type Query { user(name: String): String }")
        let check = try GraphQLQueryCheck(schema)
        let syntax = check.problems("{ user(name: \"é😀é\")\n  ! }")
        #expect(syntax.map { "\($0.line):\($0.column)" } == ["2:3"], "\(syntax)")
        let validation = check.problems("{ user(name: \"é😀\") nope }")
        #expect(validation.map { "\($0.line):\($0.column)" } == ["1:20"], "\(validation)")
        let crlf = check.problems("{\r\n  user(name: \"ü\")\r\n  nope\r\n}")
        #expect(crlf.map { "\($0.line):\($0.column)" } == ["3:3"], "\(crlf)")
    }

    @Test("operations and fragments defined twice are reported by name, never a trap (GraphQLSwift's caches; fuzzed)")
    func namesakes() async throws {
        let schema = try await IntrospectedSchema.read(
            sdl: "type Query { user(id: ID!): User users: [User!]! } type User { name: String! }")
        let check = try GraphQLQueryCheck(schema)
        // A pasted copy of each: equal definitions, which GraphQLSwift's validation hashed apart and compared equal.
        let query = """
            { user(id: "1") { name } }
            { user(id: "1") { name } }
            query A($id: ID!) { user(id: $id) { ...F } }
            query A($id: ID!) { user(id: $id) { ...F } }
            fragment F on User { name }
            fragment F on User { name }
            query B { users { nope } }
            """
        let expected = [
            "1:1: This anonymous operation must be the only defined operation.",
            "2:1: This anonymous operation must be the only defined operation.",
            "3:7: There can be only one operation named \"A\".",
            "5:10: There can be only one fragment named \"F\".",
            "7:19: Cannot query field \"nope\" on type \"User\". Did you mean \"name\"?",
        ]
        // The trap came at random (hashes by address): often enough in 300 checks to fail every time.
        for _ in 0..<300 {
            let problems = check.problems(query, variables: [])
            #expect(problems.map(\.description) == expected)
            if problems.map(\.description) != expected { break }
        }
        // Two anonymous operations alone: both are reported, as GraphQLSwift reports them.
        #expect(
            check.problems("{ users { name } }\n{ users { name } }").map(\.description) == [
                "1:1: This anonymous operation must be the only defined operation.",
                "2:1: This anonymous operation must be the only defined operation.",
            ])
    }

    @Test("a `\\u` escape cut short by the end of the query is a syntax problem at the end, not a trap (fuzzed)")
    func escapeAtTheEnd() async throws {
        let schema = try await IntrospectedSchema.read(sdl: "type Query { user(name: String): String }")
        let check = try GraphQLQueryCheck(schema)
        for query in [
            #""\u"#, #"{ user(name: "\u"#, #"{ user(name: "\u1"#, #"{ user(name: "\u12"#, "{ user(name: \"\\u123",
        ] {
            let problems = check.problems(query)
            #expect(problems.count == 1, "\(query): \(problems)")
            #expect(problems.first?.message.hasPrefix("Syntax Error: ") == true, "\(problems)")
            let backslash = query.distance(from: query.startIndex, to: try #require(query.firstIndex(of: "\\")))
            // At the escape's `u`, where GraphQLSwift places a bad escape.
            #expect(problems.first.map { "\($0.line):\($0.column)" } == "1:\(backslash + 2)", "\(query): \(problems)")
            #expect(problems.first?.message.contains("Invalid character escape sequence") == true, "\(problems)")
        }
        // Unterminated: placed at the end of the query as written, not in the padding.
        #expect(check.problems(#"{ user(name: "ab"#).map(\.description).first?.hasPrefix("1:17: ") == true)
        #expect(check.problems(#"{ user(name: "\u00e9") }"#).isEmpty)
    }

    @Test(
        "a hostile schema: a name that is no GraphQL name is refused, located; a default value ending the SDL in `\\u` is no trap"
    )
    func hostileSchema() throws {
        func answer(_ types: String) -> Data {
            Data(
                """
                {"data": {"__schema": {"queryType": {"name": "Query"}, "types": [
                  {"kind": "OBJECT", "name": "Query", "fields": [
                    {"name": "a", "args": [], "type": {"kind": "SCALAR", "name": "String"}}]},
                  \(types)]}}}
                """.utf8)
        }
        #expect {
            try IntrospectedSchema.read(answer: answer(#"{"kind": "SCALAR", "name": "Z\"\\u"}"#))
        } throws: { error in
            "\(error)" == "data.__schema is not an introspection result: types[1].name: not a GraphQL name "
                + "(letters, digits and _, not starting with a digit)"
        }
        // A default value is a GraphQL literal the SDL takes as it came (`"\u`, cut short): the schema cannot be built.
        let input =
            #"{"kind": "INPUT_OBJECT", "name": "I", "inputFields": [{"name": "x", "type": "#
            + #"{"kind": "SCALAR", "name": "String"}, "defaultValue": "\"\\u"}]}"#
        let schema = try IntrospectedSchema.read(answer: answer(input))
        #expect(GraphQLSDLPrinter.sdl(schema).hasSuffix("x: String = \"\\u\n}\n"), "\(GraphQLSDLPrinter.sdl(schema))")
        #expect(throws: GraphQLQueryCheck.SchemaError.self) { try GraphQLQueryCheck(schema) }
    }

    @Test(
        "a required variable the request leaves out (or gives null) is a problem at its definition; a default or a nullable type is not"
    )
    func missingRequiredVariables() async throws {
        let schema = try await IntrospectedSchema.read(sdl: "type Query { user(id: ID!, limit: Int): String }")
        let check = try GraphQLQueryCheck(schema)
        let query = "query One($id: ID!, $limit: Int = 5) { user(id: $id, limit: $limit) }"
        let missing = check.problems(query, variables: [])
        #expect(missing.map(\.description) == [#"1:11: Variable "$id" of required type "ID!" was not provided."#])
        #expect(check.problems(query, variables: ["id"]).isEmpty)
        #expect(check.problems(query).isEmpty, "no variables given to check: only the document")
        let defaulted = "query One($id: ID! = \"7\") { user(id: $id) }"
        #expect(check.problems(defaulted, variables: []).isEmpty)
        // Two operations: the one named is checked, and none when the name is not given.
        let two = "query A($id: ID!) { user(id: $id) }\nquery B($other: ID!) { user(id: $other) }"
        #expect(
            check.problems(two, variables: ["id"], operation: "B").map(\.description) == [
                #"2:9: Variable "$other" of required type "ID!" was not provided."#
            ])
        #expect(check.problems(two, variables: [], operation: nil).isEmpty)
        // An invalid document says what is wrong with it first.
        let invalid = check.problems("query X($id: ID!) { nope }", variables: [])
        #expect(!invalid.isEmpty && invalid.allSatisfy { !$0.message.contains("was not provided") }, "\(invalid)")
    }
}

import ExplorerCore
import Testing

@testable import ExplorerGraphQL

/// The SDL apix prints from an introspected schema: what `apix graphql schema --sdl` shows and what queries are
/// checked against (`GraphQLQueryCheck` builds its schema from it).
@Suite("GraphQL SDL printer")
struct GraphQLSDLPrinterTests {
    @Test("a server's description with control characters still prints as SDL that builds and reads back (fuzzed)")
    func controlCharacters() async throws {
        let sdl = #"""
            "Rings \u0007 and \u001b[31m turns red."
            type Query {
              "Tab\tand NUL \u0000 and a \"\"\" quote"
              a(x: Int): Int
            }
            """#
        let schema = try await IntrospectedSchema.read(sdl: sdl)
        let query = try #require(schema.types.first { $0.name == "Query" })
        #expect(query.description == "Rings \u{7} and \u{1B}[31m turns red.")
        #expect(throws: Never.self) { try GraphQLQueryCheck(schema) }
        let again = try await IntrospectedSchema.read(sdl: GraphQLSDLPrinter.sdl(schema))
        let read = try #require(again.types.first { $0.name == "Query" })
        #expect(read.description == query.description)
        #expect(read.fields?.first?.description == "Tab\tand NUL \u{0} and a \"\"\" quote")
    }

    @Test(
        "a description whose quotes are joined to the characters beside them still prints as a block string that reads (fuzzed)",
        arguments: [
            "\"\"\"\u{05A3}\u{FFFD}{{",  // the fuzzer's: `"""` + a combining mark, which a search by characters missed
            "ends in \u{0600}\"",  // a prepended `"`: the last character is not `"`, the last byte is
            "a \"\"\"\" b \"\"\"\"\"\" c\u{301}\"\"\"\u{301}",
        ])
    func joinedQuotes(description: String) async throws {
        let printed = GraphQLSDLPrinter.description(description, indent: "") + "type Query { a: Int }\n"
        #expect(!printed.hasPrefix("\"\\\"") && printed.hasPrefix("\"\"\""), "printed as a block string: \(printed)")
        let schema = try await IntrospectedSchema.read(sdl: printed)
        #expect(schema.types.first { $0.name == "Query" }?.description == description)
    }
}

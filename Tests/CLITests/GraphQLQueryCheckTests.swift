import ExplorerCore
import ExplorerGraphQL
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
}

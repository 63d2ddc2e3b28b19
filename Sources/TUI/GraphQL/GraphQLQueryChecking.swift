import ExplorerCore

/// Validation of a GraphQL query against a schema, which the explorer asks for but does not do itself: the rules
/// are GraphQLSwift's (`ExplorerGraphQL.GraphQLQueryCheck`), a heavy package the TUI target does not link (nor the
/// benchmarks and TUI tests that link the TUI). `apix` gives the explorer an implementation from ExplorerGraphQL
/// (`CLI/GraphQLExplorerChecker.swift`); without one, queries are not checked in the editor.
package protocol GraphQLQueryChecking: Sendable {
    /// The problems of `query` against `schema` (empty: valid), or why the schema cannot check anything. Called off
    /// the main actor; an implementation keeps what it built of a schema (by `schema.id`) for the next call.
    func problems(_ query: String, schema: GraphQLSchemaIndex) async -> Result<
        [GraphQLQueryProblem], GraphQLSchemaUnusable
    >
}

/// One problem of a query: the message, and its line and column in the query (1-based; 0 when the rule gave none).
package struct GraphQLQueryProblem: Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var line: Int
    package var column: Int

    package init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    package var description: String { "\(line):\(column): \(message)" }
}

/// Why a kept schema cannot check queries (GraphQLSwift could not build it).
package struct GraphQLSchemaUnusable: Error, Hashable, Sendable {
    package var reason: String

    package init(_ reason: String) { self.reason = reason }
}

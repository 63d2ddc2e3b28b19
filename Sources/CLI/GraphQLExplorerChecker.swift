import ExplorerCore
import ExplorerGraphQL
import TUI

/// The explorer's GraphQL checks, done by ExplorerGraphQL (GraphQLSwift), which the TUI target does not link: the TUI
/// declares what it needs (`GraphQLQueryChecking`) and `apix` hands it this. An actor, so checks run off the main
/// actor one at a time, and a schema is built once (GraphQLSwift builds it from SDL: the slow part) and kept for the
/// checks that follow; only the last few schemas are kept.
actor GraphQLExplorerChecker: GraphQLQueryChecking {
    private var built: [(id: String, check: Result<GraphQLQueryCheck, GraphQLSchemaUnusable>)] = []
    private static let kept = 4

    func problems(_ query: String, schema: GraphQLSchemaIndex) async -> Result<
        [GraphQLQueryProblem], GraphQLSchemaUnusable
    > {
        checker(for: schema).map { check in
            check.problems(query).map { GraphQLQueryProblem(message: $0.message, line: $0.line, column: $0.column) }
        }
    }

    private func checker(for schema: GraphQLSchemaIndex) -> Result<GraphQLQueryCheck, GraphQLSchemaUnusable> {
        if let found = built.first(where: { $0.id == schema.id }) { return found.check }
        let check: Result<GraphQLQueryCheck, GraphQLSchemaUnusable>
        do {
            check = .success(try GraphQLQueryCheck(schema.schema))
        } catch {
            check = .failure(GraphQLSchemaUnusable(error.description))
        }
        built.append((schema.id, check))
        if built.count > Self.kept { built.removeFirst() }
        return check
    }
}

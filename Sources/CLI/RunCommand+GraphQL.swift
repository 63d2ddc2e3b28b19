import ExplorerCore
import ExplorerGraphQL

/// `apix run`'s check of a `graphql:` query before it is sent (docs/GRAPHQL.md).
extension RunCommand {
    /// A `graphql:` query the schema kept for its URL finds invalid is not sent: exit 3, each problem located. No
    /// schema kept: sent unchecked (`apix graphql schema` keeps one; run never asks the server on its own).
    static func invalidGraphQL(_ endpoint: Endpoint, builder: RequestBuilder) -> CLIFailure? {
        switch GraphQLEndpointCheck.check(endpoint, builder: builder) {
        case .checked(let problems) where !problems.isEmpty:
            return CLIFailure(
                .profile,
                problems.map { SafeText.escape($0.description) }.joined(separator: "\napix: ")
                    + "\napix: the query is invalid against the kept schema: not sent (--no-validate sends it)",
                kind: "graphql")
        case .unusableSchema(let why):
            StandardError.writeLine("apix: warning: GraphQL query not checked: " + SafeText.escape(why))
        case .checked, .noSchema, .notGraphQL:
            break
        }
        return nil
    }
}

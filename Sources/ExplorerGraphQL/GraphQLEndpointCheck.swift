import ExplorerCore

/// An endpoint's `graphql:` query checked against the schema kept for its URL (`GraphQLSchemaCache`): what `apix
/// run` refuses to send and `apix check` reports. No schema kept: nothing to check against (`apix graphql schema`
/// fetches one); neither command asks the server on its own.
package enum GraphQLEndpointCheck {
    package enum Outcome: Sendable {
        /// Not a GraphQL endpoint.
        case notGraphQL
        /// No schema kept for the endpoint's URL in this profile and environment.
        case noSchema(url: String)
        /// The kept schema could not be built for checking.
        case unusableSchema(String)
        /// Checked: the problems, each located (a query file's own place, else the profile's `query:` and the
        /// line and column in the query).
        case checked([ProfileProblem])
    }

    package static func check(
        _ endpoint: Endpoint, builder: RequestBuilder, cache: GraphQLSchemaCache = GraphQLSchemaCache()
    ) -> Outcome {
        guard case .graphql(let body)? = endpoint.body else { return .notGraphQL }
        guard let url = try? builder.plan(for: endpoint).request.url else { return .noSchema(url: "?") }
        guard
            let entry = cache.entry(
                profile: builder.profile.id, environment: builder.environment.name, url: url)
        else { return .noSchema(url: GraphQLSchemaCache.key(url)) }
        let checker: GraphQLQueryCheck
        do {
            checker = try GraphQLQueryCheck(entry.schema)
        } catch {
            return .unusableSchema(error.description)
        }
        let problems = checker.problems(body.query, variables: givenVariables(body), operation: body.operation)
        return .checked(problems.map { problem in located(problem, body: body, endpoint: endpoint) })
    }

    /// The variable names the body gives a value other than null; nil when its variables are one template (their
    /// names are known only once it is filled), so nothing is said missing.
    static func givenVariables(_ body: GraphQLBody) -> Set<String>? {
        switch body.variables {
        case nil: return []
        case .object(let members)?: return Set(members.filter { $0.value != .null }.map(\.key))
        default: return nil
        }
    }

    static func located(_ problem: GraphQLQueryCheck.Problem, body: GraphQLBody, endpoint: Endpoint)
        -> ProfileProblem
    {
        let fallback = endpoint.location ?? SourceLocation(file: "", line: 0, column: 0)
        if body.file != nil, let location = body.location {
            return ProfileProblem(
                "endpoint `\(endpoint.id)`: GraphQL: \(problem.message)",
                at: SourceLocation(file: location.file, line: problem.line, column: problem.column))
        }
        return ProfileProblem(
            "endpoint `\(endpoint.id)`: GraphQL query \(problem.line):\(problem.column): \(problem.message)",
            at: body.location ?? fallback)
    }
}

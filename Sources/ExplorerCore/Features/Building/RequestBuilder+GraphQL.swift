/// What a `graphql:` body adds to a request beyond its bytes (GraphQL over HTTP): the query parameters of a GET, and
/// the `Accept` of a GraphQL response.
extension RequestBuilder {
    /// A GET's `query`, `variables` and `operationName` parameters; none for other methods, or when the user gave a
    /// body of their own.
    func graphQLQueryItems(
        _ endpoint: Endpoint, overrides: RequestOverrides, scope: VariableScope, masking: Bool
    ) throws(RequestBuildError) -> [(name: String, value: String)] {
        guard case .graphql(let graphql)? = endpoint.body, endpoint.method == .get, overrides.body == nil else {
            return []
        }
        return try graphql.queryItems(scope, masking: masking)
    }

    /// `Accept: application/graphql-response+json, application/json` unless the endpoint or the user chose an
    /// `Accept` (a profile-wide one is for the REST endpoints beside it).
    func addGraphQLAccept(_ endpoint: Endpoint, overrides: RequestOverrides, to headers: inout HTTPHeaders) {
        guard case .graphql? = endpoint.body else { return }
        let chosen =
            endpoint.headers.contains { $0.name.lowercased() == "accept" }
            || overrides.headers.contains("Accept")
        if !chosen { headers.set("Accept", GraphQLBody.accept) }
    }
}

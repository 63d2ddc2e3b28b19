/// What a `graphql:` body adds to a request beyond its bytes (GraphQL over HTTP): the query parameters of a GET, and
/// the `Accept` of a GraphQL response.
extension RequestBuilder {
    /// A GET's `query`, `variables` and `operationName` parameters; none for other methods, a WebSocket endpoint
    /// (whose handshake is a GET: the query goes in a message), or when the user gave a body of their own.
    func graphQLQueryItems(
        _ endpoint: Endpoint, overrides: RequestOverrides, scope: VariableScope, masking: Bool
    ) throws(RequestBuildError) -> [(name: String, value: String)] {
        guard case .graphql(let graphql)? = endpoint.body, endpoint.method == .get, endpoint.webSocket == nil,
            overrides.body == nil
        else {
            return []
        }
        return try graphql.queryItems(scope, masking: masking)
    }

    /// Whether the `graphql:` body's `variables` use one of `secrets` (directly or through other variables).
    func graphQLVariablesUse(_ secrets: Set<String>, _ endpoint: Endpoint) -> Bool {
        guard case .graphql(let graphql)? = endpoint.body, let variables = graphql.variables else { return false }
        func uses(_ value: TemplateValue) -> Bool {
            switch value {
            case .string(let template): Self.uses(secrets, template)
            case .array(let items): items.contains(where: uses)
            case .object(let members): members.contains { uses($0.value) }
            case .null, .bool, .number: false
            }
        }
        return uses(variables)
    }

    /// `Accept: application/graphql-response+json, application/json` (a subscription's: `text/event-stream`, so its
    /// results arrive as events) unless the endpoint or the user chose an `Accept` (a profile-wide one is for the
    /// REST endpoints beside it). A WebSocket endpoint's handshake gets none: its results come as messages.
    func addGraphQLAccept(_ endpoint: Endpoint, overrides: RequestOverrides, to headers: inout HTTPHeaders) {
        guard case .graphql(let graphql)? = endpoint.body, endpoint.webSocket == nil else { return }
        let chosen =
            endpoint.headers.contains { $0.name.lowercased() == "accept" }
            || overrides.headers.contains("Accept")
        if !chosen {
            headers.set("Accept", graphql.isSubscription ? GraphQLBody.subscriptionAccept : GraphQLBody.accept)
        }
    }
}

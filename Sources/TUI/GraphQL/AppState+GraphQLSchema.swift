import ExplorerCore

/// The schema of a GraphQL endpoint in the explorer (issue 29): read from the cache `apix graphql schema` writes
/// (per profile and environment) the first time the endpoint is selected or its query edited, fetched by
/// introspection through the send pipeline when asked (`Ctrl-G` in the body editor), and the query being edited
/// checked against it after each change (`GraphQLQueryChecking`), its problems shown with line and column.
extension AppState {
    /// The kept schema an endpoint uses as it would be sent now; nil for another body or a request that cannot be
    /// built (a missing variable: the URL is not known yet).
    func graphQLSchemaKey(_ key: EndpointKey) -> GraphQLSchemaKey? {
        guard let endpoint = endpointAsSent(key), case .graphql? = endpoint.body,
            case .success(let built) = builder(for: key), case .success(let plan) = exchangePlan(key)
        else { return nil }
        return GraphQLSchemaKey(
            profile: key.profile, environment: built.0.environment.name, url: plan.request.request.url)
    }

    /// The schema of `key`'s endpoint when it is at hand.
    func graphQLSchema(for key: EndpointKey) -> GraphQLSchemaIndex? {
        graphQLSchemaKey(key).flatMap { graphQLSchemas[$0]?.index }
    }

    /// Reads the selected GraphQL endpoint's kept schema once (off the main loop), and keeps the body editor's
    /// checks in step with its text: run by `update` after every action that may have changed either.
    mutating func followGraphQLSchemas() -> [Effect] {
        var effects: [Effect] = []
        if let key = selectedKey, let schemaKey = graphQLSchemaKey(key) { effects += load(schemaKey) }
        guard case .bodyEditor(var state) = overlay, state.kind.isGraphQL, state.webSocketExchange == nil else {
            return effects
        }
        if state.schemaKey == nil { state.schemaKey = graphQLSchemaKey(state.key) }
        guard let schemaKey = state.schemaKey else { return effects }
        effects += load(schemaKey)
        let text = state.editor.text
        if let index = graphQLSchemas[schemaKey]?.index, state.checkedText != text || state.checkedSchema != index.id {
            state.checkedText = text
            state.checkedSchema = index.id
            effects.append(.checkGraphQLQuery(state.key, query: text, index))
        }
        overlay = .bodyEditor(state)
        return effects
    }

    private mutating func load(_ schemaKey: GraphQLSchemaKey) -> [Effect] {
        guard graphQLSchemas[schemaKey] == nil else { return [] }
        graphQLSchemas[schemaKey] = .loading
        return [.loadGraphQLSchema(schemaKey)]
    }

    /// `Ctrl-G` in the body editor of a GraphQL query: the endpoint with the standard introspection query as its
    /// body, sent as any request (its URL, method, headers, auth and transfer settings); the answer is kept in the
    /// cache as `apix graphql schema --refresh` keeps it.
    mutating func fetchGraphQLSchema(_ state: BodyEditorState) -> [Effect] {
        guard state.kind.isGraphQL, state.webSocketExchange == nil else {
            message = StatusMessage("not a GraphQL query: no schema to fetch", isError: true)
            return []
        }
        guard let schemaKey = state.schemaKey ?? graphQLSchemaKey(state.key),
            case .success(let built) = builder(for: state.key)
        else {
            message = StatusMessage("the request cannot be built yet, so its schema cannot be fetched", isError: true)
            return []
        }
        let builder = built.0
        var endpoint = built.1
        guard endpoint.webSocket == nil else {
            message = StatusMessage(
                "a WebSocket endpoint: fetch the schema from its HTTP URL (`apix graphql schema`)", isError: true)
            return []
        }
        if case .fetching? = graphQLSchemas[schemaKey] { return [] }
        endpoint.body = .graphql(
            GraphQLBody(query: GraphQLIntrospection.query, operation: GraphQLIntrospection.operationName))
        let plan: ExchangePlan
        do throws(RequestBuildError) {
            plan = try ExchangePlan(endpoint, builder: builder, overrides: RequestOverrides(variables: variables))
        } catch {
            message = StatusMessage(error.message, isError: true)
            return []
        }
        graphQLSchemas[schemaKey] = .fetching
        message = StatusMessage("fetching the schema of \(SafeText.escape(schemaKey.url)) by introspection…")
        return [.fetchGraphQLSchema(schemaKey, plan)]
    }

    /// What the cache or the server gave for a schema (`fetched`: the server, asked with `Ctrl-G`).
    mutating func graphQLSchemaLoaded(
        _ schemaKey: GraphQLSchemaKey, _ index: GraphQLSchemaIndex?, error: String?, fetched: Bool
    ) {
        if let index {
            graphQLSchemas[schemaKey] = .loaded(index)
            if fetched {
                message = StatusMessage("schema of \(SafeText.escape(schemaKey.url)): \(index.summary), kept")
            }
        } else if let error {
            graphQLSchemas[schemaKey] = .failed(error)
            if fetched { message = StatusMessage("schema not fetched: \(SafeText.escape(error))", isError: true) }
        } else {
            graphQLSchemas[schemaKey] = .absent
        }
    }

    /// A check's problems, shown when the editor still holds the text that was checked.
    mutating func graphQLQueryChecked(
        _ key: EndpointKey, query: String, _ result: Result<[GraphQLQueryProblem], GraphQLSchemaUnusable>
    ) {
        guard case .bodyEditor(var state) = overlay, state.key == key, state.editor.text == query else { return }
        switch result {
        case .success(let problems):
            state.graphQLProblems = problems
            state.graphQLUnusable = nil
        case .failure(let unusable):
            state.graphQLProblems = []
            state.graphQLUnusable = unusable.reason
        }
        overlay = .bodyEditor(state)
    }
}

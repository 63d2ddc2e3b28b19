/// Where the explorer is with an endpoint's schema (`AppState.graphQLSchemas`).
package enum GraphQLSchemaStatus: Sendable {
    /// Being read from the cache (`Effect.loadGraphQLSchema`).
    case loading
    /// The cache has none: the body editor's key fetches it.
    case absent
    /// Being fetched by introspection (`Effect.fetchGraphQLSchema`).
    case fetching
    case loaded(GraphQLSchemaIndex)
    /// The fetch failed, or what the cache or server gave is not a schema: why.
    case failed(String)

    var index: GraphQLSchemaIndex? {
        if case .loaded(let index) = self { index } else { nil }
    }
}

extension BodyDraft.Kind {
    /// A `graphql:` body's query (the kind holds the variables and operation kept beside it).
    var isGraphQL: Bool {
        if case .graphql = self { true } else { false }
    }
}

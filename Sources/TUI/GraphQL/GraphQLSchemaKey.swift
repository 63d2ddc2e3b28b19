import ExplorerCore

/// Which kept schema an endpoint uses: its profile, the environment it is sent in, and its URL without the query
/// (`GraphQLSchemaCache.key`), as `apix graphql schema` keeps them.
package struct GraphQLSchemaKey: Hashable, Sendable {
    package var profile: String
    package var environment: String
    package var url: String

    package init(profile: String, environment: String, url: String) {
        self.profile = profile
        self.environment = environment
        self.url = GraphQLSchemaCache.key(url)
    }
}

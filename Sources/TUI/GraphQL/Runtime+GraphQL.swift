import ExplorerCore
import Foundation

/// The runtime's GraphQL work, all off the main actor: reading a kept schema, fetching one by introspection (an
/// exchange of the send pipeline: the plan's request and options, its auth's interceptor), and checking a query.
extension Runtime {
    func performGraphQL(_ effect: Effect) {
        let inbox = self.inbox
        let cache = GraphQLSchemaCache(environment: environment)
        switch effect {
        case .loadGraphQLSchema(let key):
            Task.detached {
                let entry = cache.entry(profile: key.profile, environment: key.environment, url: key.url)
                let index = entry.map { GraphQLSchemaIndex($0.schema, url: key.url, fetchedAt: $0.fetchedAt) }
                inbox.post(.graphQLSchemaLoaded(key, index, error: nil, fetched: false))
            }
        case .fetchGraphQLSchema(let key, let plan):
            let client = self.client
            let auth = self.auth
            let log = self.log
            Task.detached {
                var options = plan.options
                options.interceptor = await auth?.interceptor(for: plan.auth, key: plan.authKey)
                let result = await client.start(plan.request, options: options).result
                let outcome = Self.readSchema(result, key: key, cache: cache)
                if let error = outcome.error { log.write("graphql schema \(key.url): \(error)") }
                inbox.post(.graphQLSchemaLoaded(key, outcome.index, error: outcome.error, fetched: true))
            }
        case .checkGraphQLQuery(let key, let query, let index):
            guard let checker = graphQLChecker else { return }
            graphQLCheckTask?.cancel()
            graphQLCheckTask = Task.detached {
                let result = await checker.problems(query, schema: index)
                guard !Task.isCancelled else { return }
                inbox.post(.graphQLQueryChecked(key, query: query, result))
            }
        default:
            break
        }
    }

    /// The schema in an introspection answer, kept in the cache; or why there is none (no answer, not a schema).
    nonisolated static func readSchema(
        _ result: Result<Response, ClientError>, key: GraphQLSchemaKey, cache: GraphQLSchemaCache,
        at time: Date = Date()
    ) -> (index: GraphQLSchemaIndex?, error: String?) {
        let response: Response
        switch result {
        case .failure(let error): return (nil, error.summary)
        case .success(let answer): response = answer
        }
        let data = (try? response.body.data()) ?? Data()
        let schema: IntrospectedSchema
        do throws(IntrospectedSchema.ReadError) {
            schema = try IntrospectedSchema.read(answer: data)
        } catch {
            return (nil, "\(response.statusLine): \(error)")
        }
        do {
            try cache.store(schema, profile: key.profile, environment: key.environment, url: key.url, at: time)
        } catch {
            return (GraphQLSchemaIndex(schema, url: key.url, fetchedAt: time), "the schema was not kept: \(error)")
        }
        let stored = Date(timeIntervalSince1970: Double(Int(time.timeIntervalSince1970)))
        return (GraphQLSchemaIndex(schema, url: key.url, fetchedAt: stored), nil)
    }
}

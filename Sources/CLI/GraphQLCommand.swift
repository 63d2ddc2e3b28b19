import ArgumentParser
import ExplorerCore
import ExplorerGraphQL
import Foundation

/// `apix graphql schema PROFILE ENDPOINT [--refresh] [--sdl]`: the schema of a GraphQL endpoint, introspected once
/// through the one send pipeline (the endpoint with the standard introspection query as its `graphql:` body: its
/// URL, method, headers, auth and transfer settings) and kept per profile and environment (`GraphQLSchemaCache`).
///
/// Exit statuses: 0 with the summary or SDL; 3 when the endpoint is unknown or its answer is not a schema; curl's
/// codes when no answer came; 4 when credentials could not be obtained.
struct GraphQLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graphql", abstract: "GraphQL endpoints: their schema.", subcommands: [Schema.self])

    struct Schema: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Introspect a GraphQL endpoint's schema (kept per profile and environment) and summarize it.")

        @Argument(help: "Profile id (its file name without .yaml).", completion: Completions.profile)
        var profile: String
        @Argument(help: "A GraphQL endpoint's id (its URL is introspected).", completion: Completions.endpoint)
        var endpoint: String
        @Flag(help: "Ask the server again even when a schema is kept.") var refresh = false
        @Flag(help: "Print the schema as SDL instead of the summary.") var sdl = false
        @OptionGroup var requestOptions: RequestOptions
        @OptionGroup var profileOptions: ProfileOptions

        func run() async throws {
            let loaded = try requestOptions.profile(profile, from: profileOptions)
            var overrides = try requestOptions.overrides()
            overrides.body = nil
            let builder: RequestBuilder
            do throws(RequestBuildError) {
                builder = try RequestBuilder(profile: loaded, environment: requestOptions.environment)
            } catch {
                throw CLIFailure(.profile, error.message)
            }
            guard var introspection = loaded.endpoint(endpoint) else {
                throw CLIFailure(.profile, "no endpoint `\(endpoint)` in profile `\(profile)`")
            }
            guard case .graphql? = introspection.body else {
                throw CLIFailure(.profile, "endpoint `\(endpoint)` has no `graphql:` body")
            }
            let cache = GraphQLSchemaCache()
            let environment = builder.environment.name
            let url: String
            do throws(RequestBuildError) {
                url = try builder.plan(for: introspection, overrides: overrides).request.url
            } catch {
                throw CLIFailure(.profile, error.message)
            }
            let schema: IntrospectedSchema
            if !refresh, let kept = cache.entry(profile: loaded.id, environment: environment, url: url) {
                schema = kept.schema
            } else {
                introspection.body = .graphql(
                    GraphQLBody(query: GraphQLIntrospection.query, operation: GraphQLIntrospection.operationName))
                let captured = (try? CaptureStore().load(profile: loaded.id, environment: environment)) ?? [:]
                let sender = EndpointSender(
                    profile: loaded, environment: requestOptions.environment, overrides: overrides)
                let response: Response
                switch await sender.send(introspection, captured: captured) {
                case .success(let answer): response = answer
                case .failure(let error):
                    StandardError.writeLine("apix: " + SafeText.escape(error.summary))
                    throw ExitCode(error.exitCode)
                }
                let data = (try? response.body.data()) ?? Data()
                do throws(IntrospectedSchema.ReadError) {
                    schema = try IntrospectedSchema.read(answer: data)
                } catch {
                    throw CLIFailure(
                        .profile,
                        SafeText.escape("\(response.statusLine) from \(GraphQLSchemaCache.key(url)): \(error)"))
                }
                do {
                    try cache.store(schema, profile: loaded.id, environment: environment, url: url)
                } catch {
                    StandardError.writeLine("apix: warning: the schema was not kept: \(error)")
                }
            }
            if sdl {
                StandardOutput.write(SafeText.escape(GraphQLSDLPrinter.sdl(schema), keepNewlines: true))
            } else {
                for line in schema.summaryLines { print(SafeText.escape(line)) }
            }
        }
    }
}

import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// A GraphQL endpoint's schema in the explorer (pure `update`, headless render): read from the cache once when the
/// endpoint is selected, fetched with `Ctrl-G` through the send pipeline, and the query in the body editor checked
/// after each change, its problems shown located.
@Suite("GraphQL schemas in the explorer")
@MainActor
struct GraphQLSchemaExplorerTests {
    static let key = EndpointKey(profile: "gql", endpoint: "user")
    static let schemaKey = GraphQLSchemaKey(profile: "gql", environment: "local", url: "http://127.0.0.1:9/graphql")

    static func editing(_ text: String) throws -> AppState {
        var state = try GraphQLExplorerTests.state()
        _ = state.update(.builtInEditorRequested(key, text: text))
        return state
    }

    static func editor(_ state: AppState) -> BodyEditorState? {
        if case .bodyEditor(let editor)? = state.overlay { return editor }
        return nil
    }

    static func screen(_ state: AppState) -> String { Screen.render(state, theme: .monochrome).text }

    @Test("selecting a GraphQL endpoint reads its kept schema once, by profile, environment and URL without query")
    func loadsOnce() throws {
        let profile = try ProfileLoader.parse(yaml: GraphQLExplorerTests.yaml, file: "/tmp/gql/gql.yaml", id: "gql")
            .get()
        var state = AppState(
            catalog: ProfileCatalog(profiles: [profile]), profileDirectory: "/tmp/gql", variables: [:],
            processEnvironment: [:], width: 120, height: 40, now: Fixtures.start, selecting: "gql")
        let effects = state.update(.keyPressed(.down))
        let loads = effects.compactMap { effect -> GraphQLSchemaKey? in
            if case .loadGraphQLSchema(let key) = effect { return key }
            return nil
        }
        #expect(loads == [Self.schemaKey])
        let again = state.update(.keyPressed(.up)) + state.update(.keyPressed(.down))
        #expect(!again.contains { $0.name == "loadGraphQLSchema" })
    }

    @Test("no schema kept: the editor says so; Ctrl-G sends the introspection query through the send pipeline")
    func fetchesOnKey() throws {
        var state = try Self.editing("{ user(id: 1) { name } }")
        _ = state.update(.graphQLSchemaLoaded(Self.schemaKey, nil, error: nil, fetched: false))
        #expect(Self.screen(state).contains("no schema kept for http://127.0.0.1:9/graphql: not checked (Ctrl-G"))
        let effects = state.press(.control("g"))
        guard case .fetchGraphQLSchema(let key, let plan)? = effects.first(where: { $0.name == "fetchGraphQLSchema" })
        else {
            Issue.record("no fetch: \(effects.map(\.name))")
            return
        }
        #expect(key == Self.schemaKey)
        #expect(plan.request.request.method == .post)
        #expect(plan.request.request.url == "http://127.0.0.1:9/graphql")
        guard case .bytes(let data, _) = plan.request.request.body else {
            Issue.record("no body")
            return
        }
        let body = String(decoding: data, as: UTF8.self)
        #expect(body.contains(#""operationName":"IntrospectionQuery""#))
        #expect(!body.contains("variables"))
        #expect(Self.screen(state).contains("fetching the schema by introspection"))
        // A second Ctrl-G while the first runs asks nothing more.
        #expect(!state.press(.control("g")).contains { $0.name == "fetchGraphQLSchema" })
    }

    @Test("with a schema, each change is checked once; the problems are shown with line and column, ! in the gutter")
    func checksAndShowsProblems() throws {
        var state = try Self.editing("{\n  user(id: 1) { nme }\n}")
        let index = try GraphQLSchemaFixture.index()
        let effects = state.update(.graphQLSchemaLoaded(Self.schemaKey, index, error: nil, fetched: false))
        let checks = effects.compactMap { effect -> String? in
            if case .checkGraphQLQuery(_, let query, _) = effect { return query }
            return nil
        }
        #expect(checks == ["{\n  user(id: 1) { nme }\n}"])
        // A key that changes nothing (a move) checks nothing; typing does.
        #expect(!state.press(.down).contains { $0.name == "checkGraphQLQuery" })
        _ = state.update(
            .graphQLQueryChecked(
                Self.key, query: "{\n  user(id: 1) { nme }\n}",
                .success([
                    GraphQLQueryProblem(message: #"Cannot query field "nme" on type "User"."#, line: 2, column: 19)
                ])))
        let screen = Self.screen(state)
        #expect(screen.contains(#"2:19: Cannot query field "nme" on type "User"."#), "\(screen)")
        #expect(screen.contains("2   !  user(id: 1) { nme }"), "\(screen)")
        #expect(state.press(.character("x")).contains { $0.name == "checkGraphQLQuery" })
        // An answer for text no longer in the editor is dropped.
        _ = state.update(.graphQLQueryChecked(Self.key, query: "{\n  user(id: 1) { nme }\n}", .success([])))
        #expect(Self.editor(state)?.graphQLProblems.count == 1)
    }

    @Test("a valid query says so; an unusable schema says why")
    func validAndUnusable() throws {
        var state = try Self.editing("{ user(id: 1) { name } }")
        _ = state.update(
            .graphQLSchemaLoaded(Self.schemaKey, try GraphQLSchemaFixture.index(), error: nil, fetched: false))
        _ = state.update(.graphQLQueryChecked(Self.key, query: "{ user(id: 1) { name } }", .success([])))
        #expect(Self.screen(state).contains("GraphQL: valid against the schema (11 types)"))
        _ = state.update(
            .graphQLQueryChecked(Self.key, query: "{ user(id: 1) { name } }", .failure(.init("it has no Query"))))
        #expect(Self.screen(state).contains("GraphQL: it has no Query"))
    }

    @Test("an introspection answer is read and kept in the cache where apix graphql schema reads it")
    func readsAndKeepsAnAnswer() throws {
        let directory = NSTemporaryDirectory() + "apix-gql-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = GraphQLSchemaCache(directory: directory)
        let body = #"{"data":{"__schema":\#(GraphQLSchemaFixture.json)}}"#
        let response = Response(
            method: .post, url: Self.schemaKey.url, statusCode: 200, reason: "OK", headers: HTTPHeaders(),
            body: ResponseBody(data: Data(body.utf8)), metrics: Metrics(total: .milliseconds(1)))
        let read = Runtime.readSchema(.success(response), key: Self.schemaKey, cache: cache)
        #expect(read.error == nil)
        #expect(read.index?.typeNames.contains("SearchResult") == true)
        let kept = cache.entry(profile: "gql", environment: "local", url: Self.schemaKey.url + "?query=x")
        #expect(kept?.schema.types.count == 11)
        let refused = Response(
            method: .post, url: Self.schemaKey.url, statusCode: 200, reason: "OK", headers: HTTPHeaders(),
            body: ResponseBody(data: Data(#"{"errors":[{"message":"introspection is off"}]}"#.utf8)),
            metrics: Metrics(total: .milliseconds(1)))
        let failed = Runtime.readSchema(.success(refused), key: Self.schemaKey, cache: cache)
        #expect(failed.index == nil)
        #expect(failed.error?.contains("introspection is off") == true)
    }
}

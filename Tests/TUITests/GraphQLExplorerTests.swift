import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// A `graphql:` endpoint in the explorer (pure `update`): sent as the core builds it, its query edited as the body
/// text (variables and operation kept), and an answer with `errors` concluded as a failed check.
@Suite("GraphQL in the explorer")
struct GraphQLExplorerTests {
    static let yaml = """
        environments:
          local: { base_url: "http://127.0.0.1:9" }
        endpoints:
          - id: user
            path: /graphql
            body:
              graphql:
                query: "query U($id: ID!) { user(id: $id) { name } }"
                variables: { id: "7" }
                operation: U
        """

    static func state() throws -> AppState {
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/tmp/gql/gql.yaml", id: "gql").get()
        var state = AppState(
            catalog: ProfileCatalog(profiles: [profile]), profileDirectory: "/tmp/gql", variables: [:],
            processEnvironment: [:], width: 120, height: 40, now: Fixtures.start, selecting: "gql")
        state.select("user")
        return state
    }

    static func sentBody(_ effects: [Effect]) -> (id: Int, body: String)? {
        for effect in effects {
            if case .send(let id, let plan, _) = effect, case .bytes(let data, _) = plan.request.request.body {
                return (id, String(decoding: data, as: UTF8.self))
            }
        }
        return nil
    }

    @Test("Enter sends the core's envelope; an edited query keeps the variables and operation")
    func sendsAndEdits() throws {
        var state = try Self.state()
        let sent = try #require(Self.sentBody(state.press(.enter)))
        #expect(
            sent.body
                == #"{"query":"query U($id: ID!) { user(id: $id) { name } }","variables":{"id":"7"},"operationName":"U"}"#
        )
        let original = try #require(state.catalog.profile("gql")?.endpoint("user"))
        var draft = BodyDraft(template: try #require(original.body))
        #expect(draft.kind.name == "GraphQL")
        #expect(draft.text == "query U($id: ID!) { user(id: $id) { name } }")
        draft.text = "query U($id: ID!) { user(id: $id) { name role } }"
        guard case .graphql(let edited) = draft.template else {
            Issue.record("not a graphql body")
            return
        }
        #expect(edited.query.hasSuffix("{ name role } }"))
        #expect(edited.operation == "U")
        #expect(BodyDraft.json(try #require(edited.variables)).serialized() == #"{"id":"7"}"#)
    }

    @Test("an answer with errors is concluded without expect: and reads as a failed check")
    func errorsAreAFailedCheck() throws {
        var state = try Self.state()
        let sent = try #require(Self.sentBody(state.press(.enter)))
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        let response = Response(
            method: .post, url: "http://127.0.0.1:9/graphql", statusCode: 200, reason: "OK", headers: headers,
            body: ResponseBody(
                data: Data(#"{"data":{"user":null},"errors":[{"message":"no such user","path":["user"]}]}"#.utf8)),
            metrics: Metrics(total: .milliseconds(3)))
        let effects = state.update(.exchangeFinished(exchange: sent.id, .success(response), at: 101))
        var concluded = false
        for effect in effects {
            guard case .concludeChain(let exchange, let profile, let environment, let endpoint, _, _) = effect else {
                continue
            }
            var held: [String: CapturedValue] = [:]
            let step = ChainRunner(profile: profile, environment: environment, store: nil).conclude(
                endpoint, result: .success(response), held: &held)
            _ = state.update(
                .chainConcluded(exchange: exchange, ProfileEnvironmentKey(profile: "gql", environment: "local"), step))
            concluded = true
        }
        #expect(concluded)
        #expect(state.exchanges[sent.id]?.checks.map(\.passed) == [false])
        #expect(state.message?.text.contains("graphql errors") == true, "\(state.message?.text ?? "")")
        #expect(state.message?.text.contains("no such user (path user)") == true)
        // The Errors tab lists them apart from `data`, where they happened under each.
        let exchange = try #require(state.exchanges[sent.id])
        #expect(exchange.graphQLErrors.map(\.path) == ["$.data.user"])
        #expect(state.responseTabs(for: exchange).contains(.errors))
        #expect(
            GraphQLErrorRows(exchange.graphQLErrors).rows == [
                "✗ 1 GraphQL error in the answer", "  no such user", "    path $.data.user",
            ])
    }
}

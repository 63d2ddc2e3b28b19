import Foundation
import Testing

@testable import ExplorerCore

/// `graphql:` bodies as the one send pipeline builds them (GraphQL over HTTP): POST JSON, GET parameters, the Accept
/// header, `{{variables}}` in `variables:`, and what reads and writes back.
@Suite("GraphQL bodies")
struct GraphQLBodyTests {
    static let yaml = """
        variables: { who: "7", token: tok-secret }
        environments:
          local: { base_url: "http://h" }
        headers: { Accept: application/json }
        endpoints:
          - id: post
            path: /graphql
            body:
              graphql:
                query: "query U($id: ID!) { user(id: $id) { name } }"
                variables: { id: "{{who}}", n: 2, tags: [a, b] }
                operation: U
          - id: get
            path: /graphql
            method: GET
            body: { graphql: { query: "{ me }", variables: { t: "{{token}}" } } }
          - id: bare
            path: /graphql
            headers: { Accept: application/graphql-response+json }
            body: { graphql: { query: "{ me }" } }
          - id: ws
            protocol: websocket
            path: /graphql
            body: { graphql: { query: "subscription S($id: ID!) { seen(id: $id) }", variables: { id: "{{who}}" } } }
          - id: ws.chosen
            protocol: websocket
            path: /graphql
            subprotocols: [graphql-ws]
            body: { graphql: { query: "subscription { seen }" } }
        """

    static func plan(_ id: String, masking: Bool = false) throws -> RequestPlan {
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/g.yaml", id: "g").get()
        let builder = try RequestBuilder(profile: profile, environment: "local", processEnvironment: [:])
        return try ExchangePlan(try #require(profile.endpoint(id)), builder: builder).request
    }

    @Test("on a WebSocket endpoint: a GET handshake without GraphQL's Accept or query items, the envelope as body")
    func webSocket() throws {
        let request = try Self.plan("ws").request
        #expect(request.method == .get)
        #expect(request.url == "http://h/graphql")
        // The profile's Accept, not a subscription's `text/event-stream`: the results come as messages.
        #expect(request.headers["Accept"] == "application/json")
        guard case .bytes(let data, _) = request.body else {
            Issue.record("not a bytes body")
            return
        }
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"query":"subscription S($id: ID!) { seen(id: $id) }","variables":{"id":"7"}}"#)
        let profile = try ProfileLoader.parse(yaml: Self.yaml, file: "/p/g.yaml", id: "g").get()
        #expect(
            WebSocketSettings.forEndpoint(try #require(profile.endpoint("ws"))).subprotocols == ["graphql-transport-ws"]
        )
        #expect(
            WebSocketSettings.forEndpoint(try #require(profile.endpoint("ws.chosen"))).subprotocols == ["graphql-ws"])
    }

    @Test("POST by default: the JSON envelope, variables filled, GraphQL's Accept over the profile's")
    func post() throws {
        let request = try Self.plan("post").request
        #expect(request.method == .post)
        guard case .bytes(let data, let type) = request.body else {
            Issue.record("not a bytes body")
            return
        }
        #expect(type == "application/json")
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"query":"query U($id: ID!) { user(id: $id) { name } }","variables":{"id":"7","n":2,"tags":["a","b"]},"operationName":"U"}"#
        )
        #expect(request.headers["Accept"] == "application/graphql-response+json, application/json")
    }

    @Test("variables written as a JSON text that is broken: one located error that says JSON once")
    func brokenVariablesText() throws {
        let yaml = """
            environments:
              local: { base_url: "http://h" }
            endpoints:
              - id: broken
                path: /graphql
                body: { graphql: { query: "{ me }", variables: '{"id": }' } }
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/b.yaml", id: "b").get()
        let builder = try RequestBuilder(profile: profile, environment: "local", processEnvironment: [:])
        do {
            _ = try ExchangePlan(try #require(profile.endpoint("broken")), builder: builder)
            Issue.record("a broken variables text was sent")
        } catch {
            let text = "\(error)"
            #expect(text.contains("GraphQL variables: JSON error at line 1, column"), "\(text)")
            #expect(!text.contains("JSON JSON"), "\(text)")
        }
    }

    @Test("GET: query and variables as parameters, no body; the endpoint's own Accept stays")
    func get() throws {
        let request = try Self.plan("get").request
        #expect(request.method == .get)
        #expect(request.body == .none)
        #expect(
            request.url == "http://h/graphql?query=%7B%20me%20%7D&variables=%7B%22t%22%3A%22tok-secret%22%7D",
            "\(request.url)")
        #expect(try Self.plan("get", masking: false).request.url.contains("tok-secret"))
        let bare = try Self.plan("bare").request
        #expect(bare.headers["Accept"] == "application/graphql-response+json")
        guard case .bytes(let data, _) = bare.body else { return }
        #expect(String(decoding: data, as: UTF8.self) == #"{"query":"{ me }"}"#)
    }

    @Test("a GET's variables that carry a secret are a credential query item (kept from another origin)")
    func secretVariables() throws {
        var profile = try ProfileLoader.parse(yaml: Self.yaml, file: "/p/g.yaml", id: "g").get()
        profile.secretNames = ["token"]
        let builder = try RequestBuilder(profile: profile, environment: "local", processEnvironment: [:])
        let request = try builder.plan(for: try #require(profile.endpoint("get"))).request
        #expect(request.credentialNames.removing(from: request.url) == "http://h/graphql?query=%7B%20me%20%7D")
        let post = try builder.plan(for: try #require(profile.endpoint("post"))).request
        #expect(post.credentialNames.isEmpty)
    }

    @Test("the emitter writes graphql: back as the loader reads it")
    func roundTrip() throws {
        let profile = try ProfileLoader.parse(yaml: Self.yaml, file: "/p/g.yaml", id: "g").get()
        let endpoint = try #require(profile.endpoint("post"))
        let written = ProfileEmitter.body(try #require(endpoint.body))
        guard case .mapping(let entries) = written, case .mapping(let inner) = entries.first?.value else {
            Issue.record("not a mapping")
            return
        }
        #expect(entries.first?.key == "graphql")
        #expect(inner.map(\.key) == ["query", "variables", "operation"])
    }
}

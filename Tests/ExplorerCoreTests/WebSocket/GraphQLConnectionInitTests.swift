import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `connection_init:` on a `graphql:` WebSocket endpoint: read, filled like any body by the send pipeline (a secret
/// masked in the shown plan), sent as the payload of the session's first message, its mistakes located, and kept by
/// a save (docs/GRAPHQL.md).
@Suite("GraphQL connection_init payload")
struct GraphQLConnectionInitTests {
    static let text = """
        variables: { client: apix, limit: "3" }
        environments:
          local: { base_url: "http://127.0.0.1:8000" }
        endpoints:
          - id: mapped
            protocol: websocket
            path: /graphql
            connection_init: { token: "{{token}}", client: "{{client}}", nested: { retry: true } }
            body: { graphql: { query: "subscription { count(to: 2) }" } }
          - id: texted
            protocol: websocket
            path: /graphql
            connection_init: '{"limit": {{limit}}, "token": "{{token}}"}'
            body: { graphql: { query: "subscription { count(to: 2) }" } }
          - id: none
            protocol: websocket
            path: /graphql
            body: { graphql: { query: "subscription { count(to: 2) }" } }
        """

    static func load() throws -> (Profile, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        _ = try directory.write("sub.secrets.yaml", "variables: { token: let-me-in }\n")
        let profile = try ProfileLoader.load(file: directory.write("sub.yaml", Self.text)).get()
        return (profile, directory)
    }

    @Test("a mapping or JSON text is filled like any body and opens the session; the shown plan masks secrets")
    func filled() throws {
        let (profile, directory) = try Self.load()
        _ = directory
        let builder = try RequestBuilder(profile: profile)
        let mapped = try ExchangePlan(try #require(profile.endpoint("mapped")), builder: builder)
        let conversation = try #require(mapped.graphQLConversation)
        #expect(
            conversation.opening
                == #"{"type":"connection_init","payload":{"token":"let-me-in","client":"apix","nested":{"retry":true}}}"#
        )
        #expect(mapped.masked.graphQLConnectionInit?["token"]?.stringValue == "••••")
        #expect(mapped.secretValues().contains("let-me-in"))
        // What the conversation view, `apix run` and the history show of the first message: the token masked.
        let shown = try #require(mapped.shownGraphQLOpening)
        #expect(!shown.contains("let-me-in"))
        #expect(shown.contains(#""token":"••••""#) && shown.contains(#""client":"apix""#), "\(shown)")

        let texted = try ExchangePlan(try #require(profile.endpoint("texted")), builder: builder)
        #expect(
            texted.graphQLConversation?.opening
                == #"{"type":"connection_init","payload":{"limit":3,"token":"let-me-in"}}"#)
        let overridden = try ExchangePlan(
            try #require(profile.endpoint("texted")), builder: builder,
            overrides: RequestOverrides(variables: ["limit": "7"]))
        #expect(overridden.graphQLConversation?.connectionInit?["limit"]?.intValue == 7)

        let none = try ExchangePlan(try #require(profile.endpoint("none")), builder: builder)
        #expect(none.graphQLConversation?.opening == #"{"type":"connection_init"}"#)
    }

    @Test("a value that is not an object, a broken JSON text, the key without a graphql: body are located")
    func mistakes() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "bad.yaml",
            """
            environments:
              local: { base_url: "http://127.0.0.1" }
            endpoints:
              - id: listed
                protocol: websocket
                path: /a
                connection_init: [token]
                body: { graphql: { query: "{ a }" } }
              - id: broken
                protocol: websocket
                path: /b
                connection_init: '{"token": x}'
                body: { graphql: { query: "{ a }" } }
              - id: plain
                protocol: websocket
                path: /c
                connection_init: { token: t }
              - id: http
                path: /d
                connection_init: { token: t }
                body: { graphql: { query: "{ a }" } }
              - id: unknown
                protocol: websocket
                path: /e
                connection_init: { token: "{{nobody}}" }
                body: { graphql: { query: "{ a }" } }
            """)
        guard case .failure(let failure) = ProfileLoader.load(file: file) else { return #expect(Bool(false)) }
        let lines = failure.problems.map(\.description)
        #expect(
            lines.contains {
                $0.contains("bad.yaml:7:22") && $0.contains("`connection_init` must be a mapping (or a JSON object")
            }, "\(lines)")
        #expect(
            lines.contains { $0.contains("bad.yaml:12:22") && $0.contains("`connection_init` is not a JSON object") },
            "\(lines)")
        #expect(lines.contains { $0.contains("bad.yaml:17:22") && $0.contains("needs a `graphql:` body") }, "\(lines)")
        #expect(
            lines.contains { $0.contains("bad.yaml:20:22") && $0.contains("add `protocol: websocket`") }, "\(lines)")
        #expect(
            lines.contains { $0.contains("bad.yaml:25") && $0.contains("unknown variable `{{nobody}}`") }, "\(lines)")
    }

    @Test("a save keeps connection_init as written")
    func roundTrip() throws {
        let (profile, directory) = try Self.load()
        for id in ["mapped", "texted"] {
            let endpoint = try #require(profile.endpoint(id))
            let emitted = ProfileEmitter.endpoints([endpoint])
            #expect(emitted.contains("connection_init:"), "\(emitted)")
            let reread = try ProfileLoader.load(
                file: directory.write(
                    "again-\(id).yaml",
                    "variables: { client: apix, limit: \"3\", token: t }\nenvironments:\n  local: { base_url: \"http://x\" }\n"
                        + emitted)
            ).get()
            #expect(
                reread.endpoint(id)?.webSocket?.connectionInit.map(ProfileEmitter.json)
                    == endpoint.webSocket?.connectionInit.map(ProfileEmitter.json))
        }
    }
}

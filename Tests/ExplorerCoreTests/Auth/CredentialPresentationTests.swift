import Foundation
import Testing

@testable import ExplorerCore

/// `CredentialPresentation`: the one decision behind what `apix run --json`, `apix export curl`, `apix auth status`
/// and the TUI show of a credential, for every auth kind and style.
@Suite("Credential presentation")
struct CredentialPresentationTests {
    static let yaml = """
        variables: { user: demo, pass: s3cret, token: tok-1, key: k-1 }
        environments:
          bearer: { base_url: "http://h/api", auth: { type: bearer, token: "{{token}}" } }
          literal: { base_url: "http://h/api", auth: { type: bearer, token: written-here } }
          basic: { base_url: "http://h/api", auth: { type: basic, username: "{{user}}", password: "{{pass}}" } }
          header: { base_url: "http://h/api", auth: { type: api_key, name: X-API-Key, value: "{{key}}" } }
          query: { base_url: "http://h/api", auth: { type: api_key, name: api_key, value: "{{key}}", in: query } }
          oauth:
            base_url: "http://h/api"
            auth:
              type: oauth2
              grant: client_credentials
              token_url: /token
              client_id: c
              client_secret: "{{pass}}"
        endpoints:
          - id: items
            path: /items
            query: { t: "{{token}}" }
            headers: { Cookie: session=1, Proxy-Authorization: Basic cHJveHk= }
        """

    static func builder(_ environment: String) throws -> RequestBuilder {
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/demo.yaml", id: "demo").get()
        return try RequestBuilder(profile: profile, environment: environment, processEnvironment: [:])
    }

    static func endpoint(_ builder: RequestBuilder) throws -> Endpoint {
        try #require(builder.profile.endpoint("items"))
    }

    static func marker(_ name: String) -> String { SecretMarker.marker(for: name) }

    /// Every kind in every style: (environment, bullets, marker, revealed).
    static let table: [(String, ShownCredential, ShownCredential, ShownCredential?)] = [
        (
            "bearer", .placement(.authorization("Bearer ••••")),
            .placement(.authorization("Bearer " + marker("token"))),
            .placement(.authorization("Bearer tok-1"))
        ),
        (
            "literal", .placement(.authorization("Bearer ••••")), .placement(.authorization("Bearer written-here")),
            .placement(.authorization("Bearer written-here"))
        ),
        (
            "basic", .placement(.authorization("Basic ••••")), .basic(username: "demo", password: marker("pass")),
            .basic(username: "demo", password: "s3cret")
        ),
        (
            "header", .placement(CredentialPlacement(.header("X-API-Key"), "••••")),
            .placement(CredentialPlacement(.header("X-API-Key"), marker("key"))),
            .placement(CredentialPlacement(.header("X-API-Key"), "k-1"))
        ),
        (
            "query", .placement(CredentialPlacement(.query("api_key"), "••••")),
            .placement(CredentialPlacement(.query("api_key"), marker("key"))),
            .placement(CredentialPlacement(.query("api_key"), "k-1"))
        ),
        (
            "oauth", .placement(.authorization("Bearer ••••")),
            .placement(.authorization("Bearer " + marker("env.ACCESS_TOKEN"))), nil
        ),
    ]

    @Test("every auth kind reads the same in every style, from the endpoint or from the credentials it sends with")
    func everyKind() throws {
        for (environment, bullets, marker, revealed) in Self.table {
            let builder = try Self.builder(environment)
            let endpoint = try Self.endpoint(builder)
            let shown = { (style: CredentialPresentation) throws(RequestBuildError) in
                try style.credential(for: endpoint, builder: builder)
            }
            #expect(try shown(.bullets) == bullets, "\(environment)")
            #expect(try shown(.marker) == marker, "\(environment)")
            #expect(try shown(.revealed) == revealed, "\(environment)")
            // `apix run --json` starts from the credentials it sends with; the same decision comes out.
            let sent = try #require(try builder.auth(for: endpoint))
            #expect(CredentialPresentation.bullets.credential(for: sent) == bullets, "\(environment)")
            #expect(CredentialPresentation.revealed.credential(for: sent) == revealed, "\(environment)")
            // Revealed is exactly what the interceptor adds.
            if let revealed { #expect(revealed.placement == sent.placement, "\(environment)") }
        }
    }

    @Test("an OAuth2 token at hand is shown only when revealed")
    func oauthToken() throws {
        let builder = try Self.builder("oauth")
        let endpoint = try Self.endpoint(builder)
        let token = "Bearer at-1"
        #expect(
            try CredentialPresentation.revealed.credential(for: endpoint, builder: builder, token: token)
                == .placement(.authorization(token)))
        #expect(
            try CredentialPresentation.bullets.credential(for: endpoint, builder: builder, token: token)
                == .placement(.authorization("Bearer ••••")))
        #expect(
            try CredentialPresentation.marker.credential(for: endpoint, builder: builder, token: token)?.placement.value
                == "Bearer " + Self.marker("env.ACCESS_TOKEN"))
    }

    @Test("the variables the credentials use are secret in the shown request even without a secrets file")
    func widenedSecrets() throws {
        let bearer = try Self.builder("bearer")
        let shown = try CredentialPresentation.bullets.shownRequest(for: Self.endpoint(bearer), builder: bearer)
        #expect(shown.url == URLBuilder.appendingQuery([("t", "••••")], to: "http://h/api/items"))
        #expect(!shown.url.contains("tok-1"))
        #expect(shown.headers["Authorization"] == "Bearer ••••")
        let exported = try CredentialPresentation.marker.shownRequest(for: Self.endpoint(bearer), builder: bearer)
        #expect(CurlCommandLine.shellVariables(in: exported) == ["TOKEN"])
        #expect(CurlCommandLine.render(exported).contains(#"-H "Authorization: Bearer ${TOKEN}""#))
        // Where no credential uses `token`, it is an ordinary variable.
        let basic = try Self.builder("basic")
        #expect(
            try CredentialPresentation.bullets.shownRequest(for: Self.endpoint(basic), builder: basic).url
                .contains("t=tok-1"))
    }

    @Test("bullets mask credentials written by hand: Authorization keeps its scheme, a Cookie is masked whole")
    func handWritten() throws {
        let builder = try Self.builder("query")
        let endpoint = try Self.endpoint(builder)
        let bullets = try CredentialPresentation.bullets.shownRequest(for: endpoint, builder: builder)
        #expect(bullets.headers["Cookie"] == "••••")
        #expect(bullets.headers["Proxy-Authorization"] == "Basic ••••")
        let query = [("t", "tok-1"), ("api_key", "••••")]
        #expect(bullets.url == URLBuilder.appendingQuery(query, to: "http://h/api/items"))
        let revealed = try CredentialPresentation.revealed.shownRequest(for: endpoint, builder: builder)
        #expect(revealed.headers["Cookie"] == "session=1")
        #expect(revealed.url == "http://h/api/items?t=tok-1&api_key=k-1")
        let sent = try #require(try builder.auth(for: endpoint)?.placement).apply(to: builder.request(for: endpoint))
        #expect(revealed == sent)
    }
}

import Foundation
import Testing

@testable import ExplorerCore

/// `ExchangePlan`: one send decided once, and everything each sender takes from it (the request, the shown forms,
/// the secrets, the curl command) agreeing with the one decision (`CredentialPresentation`).
@Suite("Exchange plan")
struct ExchangePlanTests {
    static let yaml = """
        variables: { user: demo, pass: s3cret-pw, token: tok-12345, key: key-98765 }
        environments:
          bearer: { base_url: "http://h/api", auth: { type: bearer, token: "{{token}}" } }
          basic: { base_url: "http://h/api", auth: { type: basic, username: "{{user}}", password: "{{pass}}" } }
          query: { base_url: "http://h/api", auth: { type: api_key, name: api_key, value: "{{key}}", in: query } }
          oauth:
            base_url: "http://h/api"
            auth: { type: oauth2, grant: client_credentials, token_url: /token, client_id: c, client_secret: "{{pass}}" }
        endpoints:
          - id: items
            method: POST
            path: /items
            priority: high
            cache: 30
            headers: { X-Trace: t1, Cookie: session=abcdef }
            body: { json: { name: pen, token: "{{token}}" } }
        """

    static func plan(
        _ environment: String, cache: SendOptions.CacheUse = .off, overrides: RequestOverrides = RequestOverrides()
    ) throws -> ExchangePlan {
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/demo.yaml", id: "demo").get()
        let builder = try RequestBuilder(profile: profile, environment: environment, processEnvironment: [:])
        return try ExchangePlan(
            try #require(profile.endpoint("items")), builder: builder, overrides: overrides, cache: cache)
    }

    /// A bytes body as text ("" for other bodies).
    static func text(_ body: RequestBody) -> String {
        if case .bytes(let data, _) = body { return String(decoding: data, as: UTF8.self) }
        return ""
    }

    @Test("the request goes as RequestBuilder plans it, the credential left to the interceptor")
    func requestAsPlanned() throws {
        let plan = try Self.plan("bearer")
        let profile = try ProfileLoader.parse(yaml: Self.yaml, file: "/p/demo.yaml", id: "demo").get()
        let builder = try RequestBuilder(profile: profile, environment: "bearer", processEnvironment: [:])
        #expect(plan.request == (try builder.plan(for: try #require(profile.endpoint("items")))))
        #expect(plan.request.request.headers["Authorization"] == nil)
        #expect(plan.auth == .bearer(token: "tok-12345"))
        #expect(plan.authKey == ProfileEnvironmentKey(profile: "demo", environment: "bearer"))
        #expect(plan.profileID == "demo" && plan.environment == "bearer" && plan.endpoint?.id == "items")
    }

    @Test("priority and cache use come from the endpoint and the user's choice (SendOptions.forEndpoint)")
    func sendOptions() throws {
        #expect(try Self.plan("bearer").options.priority == .high)
        #expect(try Self.plan("bearer").options.cache == nil)
        let cached = try Self.plan("bearer", cache: .declared(.refresh)).options.cache
        #expect(cached == CacheOptions(namespace: "demo", ttl: .seconds(30), mode: .refresh))
    }

    @Test("masked shows the credential's scheme and no secret; revealed shows what goes")
    func shownForms() throws {
        let plan = try Self.plan("bearer")
        let masked = plan.masked.request
        #expect(masked.headers["Authorization"] == "Bearer ••••")
        #expect(masked.headers["Cookie"] == "••••")
        let maskedBody = Self.text(masked.body)
        #expect(!maskedBody.contains("tok-12345") && maskedBody.contains("••••"))
        let revealed = try plan.shown(.revealed).request
        #expect(revealed.headers["Authorization"] == "Bearer tok-12345")
        #expect(Self.text(revealed.body).contains("tok-12345"))
        #expect(try plan.shown(.revealed, withCredential: false).request.headers["Authorization"] == nil)
    }

    @Test("shownOnTheWire lists the headers as they go, Content-Length of the body that went")
    func onTheWire() throws {
        let plan = try Self.plan("basic")
        let sent = plan.request.prepared()
        let shown = plan.shownOnTheWire(.bullets, sent: sent)
        #expect(shown.headers["Authorization"] == "Basic ••••")
        #expect(shown.headers["Content-Length"] == String(Self.text(sent.body).utf8.count))
        #expect(shown.headers["X-Trace"] == "t1")
    }

    @Test("an OAuth2 token shows masked unless revealed with the token at hand")
    func oauthToken() throws {
        let plan = try Self.plan("oauth")
        #expect(plan.masked.request.headers["Authorization"] == "Bearer ••••")
        #expect(try plan.shown(.revealed, token: "Bearer at-777").request.headers["Authorization"] == "Bearer at-777")
        #expect(plan.secretValues(token: "Bearer at-777").contains("at-777"))
    }

    @Test("the secret values are the secret variables, the credential and hand-written credentials")
    func secrets() throws {
        let basic = try Self.plan("basic").secretValues()
        #expect(basic.contains("s3cret-pw") && basic.contains("demo:s3cret-pw"))
        #expect(basic.contains("session=abcdef"))
        let query = try Self.plan("query").secretValues()
        #expect(query.contains("key-98765"))
        #expect(!query.contains("t1"))
    }

    @Test("the curl command: secrets as ${NAME} references, or in clear when revealed")
    func curl() throws {
        let plan = try Self.plan("bearer")
        let marked = try plan.curlCommand(revealed: false)
        #expect(marked.command.contains("Authorization: Bearer ${TOKEN}"))
        #expect(marked.variables.contains("TOKEN"))
        #expect(marked.secretsInEscapedContext)
        #expect(!marked.command.contains("tok-12345"))
        let revealed = try plan.curlCommand(revealed: true)
        #expect(revealed.command.contains("Authorization: Bearer tok-12345"))
        #expect(revealed.variables.isEmpty && !revealed.readsToken)
        let basic = try Self.plan("basic").curlCommand(revealed: false)
        #expect(basic.command.contains("-u ") && basic.command.contains("demo:${PASS}"), "\(basic.command)")
        #expect(basic.variables == ["PASS"])
    }

    @Test("OAuth2 revealed without a stored token reads $ACCESS_TOKEN and says so")
    func curlWithoutToken() throws {
        let plan = try Self.plan("oauth")
        let export = try plan.curlCommand(revealed: true)
        #expect(export.readsToken)
        #expect(export.command.contains("${ACCESS_TOKEN}"))
        let withToken = try plan.curlCommand(revealed: true, token: "Bearer at-777")
        #expect(!withToken.readsToken && withToken.command.contains("Bearer at-777"))
    }

    @Test("a replay goes as recorded, with the profile's credentials when it is still there")
    func replay() throws {
        let profile = try ProfileLoader.parse(yaml: Self.yaml, file: "/p/demo.yaml", id: "demo").get()
        let builder = try RequestBuilder(profile: profile, environment: "query", processEnvironment: [:])
        let recorded = PreparedRequest(method: .get, url: "http://h/api/items?api_key=%E2%80%A2%E2%80%A2")
        let key = ProfileEnvironmentKey(profile: "demo", environment: "query")
        let plan = try ExchangePlan(
            replaying: recorded, builder: builder, endpoint: profile.endpoint("items"), authKey: key)
        // As recorded, with the transfer options the profile gives that endpoint (the history keeps none).
        var expected = recorded
        expected.options = try builder.transferOptions(
            for: profile.endpoint("items"), url: recorded.url, overrides: RequestOverrides())
        #expect(plan.request.request == expected && plan.isReplay)
        #expect(plan.request.request.options.cookieJar != nil)
        #expect(plan.auth?.placement?.value == "key-98765")
        #expect(plan.secretValues().contains("key-98765"))
        let gone = ExchangePlan(
            replaying: recorded, authKey: ProfileEnvironmentKey(profile: "old", environment: "prod"))
        #expect(gone.auth == nil && gone.profileID == "old" && gone.environment == "prod")
        #expect(gone.masked.request == recorded)
    }
}

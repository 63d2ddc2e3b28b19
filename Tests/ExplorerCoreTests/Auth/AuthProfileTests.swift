import Foundation
import Testing

@testable import ExplorerCore

/// `auth:` in profiles: parsing, located errors, layering, and resolution into credentials.
@Suite("Auth in profiles")
struct AuthProfileTests {
    static let yaml = """
        variables: { user: demo, pass: "s3cret", secret: demo-secret, port: "8080" }
        environments:
          local:
            base_url: "http://127.0.0.1:{{port}}/api/"
          staging:
            base_url: https://staging.example.com
            auth: { type: bearer, token: "{{pass}}-token" }
          open:
            base_url: https://open.example.com
            auth: none
        auth:
          type: oauth2
          grant: password
          token_url: /oauth/token
          client_id: demo-client
          client_secret: "{{secret}}"
          username: "{{user}}"
          password: "{{pass}}"
          scope: "a b"
          client_auth: form
          extra: { audience: "https://api.example.com", resource: [x, y] }
        endpoints:
          - id: me
            path: /me
          - id: public
            path: /public
            auth: none
        """

    func profile() throws -> Profile {
        try ProfileLoader.parse(yaml: Self.yaml, file: "/p/demo.yaml", id: "demo").get()
    }

    func problems(_ yaml: String) -> [ProfileProblem] {
        if case .failure(let failure) = ProfileLoader.parse(yaml: yaml, file: "/p/x.yaml", id: "x") {
            return failure.problems
        }
        return []
    }

    @Test("oauth2 at profile level is read with every key")
    func readsOAuth2() throws {
        let profile = try profile()
        guard case .oauth2(let spec) = profile.auth else {
            Issue.record("expected oauth2, got \(String(describing: profile.auth))")
            return
        }
        #expect(spec.grant == .password)
        #expect(spec.tokenURL?.raw == "/oauth/token")
        #expect(spec.clientAuth == .form)
        #expect(spec.extra.map(\.name) == ["audience", "resource"])
        #expect(spec.tokenURL?.location?.line == 14)
        guard case .bearer(let token) = profile.environments[1].auth else {
            Issue.record("expected bearer in staging")
            return
        }
        #expect(token.raw == "{{pass}}-token")
        #expect(token.location?.line == 7)
        #expect(profile.environments[2].auth == AuthSpec.none)
        #expect(profile.endpoint("public")?.authDisabled == true)
    }

    @Test("the environment's auth wins, `none` and an endpoint's opt-out remove it")
    func layering() throws {
        let profile = try profile()
        let local = try RequestBuilder(profile: profile, environment: "local")
        #expect(local.authSpec(for: profile.endpoint("me"))?.typeName == "oauth2")
        #expect(local.authSpec(for: profile.endpoint("public")) == nil)
        let staging = try RequestBuilder(profile: profile, environment: "staging")
        #expect(try staging.auth(for: profile.endpoint("me")) == .bearer(token: "s3cret-token"))
        let open = try RequestBuilder(profile: profile, environment: "open")
        #expect(try open.auth(for: profile.endpoint("me")) == nil)
    }

    @Test("oauth2 resolves variables, joins a relative token URL to the base URL and keeps extra fields in order")
    func resolvesOAuth2() throws {
        let builder = try RequestBuilder(profile: profile(), environment: "local")
        let auth = try builder.auth(for: nil, overrides: RequestOverrides(variables: ["port": "9000"]))
        guard case .oauth2(let settings) = auth else {
            Issue.record("expected oauth2")
            return
        }
        #expect(settings.tokenURL == "http://127.0.0.1:9000/api/oauth/token")
        #expect(settings.clientSecret == "demo-secret")
        #expect(settings.username == "demo")
        #expect(settings.password == "s3cret")
        #expect(settings.scope == "a b")
        #expect(
            settings.extra.map { "\($0.name)=\($0.value)" } == [
                "audience=https://api.example.com", "resource=x", "resource=y",
            ])
        #expect(builder.authSessionKey == ProfileEnvironmentKey(profile: "demo", environment: "local"))
    }

    @Test("an empty token URL (an imported implicit grant's variable not filled in) is refused, naming the variable")
    func emptyTokenURL() throws {
        let yaml = """
            variables: { token_url: "" }
            environments: { local: { base_url: "http://127.0.0.1:1/api" } }
            auth: { type: oauth2, grant: authorization_code, authorization_url: /authorize, token_url: "{{token_url}}",
                    client_id: c }
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/x.yaml", id: "x").get()
        let builder = try RequestBuilder(profile: profile, environment: "local")
        #expect {
            _ = try builder.auth(for: nil)
        } throws: { error in
            "\(error)".contains("`token_url` is empty (set `token_url`)")
        }
    }

    @Test("an absolute token URL is used as written")
    func absoluteTokenURL() throws {
        let yaml = """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            auth: { type: oauth2, grant: client_credentials, token_url: "https://login.example.com/token", client_id: c }
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/x.yaml", id: "x").get()
        guard case .oauth2(let settings) = try RequestBuilder(profile: profile).auth(for: nil) else {
            Issue.record("expected oauth2")
            return
        }
        #expect(settings.tokenURL == "https://login.example.com/token")
        #expect(settings.clientAuth == .basic)
        #expect(settings.clientSecret == nil)
    }

    @Test("the variables holding secrets are known, so displays and exports can mask them")
    func secretVariables() throws {
        let profile = try profile()
        #expect(
            try RequestBuilder(profile: profile, environment: "local").secretVariableNames(for: nil) == [
                "secret", "pass",
            ])
        #expect(try RequestBuilder(profile: profile, environment: "staging").secretVariableNames(for: nil) == ["pass"])
        #expect(AuthSpec.basic(username: "{{u}}", password: "{{p}}").secretVariableNames == ["p"])
        #expect(AuthSpec.apiKey(name: "{{n}}", value: "{{k}}", location: .query).secretVariableNames == ["k"])
    }

    @Test("static kinds place their credential, and a masked form keeps only the scheme and name")
    func placements() {
        let basic = ResolvedAuth.basic(username: "demo", password: "pa:ss")
        #expect(basic.placement == .authorization("Basic " + Data("demo:pa:ss".utf8).base64EncodedString()))
        #expect(basic.maskedPlacement() == .authorization("Basic ••••"))
        let query = ResolvedAuth.apiKey(name: "api_key", value: "k", location: .query)
        #expect(query.placement == CredentialPlacement(.query("api_key"), "k"))
        #expect(query.maskedPlacement() == CredentialPlacement(.query("api_key"), "••••"))
        let request = PreparedRequest(url: "http://h/x?a=1")
        #expect(query.placement?.apply(to: request).url == "http://h/x?a=1&api_key=k")
        let explicit = PreparedRequest(url: "http://h/x?api_key=mine")
        #expect(query.placement?.apply(to: explicit).url == "http://h/x?api_key=mine")
        #expect(ResolvedAuth.bearer(token: "t").maskedPlacement() == .authorization("Bearer ••••"))
    }

    @Test(
        "bad auth is reported at its line and column",
        arguments: [
            (
                "auth: { type: hawk }", 2, 15,
                "`auth.type` must be bearer, basic, api_key, oauth2, digest, ntlm, negotiate or aws_sigv4, got \"hawk\""
            ),
            ("auth: { type: baerer, token: x }", 2, 15, "did you mean `bearer`?"),
            ("auth: { token: x }", 2, 7, "`auth` is missing required key `type`"),
            (
                "auth: { basic: { username: u, password: p } }", 2, 7,
                "the type is a value, beside its fields: `auth: { type: basic, username: …, password: … }`"
            ),
            ("auth: { type: bearer }", 2, 7, "`auth` (bearer) is missing required key `token`"),
            ("auth: { type: basic, username: u }", 2, 7, "`auth` (basic) is missing required key `password`"),
            ("auth: { type: bearer, token: t, username: u }", 2, 33, "unknown key `username` in `auth` (bearer)"),
            (
                "auth: { type: api_key, name: K, value: v, in: cookie }", 2, 47,
                "`auth.in` must be header or query, got \"cookie\""
            ),
            (
                "auth: { type: oauth2, grant: implicit, token_url: /t, client_id: c }", 2, 30,
                "`auth.grant` must be password, client_credentials, authorization_code or device_code, got \"implicit\""
            ),
            (
                "auth: { type: oauth2, grant: client_credentials, token_url: /t, client_id: c, client_auth: jwt }", 2,
                92, "`auth.client_auth` must be basic or form, got \"jwt\""
            ),
            (
                "auth: { type: oauth2, grant: password, token_url: /t, client_id: c }", 2, 7,
                "missing required key `username`"
            ),
            (
                "auth: { type: oauth2, grant: client_credentials, client_id: c }", 2, 7,
                "missing required key `token_url`"
            ),
            (
                "auth: { type: oauth2, grant: client_credentials, token_url: \"ftp://x/t\", client_id: c }", 2, 61,
                "`auth.token_url` must be an http:// or https:// URL"
            ),
            ("auth: [bearer]", 2, 7, "`auth` must be `none` or a mapping"),
        ])
    func locatedErrors(line: String, expectedLine: Int, column: Int, message: String) {
        let yaml = "environments: { local: { base_url: \"http://127.0.0.1:1\" } }\n" + line + "\n"
        let found = problems(yaml)
        #expect(found.contains { $0.message.contains(message) }, "\(found)")
        let problem = found.first { $0.message.contains(message) }
        #expect(problem?.location.line == expectedLine)
        #expect(problem?.location.column == column)
    }

    @Test("an environment's auth is checked as strictly as the profile's")
    func environmentErrors() {
        let yaml = """
            environments:
              local:
                base_url: "http://127.0.0.1:1"
                auth: { type: api_key, value: v }
            """
        let found = problems(yaml)
        #expect(found.map(\.message) == ["`auth` (api_key) is missing required key `name`"])
        #expect(found.first?.location.line == 4)
    }
}

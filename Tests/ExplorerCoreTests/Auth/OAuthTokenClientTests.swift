import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Token requests as the server receives them, and token answers as apix reads them.
@Suite("OAuth2 token client")
struct OAuthTokenClientTests {
    /// What the demo's echo route saw of a token request.
    func echoed(_ settings: OAuth2Settings, _ grant: OAuthTokenClient.Grant, fixture: AuthFixture) async throws
        -> (form: [(String, String)], headers: JSONValue)
    {
        var settings = settings
        settings.tokenURL = fixture.server.url("/echo")
        let request = try OAuthTokenClient().request(grant, settings: settings)
        let echo = try await fixture.client.send(request).response().echo()
        let body = try #require(echo["body"]?.stringValue)
        let form = body.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
        #expect(echo["content_type"]?.stringValue == "application/x-www-form-urlencoded")
        return (form, echo["headers"] ?? .null)
    }

    @Test("password grant with client_auth basic: form-encoded id and secret in Basic, scope and extra in the form")
    func passwordRequest() async throws {
        try await withAuthFixture { fixture in
            var settings = fixture.settings
            settings.clientID = "demo client"
            settings.clientSecret = "s:e&c"
            settings.scope = "todos:read profile"
            settings.extra = [.init(name: "audience", value: "https://api.example.com")]
            let (form, headers) = try await echoed(settings, .configured, fixture: fixture)
            #expect(form.map(\.0) == ["grant_type", "username", "password", "scope", "audience"])
            #expect(
                form.map(\.1) == ["password", "demo", "demo-password", "todos:read profile", "https://api.example.com"])
            let basic = Data("demo+client:s%3Ae%26c".utf8).base64EncodedString()
            #expect(headers.header("Authorization") == "Basic \(basic)")
        }
    }

    @Test("client_auth form puts the client in the body; a refresh sends the refresh token and no scope")
    func formClientAuthAndRefresh() async throws {
        try await withAuthFixture { fixture in
            var settings = fixture.settings
            settings.clientAuth = .form
            settings.scope = "profile"
            let (form, headers) = try await echoed(settings, .refresh(refreshToken: "rt_1"), fixture: fixture)
            #expect(form.map(\.0) == ["grant_type", "refresh_token", "client_id", "client_secret"])
            #expect(form.first?.1 == "refresh_token")
            #expect(headers.header("Authorization") == nil)
        }
    }

    @Test("both client authentications get tokens from the demo server")
    func grantsSucceed() async throws {
        try await withAuthFixture { fixture in
            for clientAuth in AuthSpec.OAuth2.ClientAuth.allCases {
                var settings = fixture.settings
                settings.clientAuth = clientAuth
                let token = try await OAuthTokenClient().obtain(.configured, settings: settings).get()
                #expect(token.accessToken.hasPrefix("at_"))
                #expect(token.refreshToken?.hasPrefix("rt_") == true)
                #expect(token.tokenType == "Bearer")
                #expect(token.scope == "todos:read todos:write")
            }
        }
    }

    @Test(
        "the server's refusal is reported with its error code and description",
        arguments: [
            (
                "password", "wrong",
                "the token server rejected the password grant (HTTP 400): invalid_grant: wrong username or password"
            ),
            (
                "secret", "wrong",
                "the token server rejected the password grant (HTTP 401): invalid_client: unknown client"
            ),
            ("scope", "admin", "invalid_scope: known scopes: profile todos:read todos:write"),
        ])
    func refusals(field: String, value: String, message: String) async throws {
        try await withAuthFixture { fixture in
            var settings = fixture.settings
            switch field {
            case "password": settings.password = value
            case "secret": settings.clientSecret = value
            default: settings.scope = value
            }
            let result = await OAuthTokenClient().obtain(.configured, settings: settings)
            guard case .failure(let error) = result else {
                Issue.record("expected a refusal")
                return
            }
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.isRejection)
        }
    }

    @Test("an unreachable token endpoint says so and is not a rejection")
    func unreachable() async {
        let settings = OAuth2Settings(grant: .clientCredentials, tokenURL: "http://127.0.0.1:1/token", clientID: "c")
        guard case .failure(let error) = await OAuthTokenClient().obtain(.configured, settings: settings) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.message.hasPrefix("token endpoint unreachable (client_credentials grant): "))
        #expect(!error.isRejection)
    }

    @Test("a token endpoint that redirects is an error: the form with the password is not sent on")
    func redirectNotFollowed() async throws {
        try await withAuthFixture { fixture in
            var settings = fixture.settings
            let target = FormEncoding.component(settings.tokenURL ?? "")
            settings.tokenURL = fixture.server.url("/redirect-to?status=307&url=\(target)")
            guard case .failure(let error) = await OAuthTokenClient().obtain(.configured, settings: settings) else {
                Issue.record("a 307 from the token endpoint was followed")
                return
            }
            let expected = fixture.settings.tokenURL ?? ""
            #expect(error.message.contains("HTTP 307 redirects to \(expected)"), "\(error.message)")
            let request = try OAuthTokenClient().request(.configured, settings: settings)
            #expect(!request.options.followRedirects)
        }
    }

    @Test("a password grant without a password is refused before anything is sent")
    func missingPassword() {
        let settings = OAuth2Settings(
            grant: .password, tokenURL: "http://127.0.0.1:1/token", clientID: "c", username: "u")
        #expect(throws: AuthError(.missingSetting("the password grant needs `username` and `password` under `auth`"))) {
            try OAuthTokenClient().request(.configured, settings: settings)
        }
    }

    static func response(_ status: Int, _ body: String) -> Response {
        Response(
            method: .post, url: "http://h/token", statusCode: status, reason: status == 200 ? "OK" : "Bad Request",
            httpVersion: "HTTP/1.1", headers: ["Content-Type": "application/json"],
            body: ResponseBody(data: Data(body.utf8)),
            metrics: Metrics())
    }

    @Test(
        "token answers: expires_in as number or string, token type default, missing token, non-JSON errors",
        arguments: [
            (200, #"{"access_token":"a","expires_in":"60","token_type":"bearer"}"#, "ok 60 bearer"),
            (200, #"{"access_token":"a","expires_in":3600}"#, "ok 3600 Bearer"),
            (200, #"{"access_token":"a"}"#, "ok none Bearer"),
            // A lifetime no timer can hold is taken as 1e9 s (it trapped in the explorer's expiry timer).
            (200, #"{"access_token":"a","expires_in":1e300}"#, "ok 1000000000 Bearer"),
            (
                200, #"{"token":"a"}"#,
                "the token server's answer to the password grant is unusable: no `access_token` in it"
            ),
            (
                200, "<html>",
                "the token server's answer to the password grant is unusable: the body is not a JSON object"
            ),
            (400, "<html>", "the token server rejected the password grant (HTTP 400): Bad Request"),
            (
                400, #"{"error":"invalid_request","error_description":"bad\u001b[2Jthing"}"#,
                "the token server rejected the password grant (HTTP 400): invalid_request: bad[2Jthing"
            ),
        ])
    func answers(status: Int, body: String, expected: String) {
        let now = Date()
        switch OAuthTokenClient.token(from: Self.response(status, body), grant: "password", now: now) {
        case .success(let token):
            // Rounded: `now + 1e9` and back is 1e9 less a rounding step of `Date`'s seconds for some `now` (this test
            // failed in CI truncating it to 999999999).
            let lifetime = token.expiresAt.map { String(Int($0.timeIntervalSince(now).rounded())) } ?? "none"
            #expect("ok \(lifetime) \(token.tokenType)" == expected)
            #expect(token.authorization == "Bearer a")
        case .failure(let error):
            #expect(error.message == expected)
        }
    }
}

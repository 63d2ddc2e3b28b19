import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ExplorerCore

#if canImport(Glibc)
    import Glibc
#endif

/// The authorization code grant's parts: PKCE, the authorization URL, the redirect's check, the loopback listener
/// and the profile keys. End to end against Authlib: `AuthorizationCodeCommandTests` (CLI).
@Suite("Authorization code with PKCE")
struct AuthorizationCodeTests {
    static let settings = OAuth2Settings(
        grant: .authorizationCode, tokenURL: "http://127.0.0.1:1/token", clientID: "my app", scope: "read write",
        extra: [OAuth2Settings.Field(name: "audience", value: "https://api.example")],
        authorizationURL: "https://id.example/authorize?tenant=t1")

    @Test("S256: the challenge is BASE64URL(SHA256(verifier)) without padding (checked with Python's hashlib)")
    func challenge() {
        let request = AuthorizationRequest(
            redirectURI: "http://127.0.0.1:1/callback", state: "s",
            verifier: "dBjftJeZ4CVP-mJ92K9qlgPeXPcNPfwSO8BE1ouO4pU")
        #expect(request.challenge == "RZHaUwZv7o4-f69vj0kmvbcxuXk9ephy-sJidWKWWaI")
    }

    @Test("state and verifier are fresh per login: 43 base64url characters (256 bits)")
    func randomness() {
        let requests = (0..<20).map { _ in AuthorizationRequest(redirectURI: "http://127.0.0.1:1/callback") }
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for request in requests {
            #expect(request.state.count == 43 && request.verifier.count == 43)
            #expect(request.state.allSatisfy(allowed.contains) && request.verifier.allSatisfy(allowed.contains))
        }
        #expect(Set(requests.map(\.state)).count == 20 && Set(requests.map(\.verifier)).count == 20)
        #expect(Set(requests.map(\.state)).isDisjoint(with: requests.map(\.verifier)))
    }

    @Test("the authorization URL keeps the endpoint's query and carries the request, never the verifier")
    func url() {
        let request = AuthorizationRequest(
            redirectURI: "http://127.0.0.1:5/callback", state: "st", verifier: "v" + String(repeating: "x", count: 42))
        let url = request.url(settings: Self.settings)
        #expect(
            url
                == "https://id.example/authorize?tenant=t1&response_type=code&client_id=my%20app&redirect_uri="
                + "http%3A%2F%2F127.0.0.1%3A5%2Fcallback&scope=read%20write&state=st&code_challenge="
                + request.challenge + "&code_challenge_method=S256&audience=https%3A%2F%2Fapi.example")
        #expect(!url.contains(request.verifier))
    }

    @Test("a redirect is read from its target or a pasted URL; another state, an error or no code end the login")
    func redirects() throws {
        let request = AuthorizationRequest(redirectURI: "http://127.0.0.1:5/callback", state: "st", verifier: "ver")
        let code = try request.code(fromRedirect: "/callback?code=a%2Bb&state=st").get()
        #expect(code == AuthorizationCode(code: "a+b", verifier: "ver", redirectURI: "http://127.0.0.1:5/callback"))
        #expect(!"\(code)".contains("a+b") && !"\(code)".contains("ver"))
        let pasted = try request.code(fromRedirect: "  http://127.0.0.1:5/callback?state=st&code=c1#frag \n").get()
        #expect(pasted.code == "c1")
        func reason(_ text: String) -> String {
            if case .failure(let error) = request.code(fromRedirect: text) { return error.message }
            return "accepted"
        }
        #expect(reason("/callback?code=c&state=other").contains("`state` is not this login's"))
        #expect(reason("/callback?code=c").contains("carries no `state`"))
        // An unmatched redirect's error is not reported as ours.
        #expect(reason("/callback?error=access_denied&state=other").contains("`state` is not this login's"))
        #expect(
            reason("/callback?error=access_denied&error_description=No%0Athanks&state=st")
                == "browser login failed: the authorization server answered access_denied: Nothanks; nothing stored")
        #expect(reason("/callback?state=st").contains("carries no `code`"))
    }

    @Test("redirect URIs: 127.0.0.1 over http only, with or without a port")
    func addresses() throws {
        #expect(try RedirectListener.Address("http://127.0.0.1:8765/cb") == .init(port: 8765, path: "/cb"))
        #expect(try RedirectListener.Address("http://127.0.0.1/oauth/done?x=1") == .init(port: 0, path: "/oauth/done"))
        #expect(try RedirectListener.Address("http://127.0.0.1:9") == .init(port: 9, path: "/"))
        // A prepended mark and "?" are one `Character`: the query still ends the path (OAuthRedirect fuzz finding).
        #expect(
            try RedirectListener.Address("http://127.0.0.1:8765/callback\u{0602}?state=st&code=c1#frag")
                == .init(port: 8765, path: "/callback\u{0602}"))
        for bad in [
            "https://127.0.0.1:1/cb", "http://localhost:1/cb", "http://127.0.0.10:1/cb", "http://127.0.0.1:0/cb",
            "http://127.0.0.1:99999/cb", "http://127.0.0.1.evil.example/cb", "http://127.0.0.1:1x/cb",
        ] {
            #expect(RedirectListener.Address.problem(bad) != nil, "\(bad)")
        }
    }

    @Test("the listener answers other paths 404 and goes on waiting, then takes the redirect and shows no code")
    func listener() async throws {
        let pages = Pages()
        let login = BrowserLogin(opensBrowser: false, environment: [:]) { prompt in
            let state = URLComponents(string: prompt.url)?.queryItems?.first { $0.name == "state" }?.value ?? ""
            Task {
                let client = Client()
                for path in ["/favicon.ico", "/callback?code=the-code&state=\(state)"] {
                    if case .success(let response) = await client.send(
                        PreparedRequest(url: prompt.redirectURI.replacingOccurrences(of: "/callback", with: path)))
                    {
                        pages.add(response.statusCode, String(decoding: try response.body.data(), as: UTF8.self))
                    }
                }
            }
        }
        let code = try await login.authorize(Self.settings)
        #expect(code.code == "the-code" && code.verifier.count == 43)
        #expect(code.redirectURI.hasPrefix("http://127.0.0.1:") && code.redirectURI.hasSuffix("/callback"))
        // The client's second answer arrives after the listener returned the code: wait for it, boundedly.
        for _ in 0..<200 where pages.all.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        let answers = pages.all
        #expect(answers.map(\.0) == [404, 200])
        #expect(answers.last?.1.contains("Signed in") == true && answers.last?.1.contains("the-code") == false)
    }

    @Test("a request line without a version ends at its line: the headers after it are no part of the code (fuzzed)")
    func requestLineEnd() async throws {
        let listener = try RedirectListener(.standard)
        let request = AuthorizationRequest(redirectURI: listener.redirectURI, state: "st", verifier: "ver")
        let port = listener.port
        // The browser's side and the wait both block: each on a thread of its own, not the test's pool.
        Thread {
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            if connected {
                let head = Array("GET /callback?state=st&code=c1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
                _ = head.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                var answer = [UInt8](repeating: 0, count: 1024)
                while read(client, &answer, answer.count) > 0 {}
            }
            close(client)
        }.start()
        let result = await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(
                    returning: listener.receive(
                        until: .now + .seconds(30), pasted: nil, timeout: .seconds(30), cancelled: { false },
                        check: request.code(fromRedirect:)))
            }.start()
        }
        #expect(try result.get().code == "c1")
    }

    @Test("a login waiting for its redirect ends as cancelled when its task is cancelled")
    func cancelled() async throws {
        let login = BrowserLogin(opensBrowser: false, environment: [:]) { _ in }
        let task = Task { () async throws(AuthError) -> AuthorizationCode in try await login.authorize(Self.settings) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let result = await task.result
        #expect(throws: AuthError(.cancelled)) { try result.get() }
    }

    @Test("with nobody to ask, a request fails saying to run apix auth login; an explicit login shows it as its state")
    func loginRequired() async throws {
        let state = try TemporaryDirectory()
        let key = ProfileEnvironmentKey(profile: "gh", environment: "prod")
        let refresher = TokenRefresher(
            key: key, settings: Self.settings, store: TokenStore(stateDirectory: state.path),
            tokenClient: OAuthTokenClient())
        await #expect(throws: AuthError(.loginRequired, grant: "authorization_code", session: key)) {
            try await refresher.token(replacing: nil)
        }
        #expect(await refresher.state == .none, "a request's attempt is not remembered")
        await #expect(throws: AuthError(.loginRequired, grant: "authorization_code", session: key)) {
            try await refresher.login()
        }
        guard case .failed(let reason) = await refresher.state else {
            Issue.record("state: \(await refresher.state)")
            return
        }
        #expect(reason.hasPrefix("login: no token yet") && reason.contains("apix auth login gh -e prod"), "\(reason)")
    }

    @Test(
        "authorization code keys in profiles are checked at their place",
        arguments: [
            (
                "auth: { type: oauth2, grant: authorization_code, token_url: /t, client_id: c }", 7,
                "`auth` (oauth2, authorization_code grant) is missing required key `authorization_url`"
            ),
            (
                "auth: { type: oauth2, grant: authorization_code, authorization_url: /a, token_url: /t, client_id: c, "
                    + "redirect_uri: \"http://localhost:8/cb\" }", 116,
                "`auth.redirect_uri` must be http://127.0.0.1:PORT/PATH"
            ),
            (
                "auth: { type: oauth2, grant: password, username: u, password: p, token_url: /t, client_id: c, "
                    + "authorization_url: /a }", 114, "`auth.authorization_url` is only for `grant: authorization_code`"
            ),
            (
                "auth: { type: oauth2, grant: authorization_code, authorization_url: \"ftp://a\", token_url: /t, "
                    + "client_id: c }", 69, "`auth.authorization_url` must be an http:// or https:// URL"
            ),
        ])
    func profileErrors(line: String, column: Int, message: String) {
        let yaml = "environments: { local: { base_url: \"http://127.0.0.1:1\" } }\n" + line + "\n"
        guard case .failure(let failure) = ProfileLoader.parse(yaml: yaml, file: "/p/x.yaml", id: "x") else {
            Issue.record("accepted: \(line)")
            return
        }
        let problem = failure.problems.first { $0.message.contains(message) }
        #expect(problem != nil, "\(failure.problems)")
        #expect(problem?.location.line == 2 && problem?.location.column == column, "\(String(describing: problem))")
    }

    @Test("the endpoints resolve against the base URL, and the profile writes back what it read")
    func resolved() throws {
        let yaml = """
            environments: { local: { base_url: "http://127.0.0.1:9/api" } }
            auth:
              type: oauth2
              grant: authorization_code
              authorization_url: /authorize
              token_url: https://id.example/token
              revocation_url: /revoke
              redirect_uri: "http://127.0.0.1:8765/done"
              client_id: c
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/x.yaml", id: "x").get()
        let builder = try RequestBuilder(profile: profile, environment: nil)
        guard case .oauth2(let settings)? = try builder.auth(for: nil) else {
            Issue.record("not oauth2")
            return
        }
        #expect(settings.authorizationURL == "http://127.0.0.1:9/api/authorize")
        #expect(settings.revocationURL == "http://127.0.0.1:9/api/revoke")
        #expect(settings.tokenURL == "https://id.example/token")
        #expect(settings.redirectURI == "http://127.0.0.1:8765/done")
        let written = ProfileEmitter.auth(try #require(profile.auth))
        #expect("\(written)".contains("authorization_url") && "\(written)".contains("revocation_url"))
    }
}

/// What the listener answered, collected from a task.
private final class Pages: Sendable {
    private let state = Mutex<[(Int, String)]>([])
    func add(_ status: Int, _ page: String) { state.withLock { $0.append((status, page)) } }
    var all: [(Int, String)] { state.withLock { $0 } }
}

/// `apix auth status`'s view of a JWT: the claims read, not verified.
@Suite("JWT claims")
struct JWTClaimsTests {
    static func jwt(_ payload: String) -> String {
        func part(_ text: String) -> String { AuthorizationRequest.base64URL(Array(text.utf8)) }
        return part(#"{"alg":"RS256","typ":"JWT"}"#) + "." + part(payload) + ".c2lnbmF0dXJl"
    }

    @Test("sub, iss, aud, scope, exp and iat are read in that order; times shown in UTC; marked not verified")
    func claims() throws {
        let token = Self.jwt(
            #"{"iat":1764370800,"exp":1764374400,"aud":["api","web"],"iss":"https://id.example/","sub":"alice","#
                + #""scp":["read","write"],"nonce":"x"}"#)
        let claims = try #require(JWTClaims(token: token))
        #expect(claims.claims.map(\.name) == ["sub", "iss", "aud", "scope", "exp", "iat"])
        #expect(
            claims.line
                == "sub alice, iss https://id.example/, aud api, web, scope read write, exp 2025-11-29T00:00:00Z, "
                + "iat 2025-11-28T23:00:00Z (not verified)")
        #expect(claims.json["verified"] == .bool(false) && claims.json["exp"] == .number("1764374400"))
    }

    @Test("opaque tokens, encrypted or broken JWTs have no claims")
    func notJWTs() {
        for token in [
            "opaque-token", "a.b", "a.b.c.d.e", "x." + AuthorizationRequest.base64URL(Array("[1]".utf8)) + ".s",
            "x.%%%.s",
        ] {
            #expect(JWTClaims(token: token) == nil, "\(token)")
        }
    }
}

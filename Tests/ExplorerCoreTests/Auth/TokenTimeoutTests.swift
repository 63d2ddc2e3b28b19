import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Token requests obey the time limits of the request that needs the token: a token server that accepts and never
/// answers fails the request within the endpoint's `timeout:` or `--timeout`, not the token default of 30 s.
@Suite("Token requests and time limits")
struct TokenTimeoutTests {
    private func profile(tokenURL: String, directory: TemporaryDirectory) throws -> Profile {
        let file = try directory.write(
            "hung.yaml",
            """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            auth: { type: oauth2, grant: client_credentials, token_url: "\(tokenURL)", client_id: c }
            endpoints:
              - { id: quick, path: /quick, timeout: 1 }
              - { id: plain, path: /plain }
            """)
        return try ProfileLoader.load(file: file).get()
    }

    private func tokenOptions(_ auth: ResolvedAuth?) -> TransferOptions? {
        if case .oauth2(let settings)? = auth { return settings.transfer }
        return nil
    }

    @Test("the endpoint's timeout and the user's --timeout reach the token request; else 30 s")
    func limitsReachTheTokenRequest() throws {
        let directory = try TemporaryDirectory()
        let builder = try RequestBuilder(profile: try profile(tokenURL: "http://127.0.0.1:1/t", directory: directory))
        let quick = builder.profile.endpoint("quick")
        let plain = builder.profile.endpoint("plain")
        #expect(tokenOptions(try builder.auth(for: quick))?.timeout == .seconds(1))
        #expect(tokenOptions(try builder.auth(for: plain))?.timeout == .seconds(30))
        let user = RequestOverrides(timeout: .seconds(2))
        #expect(tokenOptions(try builder.auth(for: plain, overrides: user))?.timeout == .seconds(2))
        #expect(tokenOptions(try builder.auth(for: nil, overrides: RequestOverrides(timeout: .zero)))?.timeout == nil)
    }

    @Test("a token server that never answers fails the request after the endpoint's 1 s, saying it timed out")
    func hungTokenServerTimesOut() async throws {
        let server = try SilentListener()
        let directory = try TemporaryDirectory()
        let builder = try RequestBuilder(
            profile: try profile(tokenURL: server.baseURL + "/token", directory: directory))
        let endpoint = try #require(builder.profile.endpoint("quick"))
        let auth = try #require(try builder.auth(for: endpoint))
        let sessions = AuthSessions(store: TokenStore(stateDirectory: directory.path))
        let interceptor = await sessions.interceptor(for: auth, key: builder.authSessionKey)
        let result = await Client().send(
            try builder.request(for: endpoint), options: SendOptions(interceptor: interceptor))
        guard case .failure(let error) = result, case .auth(let message) = error.reason else {
            Issue.record("expected an auth failure, got \(result)")
            return
        }
        #expect(message.contains("token endpoint unreachable"), "\(message)")
        // The transfer's own account of when it gave up ("timed out after 1.00 s"), which a busy test machine cannot
        // stretch the way it stretches a wall clock here; before, it was after 30 s.
        let waited = message.firstMatch(of: /timed out after ([0-9.]+) (ms|s)/).flatMap { match in
            Double(match.1).map { match.2 == "s" ? $0 : $0 / 1000 }
        }
        #expect(waited.map { $0 < 10 } == true, "\(message)")
    }

    @Test("a pending login is cancelled by cancelRefresh: it ends at once and leaves no failure behind")
    func pendingLoginCancels() async throws {
        let server = try SilentListener()
        let directory = try TemporaryDirectory()
        // A minute's limit, so a cancel that does not work fails the test as a timeout instead of hanging it.
        let settings = OAuth2Settings(
            grant: .clientCredentials, tokenURL: server.baseURL + "/token", clientID: "c",
            transfer: TransferOptions(timeout: .seconds(60)))
        let refresher = TokenRefresher(
            key: ProfileEnvironmentKey(profile: "p", environment: "e"), settings: settings,
            store: TokenStore(stateDirectory: directory.path), tokenClient: OAuthTokenClient())
        let login = Task { try await refresher.login() }
        // Wait until the login is in flight.
        for _ in 0..<200 where await refresher.state != .refreshing { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await refresher.state == .refreshing)
        await refresher.cancelRefresh()
        let outcome = await login.result
        guard case .failure(let error as AuthError) = outcome else {
            Issue.record("expected a cancelled login, got \(outcome)")
            return
        }
        #expect(error.reason == .cancelled)
        #expect(await refresher.state == .none)
    }
}

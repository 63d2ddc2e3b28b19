import DemoAPI
import Foundation
import Synchronization
import TestSupport

@testable import ExplorerCore

/// A demo server plus a private token store: everything an auth test needs, with nothing touching the real home.
struct AuthFixture: Sendable {
    let server: RunningDemoServer
    let stateDirectory: String
    let client = Client()
    let key = ProfileEnvironmentKey(profile: "demo", environment: "local")

    var store: TokenStore { TokenStore(stateDirectory: stateDirectory) }

    /// The demo's password grant, as `profiles/demo.yaml` sets it up.
    var settings: OAuth2Settings {
        OAuth2Settings(
            grant: .password, tokenURL: server.url("/auth/token"), clientID: "demo-client", clientSecret: "demo-secret",
            username: "demo", password: "demo-password")
    }

    func refresher(settings: OAuth2Settings? = nil, policy: RefreshPolicy = RefreshPolicy()) -> TokenRefresher {
        TokenRefresher(
            key: key, settings: settings ?? self.settings, store: store, tokenClient: OAuthTokenClient(client: client),
            policy: policy)
    }

    /// `/auth/stats`: what the token endpoint served.
    func stats() async throws -> JSONValue {
        try JSONValue.parse(await client.send(PreparedRequest(url: server.url("/auth/stats"))).response().body.data())
    }

    /// Expires every access token on the server (refresh tokens keep working).
    func expireAll() async throws {
        _ = try await client.send(PreparedRequest(method: .post, url: server.url("/auth/expire"))).response()
    }

    func revoke(_ token: String) async throws {
        let body = RequestBody.bytes(Data("token=\(token)".utf8), contentType: "application/x-www-form-urlencoded")
        _ = try await client.send(PreparedRequest(method: .post, url: server.url("/auth/revoke"), body: body))
            .response()
    }

    func get(_ path: String, _ interceptor: (any RequestInterceptor)?) async -> Result<Response, ClientError> {
        await client.send(PreparedRequest(url: server.url(path)), options: SendOptions(interceptor: interceptor))
    }

    /// `count` GETs of `path` at once; results in completion order.
    func concurrentGets(_ count: Int, _ path: String, _ interceptor: any RequestInterceptor) async
        -> [Result<Response, ClientError>]
    {
        await withTaskGroup(of: Result<Response, ClientError>.self) { group in
            for _ in 0..<count { group.addTask { await get(path, interceptor) } }
            var results: [Result<Response, ClientError>] = []
            for await result in group { results.append(result) }
            return results
        }
    }
}

/// Runs `body` with a fresh demo server and an empty temporary state directory.
func withAuthFixture<T>(
    tokenLifetime: Duration = .seconds(30), refreshedTokenLifetime: Duration? = nil,
    _ body: (AuthFixture) async throws -> T
) async throws -> T {
    let state = try TemporaryDirectory()
    return try await withDemoServer(tokenLifetime: tokenLifetime, refreshedTokenLifetime: refreshedTokenLifetime) {
        server in
        try await body(AuthFixture(server: server, stateDirectory: state.path))
    }
}

/// Wraps an interceptor and counts what the client asked of it: one `adapt` per attempt.
final class CountingInterceptor: RequestInterceptor {
    let inner: any RequestInterceptor
    private let counts = Mutex<(attempts: Int, retries: Int)>((0, 0))

    init(_ inner: any RequestInterceptor) {
        self.inner = inner
    }

    var attempts: Int { counts.withLock { $0.attempts } }
    var retries: Int { counts.withLock { $0.retries } }

    func adapt(_ request: PreparedRequest, attempt: Int) async throws(ClientError) -> PreparedRequest {
        counts.withLock { $0.attempts += 1 }
        return try await inner.adapt(request, attempt: attempt)
    }

    func retry(_ request: PreparedRequest, after response: Response, attempt: Int) async throws(ClientError) -> Bool {
        let again = try await inner.retry(request, after: response, attempt: attempt)
        if again { counts.withLock { $0.retries += 1 } }
        return again
    }
}

import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The refresher and the interceptor against the demo API's real token endpoint and protected routes.
@Suite("Token refresh against the demo API")
struct TokenRefresherTests {
    @Test("50 concurrent requests whose token the server expired: exactly one refresh, and all 50 succeed")
    func concurrent401s() async throws {
        // Tokens that outlive the test on a loaded machine: a 30 s one expired during a 79 s run and rightly took a
        // second refresh.
        try await withAuthFixture(tokenLifetime: .seconds(3600)) { fixture in
            let refresher = fixture.refresher()
            try await refresher.login()
            try await fixture.expireAll()
            let interceptor = CountingInterceptor(AuthInterceptor(.oauth2(refresher)))
            let results = await fixture.concurrentGets(50, "/me", interceptor)
            #expect(results.map { (try? $0.get().statusCode) ?? -1 } == Array(repeating: 200, count: 50))
            let stats = try await fixture.stats()
            #expect(stats["refreshes"]?.intValue == 1)
            #expect(stats["password_grants"]?.intValue == 1)
            // Each request that met the 401 was retried once; one that the scheduler started after the refresh had
            // ended went with the new token and needed no retry (seen on a loaded machine: 49).
            #expect((1...50).contains(interceptor.retries), "\(interceptor.retries)")
        }
    }

    @Test("50 concurrent requests with a token known to have expired wait for one refresh and never get a 401")
    func proactiveRefresh() async throws {
        // Tokens that outlive the test on a loaded machine: a 30 s one expired during a 79 s run and rightly took a
        // second refresh.
        try await withAuthFixture(tokenLifetime: .seconds(3600)) { fixture in
            var token = try await fixture.refresher().login()
            // The same token, but its recorded lifetime is over: the client knows before asking the server.
            token.receivedAt = Date().addingTimeInterval(-120)
            token.expiresAt = Date().addingTimeInterval(-60)
            try fixture.store.save(TokenStore.Record(issuer: fixture.settings.owner, token: token), for: fixture.key)
            let refresher = fixture.refresher()
            #expect(await refresher.state == .expired)
            let interceptor = CountingInterceptor(AuthInterceptor(.oauth2(refresher)))
            let results = await fixture.concurrentGets(50, "/protected/todos", interceptor)
            #expect(results.allSatisfy { (try? $0.get().statusCode) == 200 })
            #expect(interceptor.attempts == 50)
            #expect(interceptor.retries == 0)
            #expect(try await fixture.stats()["refreshes"]?.intValue == 1)
            #expect(try fixture.store.load(fixture.key)?.token?.accessToken != token.accessToken)
        }
    }

    @Test("a revoked refresh token fails every waiting request with the server's reason; nothing more until login")
    func revokedRefreshToken() async throws {
        try await withAuthFixture { fixture in
            let refresher = fixture.refresher()
            let token = try await refresher.login()
            try await fixture.revoke(#require(token.refreshToken))
            try await fixture.expireAll()
            let interceptor = AuthInterceptor(.oauth2(refresher))

            let results = await fixture.concurrentGets(20, "/me", interceptor)
            for result in results {
                let message = try #require(result.error?.message)
                #expect(message.contains("invalid_grant"))
                #expect(message.contains("the refresh token is unknown, used or revoked"))
                #expect(result.error?.exitCode == 4)
            }
            let afterFailure = try await fixture.stats()
            #expect(afterFailure["token_requests"]?.intValue == 2)
            #expect(afterFailure["failures"]?.intValue == 1)
            guard case .failed(let reason) = await refresher.state else {
                Issue.record("expected the failed state")
                return
            }
            #expect(reason.contains("invalid_grant"))

            // No automatic refresh now: requests fail at once, saying why, and the server sees nothing.
            let later = await fixture.get("/me", interceptor)
            #expect(later.error?.message.contains("an earlier token refresh failed") == true)
            #expect(later.error?.message.contains("apix auth login demo -e local") == true)
            #expect(try await fixture.stats()["token_requests"]?.intValue == 2)
            // A new process reads the failure from the token file and does not ask either.
            #expect(await fixture.refresher().state == .failed(reason))

            try await refresher.login()
            #expect(try await fixture.get("/me", interceptor).response().statusCode == 200)
            #expect(try await fixture.stats()["password_grants"]?.intValue == 2)
        }
    }

    @Test("an unreachable token endpoint fails the waiting requests with that reason, and later ones without trying")
    func tokenEndpointDown() async throws {
        try await withAuthFixture { fixture in
            var settings = fixture.settings
            settings.tokenURL = "http://127.0.0.1:1/auth/token"
            let stale = OAuthToken(accessToken: "at_unknown", refreshToken: "rt_unknown")
            try fixture.store.save(TokenStore.Record(issuer: settings.owner, token: stale), for: fixture.key)
            let refresher = fixture.refresher(settings: settings)
            let interceptor = CountingInterceptor(AuthInterceptor(.oauth2(refresher)))

            let results = await fixture.concurrentGets(10, "/me", interceptor)
            for result in results {
                #expect(result.error?.message.contains("token endpoint unreachable (refresh_token grant)") == true)
            }
            #expect(interceptor.attempts == 10)
            let later = await fixture.get("/me", interceptor)
            #expect(
                later.error?.message.contains("an earlier token refresh failed (token endpoint unreachable") == true)
            // Unreachable is not a verdict on the credentials: it is not written down for other processes.
            #expect(try fixture.store.load(fixture.key)?.failure == nil)
            // Asking explicitly does try again.
            await #expect(throws: AuthError.self) { try await refresher.login() }
            #expect(await refresher.state.name == "failed")
        }
    }

    @Test("against a server that always answers 401, each request is tried at most twice and refreshes stop at the cap")
    func always401() async throws {
        try await withAuthFixture { fixture in
            let refresher = fixture.refresher(policy: RefreshPolicy(maxRefreshes: 3, window: .seconds(600)))
            try await refresher.login()
            var outcomes: [String] = []
            for _ in 0..<6 {
                let interceptor = CountingInterceptor(AuthInterceptor(.oauth2(refresher)))
                let result = await fixture.get("/always-401", interceptor)
                #expect(interceptor.attempts <= 2)
                switch result {
                case .success(let response): outcomes.append("\(response.statusCode) after \(interceptor.attempts)")
                case .failure(let error):
                    outcomes.append(error.message.contains("gave up after 3") ? "gave up" : error.message)
                }
            }
            #expect(outcomes == ["401 after 2", "401 after 2", "401 after 2", "gave up", "gave up", "gave up"])
            #expect(try await fixture.stats()["refreshes"]?.intValue == 3)
        }
    }

    @Test("a manual refresh while requests are in flight joins them: all succeed with at most one extra refresh")
    func manualRefreshInFlight() async throws {
        try await withAuthFixture { fixture in
            let refresher = fixture.refresher()
            let first = try await refresher.login()
            try await fixture.expireAll()
            let interceptor = AuthInterceptor(.oauth2(refresher))
            async let requests = fixture.concurrentGets(20, "/protected/todos", interceptor)
            let manual = try await refresher.refresh()
            let results = await requests
            #expect(manual.accessToken != first.accessToken)
            #expect(results.allSatisfy { (try? $0.get().statusCode) == 200 })
            let refreshes = try #require(try await fixture.stats()["refreshes"]?.intValue)
            #expect((1...2).contains(refreshes))
        }
    }

    @Test("logout forgets the tokens on disk and in memory; the next request logs in again")
    func logout() async throws {
        try await withAuthFixture { fixture in
            let refresher = fixture.refresher()
            try await refresher.login()
            #expect(FileManager.default.fileExists(atPath: fixture.store.path(for: fixture.key)))
            try await refresher.logout()
            #expect(await refresher.state == TokenState.none)
            #expect(!FileManager.default.fileExists(atPath: fixture.store.path(for: fixture.key)))
            let response = try await fixture.get("/me", AuthInterceptor(.oauth2(refresher))).response()
            #expect(response.statusCode == 200)
            #expect(try await fixture.stats()["password_grants"]?.intValue == 2)
        }
    }

    @Test("expiry is tracked from expires_in, and watchers see valid, then expired, then refreshing and valid again")
    func expiryTracking() async throws {
        // The refreshed token lives 30 s: the retried request must not find it expired on a loaded machine.
        try await withAuthFixture(tokenLifetime: .seconds(1), refreshedTokenLifetime: .seconds(30)) { fixture in
            let refresher = fixture.refresher()
            // Watch before logging in: a 1-second token can expire before a watcher that starts later (a loaded
            // machine) sees it valid.
            let seen = LockedBox<[TokenState]>([])
            let stream = await refresher.states()
            let watcher = Task { for await state in stream { seen.mutate { $0.append(state) } } }
            defer { watcher.cancel() }
            let token = try await refresher.login()
            let expiresAt = try #require(token.expiresAt)
            #expect(expiresAt.timeIntervalSince(token.receivedAt) == 1)
            try await waitUntil(.seconds(20)) { seen.value.contains(.expired) }
            #expect(
                Array(seen.value.drop { $0 != .valid(expiresAt: expiresAt) }) == [
                    .valid(expiresAt: expiresAt), .expired,
                ])

            let known = seen.value.count
            let response = try await fixture.get("/me", AuthInterceptor(.oauth2(refresher))).response()
            #expect(response.statusCode == 200)
            try await waitUntil(.seconds(20)) { seen.value.count >= known + 2 }
            #expect(seen.value[known] == .refreshing)
            guard case .valid(let newExpiry?) = seen.value[known + 1] else {
                Issue.record("expected a valid state with an expiry, got \(seen.value)")
                return
            }
            #expect(newExpiry > expiresAt)
        }
    }

    @Test("a token for another token endpoint is not reused, and a 30 s lifetime reads as about 30 s")
    func issuerAndLifetime() async throws {
        try await withAuthFixture { fixture in
            let before = Date()
            try await fixture.refresher().login()
            var other = fixture.settings
            other.tokenURL = fixture.server.url("/other/token")
            #expect(await fixture.refresher(settings: other).state == TokenState.none)
            let status = await fixture.refresher().status()
            guard case .valid(let expiresAt?) = status.state else {
                Issue.record("expected a valid token, got \(status.state)")
                return
            }
            // 30 s from when the answer came, which lies between these two (a starved test runner can take
            // seconds between them).
            let after = Date()
            #expect(expiresAt >= before.addingTimeInterval(29) && expiresAt <= after.addingTimeInterval(31))
            #expect(status.state.summary().hasPrefix("valid, expires in "))
        }
    }

    @Test("client credentials: no refresh token, so an expired token falls back to the grant")
    func clientCredentials() async throws {
        try await withAuthFixture { fixture in
            var settings = fixture.settings
            settings.grant = .clientCredentials
            settings.clientAuth = .form
            let refresher = fixture.refresher(settings: settings)
            let interceptor = AuthInterceptor(.oauth2(refresher))
            let me = try JSONValue.parse(await fixture.get("/me", interceptor).response().body.data())
            #expect(me["client_id"]?.stringValue == "demo-client")
            #expect(me["user"]?.isNull == true)
            #expect(await refresher.status().token?.refreshToken == nil)
            try await fixture.expireAll()
            #expect(try await fixture.get("/me", interceptor).response().statusCode == 200)
            let stats = try await fixture.stats()
            #expect(stats["client_credentials_grants"]?.intValue == 2)
            #expect(stats["refreshes"]?.intValue == 0)
        }
    }

    @Test("a request carrying its own Authorization header is sent as it is and never retried")
    func explicitHeaderWins() async throws {
        try await withAuthFixture { fixture in
            let refresher = fixture.refresher()
            let interceptor = CountingInterceptor(AuthInterceptor(.oauth2(refresher)))
            var request = PreparedRequest(url: fixture.server.url("/me"))
            request.headers.set("Authorization", "Bearer mine")
            let response = try await fixture.client.send(request, options: SendOptions(interceptor: interceptor))
                .response()
            #expect(response.statusCode == 401)
            #expect(interceptor.attempts == 1)
            #expect(try await fixture.stats()["token_requests"]?.intValue == 0)
        }
    }

    @Test("the refresh window admits N refreshes and then refuses until old ones leave the window")
    func refreshWindow() {
        var window = RefreshWindow(policy: RefreshPolicy(maxRefreshes: 2, window: .seconds(10)))
        let start = ContinuousClock.now
        let offsets: [Duration] = [.zero, .seconds(1), .seconds(2), .seconds(10), .seconds(10.5)]
        let admitted = offsets.map { window.admit(at: start + $0) }
        #expect(admitted == [true, true, false, true, false])
    }
}

/// Polls `condition` until it holds; throws after `limit` (a guard against hangs, not a timing assertion).
func waitUntil(_ limit: Duration, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        guard ContinuousClock.now < deadline else { throw CancellationError() }
        try await Task.sleep(for: .milliseconds(20))
    }
}

import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The credential a stored response is looked up with: the one at hand, never a new one from the server. The
/// provider holds no profiles: each call brings the credentials `update` resolved (`ExchangePlan.auth`).
@Suite("CoreAuthProvider: credentials for stored responses")
struct CoreAuthProviderTests {
    static let local = ProfileEnvironmentKey(profile: "demo", environment: "local")

    /// A provider whose tokens live in a fresh temporary directory.
    static func withDemoProvider(_ body: (CoreAuthProvider, TokenStore) async throws -> Void) async throws {
        let directory = NSTemporaryDirectory() + "apix-auth-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = TokenStore(directory: directory)
        try await body(CoreAuthProvider(sessions: AuthSessions(store: store)), store)
    }

    /// The demo endpoint's exchange as the explorer plans it.
    static func plan(_ endpoint: String, in state: AppState = Fixtures.demoState()) throws -> ExchangePlan {
        try state.exchangePlan(EndpointKey(profile: "demo", endpoint: endpoint)).get()
    }

    static func credentialed(_ plan: ExchangePlan, by provider: CoreAuthProvider) async -> PreparedRequest? {
        await provider.currentCredentials(on: plan.request.request, auth: plan.auth, key: plan.authKey)
    }

    @Test("OAuth2 without a token gives nothing to look up with (no login is attempted)")
    func oauthWithoutToken() async throws {
        try await Self.withDemoProvider { provider, _ in
            let plan = try Self.plan("cache.stats")
            #expect(await Self.credentialed(plan, by: provider) == nil)
        }
    }

    @Test("OAuth2 with a stored token, even an expired one, adds it as it is")
    func oauthWithStoredToken() async throws {
        try await Self.withDemoProvider { provider, store in
            let plan = try Self.plan("cache.stats")
            guard case .oauth2(let settings)? = plan.auth else {
                Issue.record("the demo profile uses OAuth2")
                return
            }
            let token = OAuthToken(accessToken: "stored-1", expiresAt: Date(timeIntervalSinceNow: -60))
            try store.save(TokenStore.Record(issuer: settings.owner, token: token), for: Self.local)
            let credentialed = await Self.credentialed(plan, by: provider)
            #expect(credentialed?.headers["Authorization"] == "Bearer stored-1")
            #expect(credentialed?.url == plan.request.request.url)
        }
    }

    @Test("an endpoint with auth: none is looked up as it is")
    func noAuth() async throws {
        try await Self.withDemoProvider { provider, _ in
            let plan = try Self.plan("cache.etag")
            let credentialed = await Self.credentialed(plan, by: provider)
            #expect(credentialed == plan.request.request)
            #expect(credentialed?.headers["Authorization"] == nil)
        }
    }

    @Test("an endpoint's unsaved edit (auth: none) is planned as edited, not as the profile says")
    func editedEndpoint() async throws {
        try await Self.withDemoProvider { provider, _ in
            var state = Fixtures.demoState()
            var profile = try #require(state.catalog.profile("demo"))
            let index = try #require(profile.endpoints.firstIndex { $0.id == "cache.stats" })
            profile.endpoints[index].authDisabled = true
            state.replaceProfile(profile)
            let plan = try Self.plan("cache.stats", in: state)
            #expect(plan.auth == nil)
            #expect(await Self.credentialed(plan, by: provider) == plan.request.request)
        }
    }

    /// A profile `keyed` with a static API key in the query.
    static func keyed(_ value: String, in directory: String) throws -> ProfileCatalog {
        try """
        name: Keyed
        environments: { dev: { base_url: "http://127.0.0.1:9" } }
        auth: { type: api_key, name: key, value: \(value), in: query }
        endpoints:
          - { id: items, path: /items, cache: 60 }
        """.write(toFile: directory + "/keyed.yaml", atomically: true, encoding: .utf8)
        let catalog = ProfileLoader.load(directory: directory)
        #expect(catalog.problems.isEmpty)
        return catalog
    }

    @Test("a static credential is placed where the profile says")
    func staticCredential() async throws {
        let directory = NSTemporaryDirectory() + "apix-auth-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let state = AppState(
            catalog: try Self.keyed("k-123", in: directory), profileDirectory: directory, processEnvironment: [:])
        let plan = try state.exchangePlan(EndpointKey(profile: "keyed", endpoint: "items")).get()
        let provider = CoreAuthProvider(sessions: AuthSessions(store: TokenStore(directory: directory)))
        #expect(await Self.credentialed(plan, by: provider)?.url == "http://127.0.0.1:9/items?key=k-123")
    }

    @Test("after the explorer reloads a profile, its new profile-level auth is the one used")
    func reloadedProfile() async throws {
        let directory = NSTemporaryDirectory() + "apix-auth-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var state = AppState(
            catalog: try Self.keyed("old-1", in: directory), profileDirectory: directory, processEnvironment: [:])
        let provider = CoreAuthProvider(sessions: AuthSessions(store: TokenStore(directory: directory)))
        let key = ProfileEnvironmentKey(profile: "keyed", environment: "dev")
        let bare = PreparedRequest(url: "http://127.0.0.1:9/items")
        let before = await provider.currentCredentials(on: bare, auth: state.resolvedAuth(key), key: key)
        #expect(before?.url.hasSuffix("key=old-1") == true)
        state.replaceProfile(try #require(try Self.keyed("new-2", in: directory).profile("keyed")))
        let after = await provider.currentCredentials(on: bare, auth: state.resolvedAuth(key), key: key)
        #expect(after?.url.hasSuffix("key=new-2") == true)
    }
}

import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The credential a stored response is looked up with: the one at hand, never a new one from the server.
@Suite("CoreAuthProvider: credentials for stored responses")
struct CoreAuthProviderTests {
    static let local = AuthSessionKey(profile: "demo", environment: "local")

    /// A provider on the demo profile whose tokens live in a fresh temporary directory.
    static func withDemoProvider(_ body: (CoreAuthProvider, TokenStore) async throws -> Void) async throws {
        let directory = NSTemporaryDirectory() + "apix-auth-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = TokenStore(directory: directory)
        let provider = CoreAuthProvider(
            catalog: Fixtures.demoCatalog, variables: ["port": "8080"], sessions: AuthSessions(store: store))
        try await body(provider, store)
    }

    static func endpoint(_ id: String) -> Endpoint? {
        Fixtures.demoCatalog.profile("demo")?.endpoint(id)
    }

    static func request(_ endpoint: String) throws -> PreparedRequest {
        try Fixtures.demoState().prepare(EndpointKey(profile: "demo", endpoint: endpoint)).get().request
    }

    @Test("OAuth2 without a token gives nothing to look up with (no login is attempted)")
    func oauthWithoutToken() async throws {
        try await Self.withDemoProvider { provider, _ in
            let request = try Self.request("cache.stats")
            #expect(
                await provider.currentCredentials(on: request, for: Self.local, endpoint: Self.endpoint("cache.stats"))
                    == nil)
        }
    }

    @Test("OAuth2 with a stored token, even an expired one, adds it as it is")
    func oauthWithStoredToken() async throws {
        try await Self.withDemoProvider { provider, store in
            guard case .oauth2(let settings)? = provider.resolve(Self.local, endpoint: nil) else {
                Issue.record("the demo profile uses OAuth2")
                return
            }
            let token = OAuthToken(accessToken: "stored-1", expiresAt: Date(timeIntervalSinceNow: -60))
            try store.save(
                TokenStore.Record(issuer: settings.issuer, token: token),
                for: AuthSessionKey(profile: "demo", environment: "local"))
            let request = try Self.request("cache.stats")
            let credentialed = await provider.currentCredentials(
                on: request, for: Self.local, endpoint: Self.endpoint("cache.stats"))
            #expect(credentialed?.headers["Authorization"] == "Bearer stored-1")
            #expect(credentialed?.url == request.url)
        }
    }

    @Test("an endpoint with auth: none is looked up as it is")
    func noAuth() async throws {
        try await Self.withDemoProvider { provider, _ in
            let request = try Self.request("cache.etag")
            let credentialed = await provider.currentCredentials(
                on: request, for: Self.local, endpoint: Self.endpoint("cache.etag"))
            #expect(credentialed == request)
            #expect(credentialed?.headers["Authorization"] == nil)
        }
    }

    @Test("an endpoint the catalog does not hold (a one-off request) is resolved as given, not as the profile")
    func endpointValueNotInCatalog() async throws {
        try await Self.withDemoProvider { provider, _ in
            var oneOff = try #require(Self.endpoint("cache.stats"))
            oneOff.id = "get.elsewhere"
            oneOff.authDisabled = true
            #expect(provider.resolve(Self.local, endpoint: oneOff) == nil)
            let request = try Self.request("cache.stats")
            #expect(await provider.currentCredentials(on: request, for: Self.local, endpoint: oneOff) == request)
        }
    }

    @Test("a static credential is placed where the profile says")
    func staticCredential() async throws {
        let directory = NSTemporaryDirectory() + "apix-auth-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let yaml = """
            name: Keyed
            environments: { dev: { base_url: "http://127.0.0.1:9" } }
            auth: { type: api_key, name: key, value: k-123, in: query }
            endpoints:
              - { id: items, path: /items, cache: 60 }
            """
        try yaml.write(toFile: directory + "/keyed.yaml", atomically: true, encoding: .utf8)
        let catalog = ProfileLoader.load(directory: directory)
        #expect(catalog.problems.isEmpty)
        let state = AppState(catalog: catalog, profileDirectory: directory, processEnvironment: [:])
        let request = try state.prepare(EndpointKey(profile: "keyed", endpoint: "items")).get().request
        let provider = CoreAuthProvider(
            catalog: catalog, variables: [:], sessions: AuthSessions(store: TokenStore(directory: directory)))
        let credentialed = await provider.currentCredentials(
            on: request, for: AuthSessionKey(profile: "keyed", environment: "dev"), endpoint: Self.endpoint("items"))
        #expect(credentialed?.url == "http://127.0.0.1:9/items?key=k-123")
    }

    @Test("after the explorer reloads a profile, its new profile-level auth is the one used")
    func reloadedCatalog() async throws {
        let directory = NSTemporaryDirectory() + "apix-auth-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func catalog(key: String) throws -> ProfileCatalog {
            try """
            name: Keyed
            environments: { dev: { base_url: "http://127.0.0.1:9" } }
            auth: { type: api_key, name: key, value: \(key), in: query }
            endpoints:
              - { id: items, path: /items }
            """.write(toFile: directory + "/keyed.yaml", atomically: true, encoding: .utf8)
            return ProfileLoader.load(directory: directory)
        }
        let provider = CoreAuthProvider(
            catalog: try catalog(key: "old-1"), variables: [:],
            sessions: AuthSessions(store: TokenStore(directory: directory)))
        let key = AuthSessionKey(profile: "keyed", environment: "dev")
        let bare = PreparedRequest(url: "http://127.0.0.1:9/items")
        #expect(
            await provider.currentCredentials(on: bare, for: key, endpoint: nil)?.url.hasSuffix("key=old-1") == true)
        provider.catalogChanged(try catalog(key: "new-2"))
        #expect(
            await provider.currentCredentials(on: bare, for: key, endpoint: nil)?.url.hasSuffix("key=new-2") == true)
    }
}

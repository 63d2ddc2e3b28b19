import Foundation
import Testing

@testable import ExplorerCore

/// `AuthSessions.storedAuthorization` / `currentCredential`: the credential at hand, never asked of a server
/// (the settings point at a port nothing listens on, so a fetch would fail the test).
@Suite("Stored token lookup")
struct StoredAuthorizationTests {
    static let key = ProfileEnvironmentKey(profile: "demo", environment: "local")
    static let auth = ResolvedAuth.oauth2(
        OAuth2Settings(grant: .clientCredentials, tokenURL: "http://127.0.0.1:9/token", clientID: "c"))

    static func withSessions(storing token: OAuthToken?, _ body: (AuthSessions) async throws -> Void) async throws {
        let directory = NSTemporaryDirectory() + "apix-stored-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = TokenStore(directory: directory)
        guard case .oauth2(let settings) = auth else { return }
        if let token { try store.save(TokenStore.Record(issuer: settings.owner, token: token), for: key) }
        try await body(AuthSessions(store: store))
    }

    @Test("a valid stored token is its Authorization value")
    func valid() async throws {
        let token = OAuthToken(accessToken: "at-1", expiresAt: Date(timeIntervalSinceNow: 600))
        try await Self.withSessions(storing: token) { sessions in
            #expect(await sessions.storedAuthorization(for: Self.auth, key: Self.key) == "Bearer at-1")
            #expect(await sessions.currentCredential(for: Self.auth, key: Self.key) == .authorization("Bearer at-1"))
        }
    }

    @Test("an expired token counts only when asked for (a stored response was fetched with it)")
    func expired() async throws {
        let token = OAuthToken(accessToken: "old", expiresAt: Date(timeIntervalSinceNow: -60))
        try await Self.withSessions(storing: token) { sessions in
            #expect(await sessions.storedAuthorization(for: Self.auth, key: Self.key) == nil)
            #expect(
                await sessions.storedAuthorization(for: Self.auth, key: Self.key, includingExpired: true)
                    == "Bearer old")
        }
    }

    @Test("no token, or static credentials: nothing stored; static ones are their own current credential")
    func nothingStored() async throws {
        try await Self.withSessions(storing: nil) { sessions in
            #expect(await sessions.storedAuthorization(for: Self.auth, key: Self.key, includingExpired: true) == nil)
            #expect(await sessions.currentCredential(for: Self.auth, key: Self.key) == nil)
            let bearer = ResolvedAuth.bearer(token: "t")
            #expect(await sessions.storedAuthorization(for: bearer, key: Self.key) == nil)
            #expect(await sessions.currentCredential(for: bearer, key: Self.key) == .authorization("Bearer t"))
        }
    }
}

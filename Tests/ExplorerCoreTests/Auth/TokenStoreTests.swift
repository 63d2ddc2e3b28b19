import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The token files: private, atomic, and never a crash when broken.
@Suite("Token store")
struct TokenStoreTests {
    let key = ProfileEnvironmentKey(profile: "demo", environment: "local")

    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test("a saved record loads back, in a 0600 file inside a 0700 directory, with no temporary file left")
    func roundTrip() throws {
        let state = try TemporaryDirectory()
        let store = TokenStore(stateDirectory: state.path)
        let token = OAuthToken(
            accessToken: "at_1", refreshToken: "rt_1", expiresAt: Date(timeIntervalSince1970: 2_000_000_000),
            scope: "a b", receivedAt: Date(timeIntervalSince1970: 1_999_999_970))
        try store.save(TokenStore.Record(issuer: "c@http://h/t", token: token), for: key)
        let loaded = try #require(try store.load(key))
        #expect(loaded.token == token)
        #expect(loaded.issuer == "c@http://h/t")
        #expect(store.directory == state.path + "/tokens")
        #expect(try mode(store.path(for: key)) == 0o600)
        #expect(try mode(store.directory) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == ["demo@local.json"])
    }

    @Test("an existing directory that is too open is narrowed to 0700")
    func narrowsDirectory() throws {
        let state = try TemporaryDirectory()
        let store = TokenStore(stateDirectory: state.path)
        try FileManager.default.createDirectory(
            atPath: store.directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try store.save(TokenStore.Record(issuer: "i", token: nil), for: key)
        #expect(try mode(store.directory) == 0o700)
    }

    @Test("saving again replaces the record; remove forgets it; missing is nil, not an error")
    func replaceAndRemove() throws {
        let state = try TemporaryDirectory()
        let store = TokenStore(stateDirectory: state.path)
        #expect(try store.load(key) == nil)
        try store.save(TokenStore.Record(issuer: "i", token: OAuthToken(accessToken: "one")), for: key)
        try store.save(TokenStore.Record(issuer: "i", token: OAuthToken(accessToken: "two")), for: key)
        #expect(try store.load(key)?.token?.accessToken == "two")
        try store.remove(key)
        try store.remove(key)
        #expect(try store.load(key) == nil)
    }

    @Test("a corrupt file is reported as a store problem, and a refresher treats it as empty")
    func corruptFile() async throws {
        let state = try TemporaryDirectory()
        let store = TokenStore(stateDirectory: state.path)
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        for junk in ["{not json", "{\"issuer\": 3}", ""] {
            try junk.write(toFile: store.path(for: key), atomically: true, encoding: .utf8)
            #expect(throws: AuthError.self) { try store.load(key) }
        }
        let refresher = TokenRefresher(
            key: key,
            settings: OAuth2Settings(grant: .clientCredentials, tokenURL: "http://127.0.0.1:1/t", clientID: "c"),
            store: store, tokenClient: OAuthTokenClient())
        let status = await refresher.status()
        #expect(status.state == TokenState.none)
        guard case .store(let path, let detail)? = status.storeProblem?.reason else {
            Issue.record("expected a store problem, got \(String(describing: status.storeProblem))")
            return
        }
        #expect(path == store.path(for: key))
        #expect(detail.contains("ignored"))
    }

    @Test("file names keep profile and environment apart and stay inside the directory")
    func fileNames() {
        let store = TokenStore(directory: "/s")
        #expect(store.path(for: ProfileEnvironmentKey(profile: "demo", environment: "local")) == "/s/demo@local.json")
        #expect(store.path(for: ProfileEnvironmentKey(profile: "a@b", environment: "../x")) == "/s/a%40b@..%2Fx.json")
    }

    @Test("removing a profile's tokens leaves other profiles' alone")
    func removeAllOfProfile() throws {
        let state = try TemporaryDirectory()
        let store = TokenStore(stateDirectory: state.path)
        let other = ProfileEnvironmentKey(profile: "demo2", environment: "local")
        let staging = ProfileEnvironmentKey(profile: "demo", environment: "staging")
        for key in [key, staging, other] { try store.save(TokenStore.Record(issuer: "i", token: nil), for: key) }
        try store.removeAll(profile: "demo")
        #expect(try store.load(key) == nil)
        #expect(try store.load(staging) == nil)
        #expect(try store.load(other) != nil)
    }

    @Test("a token never shows itself when printed")
    func tokenDescription() {
        let token = OAuthToken(accessToken: "at_secret", refreshToken: "rt_secret")
        #expect(!"\(token)".contains("secret"))
        #expect(!String(reflecting: token).contains("secret"))
    }
}

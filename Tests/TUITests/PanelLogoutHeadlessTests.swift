import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import TUI

/// The auth panel's details and confirmations (`l`, `r`), and its logout (`o`) when the server does not take the
/// revocation: the tokens are forgotten all the same and the status bar says what the server still honours, as
/// `apix auth logout` does (issue 27).
@Suite("The auth panel's details, confirmations and logout, headless")
@MainActor
struct PanelLogoutHeadlessTests {
    /// l and r are confirmed with the new expiry; the panel shows grant, token URL, refresh token and expiry; o with
    /// a revocation the server refuses leaves token none, and the status bar says the revocation failed.
    @Test("the panel's details and confirmations, and a logout whose revocation fails")
    func failedRevocation() async throws {
        // Started off the main actor: reading the peer's port blocks, and other headless suites draw on this actor.
        let peer = try await Task.detached { try PythonPeer("oauth_server.py", arguments: ["3600", "approve:0"]) }.value
        defer { peer.stop() }
        let directory = try TemporaryDirectory()
        // The peer has no such route: it answers 404.
        try DeviceCodeProfile.yaml(port: peer.port, revocation: "/no-revocation-here").write(
            toFile: directory.path + "/device.yaml", atomically: true, encoding: .utf8)
        try AuthorizationCodeProfile.secrets.write(
            toFile: directory.path + "/device.secrets.yaml", atomically: true, encoding: .utf8)
        let catalog = ProfileLoader.load(directory: directory.path)
        try #require(catalog.problems.isEmpty, "\(catalog.problems)")
        let store = TokenStore(directory: directory.path + "/tokens")
        let backend = HeadlessBackend(width: 120, height: 40)
        let runtime = Runtime(
            state: AppState(catalog: catalog, profileDirectory: directory.path, processEnvironment: [:], now: .now),
            client: Client(), auth: CoreAuthProvider(sessions: AuthSessions(store: store)), saver: nil,
            log: LogFile(directory: directory.path), backend: backend)
        let loop = Task { try await runtime.run() }
        defer {
            if backend.isActive { backend.requestTermination() }
            loop.cancel()
        }
        let key = ProfileEnvironmentKey(profile: "device", environment: "local")
        try #require(
            await backend.waitForScreen(containing: "env: local", timeout: .seconds(90)) != nil, "the first frame")
        backend.press(.character("a"))
        try #require(await backend.waitForScreen(containing: "token: none", timeout: .seconds(90)) != nil)
        backend.press(.character("l"))
        try #require(
            await backend.waitForScreen(containing: "token: valid, expires in", timeout: .seconds(90)) != nil,
            "\(backend.screenText)")
        #expect(try store.load(key)?.token != nil)
        // What `apix auth status` says, under the state; the status bar confirms the login with the absolute expiry.
        let loggedIn = await backend.waitForScreen(containing: "logged in: valid until 20", timeout: .seconds(90))
        #expect(loggedIn != nil, "\(backend.screenText)")
        let panel = await backend.waitForScreen(containing: "refresh token held", timeout: .seconds(90))
        #expect(panel != nil, "\(backend.screenText)")
        for row in [
            "grant      device_code", "token url  http://127.0.0.1:\(peer.port)/token", "scope      profile",
        ] {
            #expect(panel?.text.contains(row) == true, "\(row): \(backend.screenText)")
        }
        let expires = try #require(try store.load(key)?.token?.expiresAt)
        #expect(panel?.text.contains("expires    " + TokenDetails.utc(expires)) == true, "\(backend.screenText)")
        backend.press(.character("r"))
        let refreshed = await backend.waitForScreen(containing: "token refreshed: valid until", timeout: .seconds(90))
        #expect(refreshed != nil, "\(backend.screenText)")
        backend.press(.character("o"))
        let said = await backend.waitForScreen(containing: "warning: logged out, but", timeout: .seconds(90))
        #expect(said != nil, "\(backend.screenText)")
        #expect(said?.text.contains("token: none") == true, "\(backend.screenText)")
        #expect(try store.load(key)?.token == nil, "forgotten though the revocation failed")
        backend.press(.escape, .character("q"))
    }
}

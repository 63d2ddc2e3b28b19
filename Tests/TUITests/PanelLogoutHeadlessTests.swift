import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import TUI

/// The auth panel's logout (`o`) when the server does not take the revocation: the tokens are forgotten all the same
/// and the status bar says what the server still honours, as `apix auth logout` does (issue 27).
@Suite("Logout in the auth panel, headless")
@MainActor
struct PanelLogoutHeadlessTests {
    @Test("o with a revocation the server refuses: token none, and the status bar says the revocation failed")
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
        backend.press(.character("o"))
        let said = await backend.waitForScreen(containing: "warning: logged out, but", timeout: .seconds(90))
        #expect(said != nil, "\(backend.screenText)")
        #expect(said?.text.contains("token: none") == true, "\(backend.screenText)")
        #expect(try store.load(key)?.token == nil, "forgotten though the revocation failed")
        backend.press(.escape, .character("q"))
    }
}

import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import TUI

/// The device grant from the explorer (RFC 8628, issue 27) on a headless terminal: `l` in the auth panel asks the
/// Authlib peer (`Tests/Peers/oauth_server.py`, whose simulated user approves after five polls) for a code, the
/// panel shows it in large type with the address and a countdown, and the token is valid once approved.
@Suite("Device login in the auth panel, headless")
@MainActor
struct DeviceLoginHeadlessTests {
    @Test("l shows the user code in large type and the address; after the approval the token is valid and sent")
    func panelLogin() async throws {
        // Started off the main actor: reading the peer's port blocks, and other headless suites draw on this actor.
        let peer = try await Task.detached { try PythonPeer("oauth_server.py", arguments: ["3600", "approve:5"]) }.value
        defer { peer.stop() }
        let directory = try TemporaryDirectory()
        try DeviceCodeProfile.yaml(port: peer.port).write(
            toFile: directory.path + "/device.yaml", atomically: true, encoding: .utf8)
        try AuthorizationCodeProfile.secrets.write(
            toFile: directory.path + "/device.secrets.yaml", atomically: true, encoding: .utf8)
        let catalog = ProfileLoader.load(directory: directory.path)
        try #require(catalog.problems.isEmpty, "\(catalog.problems)")
        let store = TokenStore(directory: directory.path + "/tokens")
        let backend = HeadlessBackend(width: 100, height: 40)
        let runtime = Runtime(
            state: AppState(catalog: catalog, profileDirectory: directory.path, processEnvironment: [:], now: .now),
            client: Client(), auth: CoreAuthProvider(sessions: AuthSessions(store: store)), saver: nil,
            log: LogFile(directory: directory.path), backend: backend)
        let loop = Task { try await runtime.run() }
        defer {
            if backend.isActive { backend.requestTermination() }
            loop.cancel()
        }
        // Bounds, not speed checks: in a full run the shared pool can be busy with other suites for many seconds.
        try #require(
            await backend.waitForScreen(containing: "env: local", timeout: .seconds(90)) != nil, "the first frame")
        backend.press(.character("a"))
        try #require(
            await backend.waitForScreen(containing: "token: none", timeout: .seconds(90)) != nil,
            "\(backend.screenText)")
        backend.press(.character("l"))
        let shown = try #require(
            await backend.waitForScreen(containing: "enter the code", "Code expires in", timeout: .seconds(90)),
            "\(backend.screenText)")
        let screen = shown.text
        #expect(screen.contains("http://127.0.0.1:\(peer.port)/device"), "\(screen)")
        let code = try #require(screen.firstMatch(of: /[B-Z]{4}-[B-Z]{4}/).map { String($0.output) }, "\(screen)")
        #expect(screen.contains("/device?user_code=\(code)"), "verification_uri_complete too: \(screen)")
        // The large type: three rows of half blocks, the code's dash among them.
        #expect(screen.contains("▀▀▀"), "\(screen)")
        #expect(screen.contains("checking every 1 s") && screen.contains("Esc cancel"))
        // The countdown runs while the panel waits (the peer's code lives 60 s; it approves after five polls).
        func left(_ text: String) -> Int? {
            text.firstMatch(of: /Code expires in (\d+) s/).flatMap { Int($0.output.1) }
        }
        let first = try #require(left(screen))
        let later = await backend.waitForFrame(timeout: .seconds(30)) { frame in
            left(frame.text).map { $0 < first } ?? false
        }
        #expect(later != nil, "the countdown moves: \(backend.screenText)")

        let valid = await backend.waitForScreen(containing: "token: valid, expires in", timeout: .seconds(90))
        #expect(valid != nil, "\(backend.screenText)")
        #expect(valid?.text.contains(code) == false, "the code goes once the login ended")
        let stored = try store.load(ProfileEnvironmentKey(profile: "device", environment: "local"))
        #expect(stored?.token?.accessToken.isEmpty == false)
        backend.press(.escape, .enter)
        #expect(await backend.waitForScreen(containing: "alice", timeout: .seconds(90)) != nil, "\(backend.screenText)")
        backend.press(.character("q"))
    }
}

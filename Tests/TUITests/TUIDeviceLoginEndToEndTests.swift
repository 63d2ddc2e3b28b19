import Foundation
import TestSupport
import Testing

extension EndToEndTerminal {
    /// The device grant from the explorer (issue 27, RFC 8628) in the real binary: a send that needs a token opens
    /// the auth panel with the user code (Authlib's device endpoint, `Tests/Peers/oauth_server.py`, whose user
    /// approves after a few polls), and the send goes on with the token once approved.
    @Suite("TUI end to end: device sign-in in tmux", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUIDeviceLoginEndToEndTests {
        @Test("a send with no token shows the code in the panel; after the approval the send carries the token")
        func sendLogsIn() async throws {
            let peer = try PythonPeer("oauth_server.py", arguments: ["3600", "approve:3"])
            defer { peer.stop() }
            let session = try TmuxSession(width: 120, height: 40)
            defer { session.close() }
            let profiles = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
            try DeviceCodeProfile.yaml(port: peer.port).write(
                toFile: profiles + "/device.yaml", atomically: true, encoding: .utf8)
            try AuthorizationCodeProfile.secrets.write(
                toFile: profiles + "/device.secrets.yaml", atomically: true, encoding: .utf8)
            try session.run("\(TmuxSession.apix) --profiles \(profiles)")
            try await session.waiting(for: "me")
            try session.send("Enter")
            let prompt = try await session.waiting(for: "Code expires in")
            #expect(prompt.contains("┌─ Auth"))
            #expect(prompt.contains("On any device, open this address and enter the code:"))
            #expect(prompt.contains("http://127.0.0.1:\(peer.port)/device"))
            #expect(prompt.firstMatch(of: /[B-Z]{4}-[B-Z]{4}/) != nil, "\(prompt)")
            try await session.waiting(for: "token: valid, expires in")
            try session.send("Escape")
            // The send waited for the login and goes on with its token: the body, not the status line.
            let answer = try await session.waiting(for: "alice")
            #expect(answer.contains("200 OK"), "the peer answers /me only with a valid bearer token")
            #expect(FileManager.default.fileExists(atPath: session.home + "/state/apix/tokens/device@local.json"))
            try session.send("q")
        }
    }
}

import Foundation
import Testing

extension EndToEndTerminal {
    /// The environment view in the real `apix demo` (tmux at 120×40), on a copy of the demo profile (issue 25).
    @Suite("TUI end to end: the environment view", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUIVariablesEndToEndTests {
        @Test("E reveals a secret, edits it, s saves that line in place (0600), and the next send uses it")
        func revealEditSaveSend() throws {
            let session = try TmuxSession()
            defer { session.close() }
            let directory = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for name in ["demo.yaml", "demo.secrets.yaml"] {
                try FileManager.default.copyItem(
                    atPath: Fixtures.profilesDirectory + "/" + name, toPath: directory + "/" + name)
            }
            let secrets = directory + "/demo.secrets.yaml"
            let original = try String(contentsOfFile: secrets, encoding: .utf8)
            try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(directory)")
            try session.waitFor("GET    todos.get")
            try session.send("/", "C-u")
            try session.send("api-key", literal: true)
            try session.send("Enter", "E")
            try session.waitFor("Environment · demo · local")
            let screen = try session.capture()
            // api_key (the secrets file's) is the first row, masked; the session's port says where it comes from.
            #expect(screen.contains("api_key") && screen.contains("••••") && !screen.contains("demo-key"))
            #expect(screen.contains("secrets file") && screen.contains("--var"))
            try session.send("r")
            try session.waitFor("demo-key")
            try session.send("e", "C-u")
            try session.send("wrong-key", literal: true)
            try session.send("Enter")
            try session.waitFor("✎ 1 unsaved")
            try session.send("s")
            try session.waitFor("saved profile demo")
            let deadline = Date().addingTimeInterval(10)
            var text = ""
            while Date() < deadline {
                text = (try? String(contentsOfFile: secrets, encoding: .utf8)) ?? ""
                if text.contains("wrong-key") { break }
                usleep(100_000)
            }
            // Only the value changed, byte for byte; the secrets file is the user's alone.
            #expect(text == original.replacingOccurrences(of: "api_key: demo-key", with: "api_key: wrong-key"))
            let mode = try FileManager.default.attributesOfItem(atPath: secrets)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            // Esc closes the view (and the reveal with it); the next send carries the new key, which the API refuses.
            try session.send("Escape")
            try session.waitFor("the view to close") { !$0.contains("Environment · demo") }
            try session.send("Enter")
            try session.waitFor("invalid_api_key")
            #expect(!(try session.capture()).contains("wrong-key"))
            try session.send("q")
        }
    }
}

import Foundation
import Testing

extension EndToEndTerminal {
    /// The environment view in the real `apix demo` (tmux at 120×40), on a copy of the demo profile (issue 25).
    @Suite("TUI end to end: the environment view", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUIVariablesEndToEndTests {
        @Test("E reveals a secret, edits a variable, s saves that line in place, and the next send uses it")
        func revealEditSaveSend() throws {
            let session = try TmuxSession()
            defer { session.close() }
            let directory = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for name in ["demo.yaml", "demo.secrets.yaml"] {
                try FileManager.default.copyItem(
                    atPath: Fixtures.profilesDirectory + "/" + name, toPath: directory + "/" + name)
            }
            let file = directory + "/demo.yaml"
            let original = try String(contentsOfFile: file, encoding: .utf8)
            try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(directory)")
            try session.waitFor("GET    todos.get")
            try session.send("/", "C-u")
            try session.send("echo.post", literal: true)
            try session.send("Enter", "E")
            try session.waitFor("Environment · demo · local")
            var screen = try session.capture()
            // api_key (the secrets file's) is the first row, masked; the session's port says where it comes from.
            #expect(screen.contains("api_key") && screen.contains("••••") && !screen.contains("demo-key"))
            #expect(screen.contains("--var"))
            try session.send("r")
            try session.waitFor("demo-key")
            // Rows by name: api_key, client_id, client_secret, password, port, trace, user.
            try session.send("j", "j", "j", "j", "j", "j", "e", "C-u")
            try session.send("tmuxer", literal: true)
            try session.send("Enter")
            try session.waitFor("✎ 1 unsaved")
            try session.send("s")
            try session.waitFor("saved profile demo")
            let deadline = Date().addingTimeInterval(10)
            var text = ""
            while Date() < deadline {
                text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                if text.contains("user: tmuxer") { break }
                usleep(100_000)
            }
            // Only the value changed, byte for byte.
            #expect(text == original.replacingOccurrences(of: "\n  user: demo\n", with: "\n  user: tmuxer\n"))
            try session.send("Escape")
            screen = try session.capture()
            #expect(!screen.contains("demo-key"))  // the reveal went with the view
            try session.send("Enter")
            try session.waitFor("\"tmuxer\"")
            try session.send("q")
        }
    }
}

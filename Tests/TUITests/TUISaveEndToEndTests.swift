import Foundation
import Testing

extension EndToEndTerminal {
    /// Saving edits with `s` in the real `apix demo` (tmux at 120×40), on a copy of the demo profile (issue 12).
    @Suite("TUI end to end: saving edits to the profile file", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUISaveEndToEndTests {
        /// Starts `apix demo` on a copy of the repository's profiles in the session's home; returns the copy's path.
        private func startDemo(_ session: TmuxSession) throws -> String {
            let directory = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for name in ["demo.yaml", "demo.secrets.yaml"] {
                try FileManager.default.copyItem(
                    atPath: Fixtures.profilesDirectory + "/" + name, toPath: directory + "/" + name)
            }
            try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(directory)")
            try session.waitFor("GET    todos.get")
            return directory + "/demo.yaml"
        }

        /// Polls the file until `predicate` holds (a save runs off the main loop); fails after `timeout`.
        @discardableResult
        private func waitForFile(
            _ path: String, _ what: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
            _ predicate: (String) -> Bool
        ) -> String {
            let deadline = Date().addingTimeInterval(timeout)
            var text = ""
            while Date() < deadline {
                text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                if predicate(text) { return text }
                usleep(100_000)
            }
            Issue.record("timed out waiting for \(what) in \(path):\n\(text)", sourceLocation: sourceLocation)
            return text
        }

        /// The lines of one endpoint in a profile's text.
        private func item(_ id: String, in text: String) -> String {
            guard let start = text.range(of: "  - id: \(id)\n") else { return "" }
            let rest = text[start.upperBound...]
            let end = rest.range(of: "\n  - id: ")?.lowerBound ?? rest.endIndex
            return String(rest[..<end])
        }

        /// Selects `id` with the filter and moves to the editor.
        private func edit(_ id: String, _ session: TmuxSession) throws {
            try session.send("/", "C-u")
            try session.send(id, literal: true)
            try session.send("Enter", "Tab")
        }

        @Test("the issue's keys on a repeated query key: the file is edited in place, the list kept as a list")
        func repeatedQueryKey() throws {
            let session = try TmuxSession()
            defer { session.close() }
            let file = try startDemo(session)
            // Tab, 2, Enter on a row, Ctrl-U, type, Enter, s.
            try edit("echo.get", session)
            try session.send("2", "Down", "Enter", "C-u")
            try session.send("c", literal: true)
            try session.send("Enter", "s")
            try session.waitFor("saved profile demo")
            let text = waitForFile(file, "the edited list") { item("echo.get", in: $0).contains("tags: [c, b]") }
            // Only the changed value is rewritten: the quotes the file put around `hello world` stay (issue 25).
            #expect(item("echo.get", in: text).contains(#"query: { q: "hello world", tags: [c, b] }"#))
            #expect(!FileManager.default.fileExists(atPath: session.home + "/profiles/demo.local.yaml"))
            try session.send("q")
        }

        @Test("Space unticks a path param row and s saves it with its value kept, not as null")
        func untickedRowKeepsItsValue() throws {
            let session = try TmuxSession()
            defer { session.close() }
            let file = try startDemo(session)
            try edit("todos.get", session)
            try session.send("1", "Space", "s")
            let text = waitForFile(file, "the unticked row") {
                !item("todos.get", in: $0).contains("params: { id: 1 }")
            }
            #expect(item("todos.get", in: text).contains("params: { id: { value: 1, enabled: false } }"))
            try session.send("q")
        }

        @Test("a JSON body edited in the built-in editor is saved as YAML, not as an escaped string")
        func jsonBodyStaysYAML() throws {
            let session = try TmuxSession()
            defer { session.close() }
            let file = try startDemo(session)
            // No $EDITOR in the session: Enter on the Body tab opens the built-in editor.
            try edit("todos.create", session)
            try session.send("4", "Enter")
            try session.waitFor("Ctrl-S keeps")
            try session.send("Down", "End")
            try session.send(#" "added": "for {{user}}", "n": 2.50,"#, literal: true)
            try session.send("C-s", "s")
            let text = waitForFile(file, "the edited body") { item("todos.create", in: $0).contains("added") }
            let body = item("todos.create", in: text)
            #expect(
                body.contains(
                    #"json: { title: "Try apix", added: "for {{user}}", n: 2.50, completed: false, user_id: 1 }"#))
            #expect(!body.contains(#"\""#))
            #expect(!(try session.capture()).contains("not saved"))
            try session.send("q")
        }
    }
}

import Foundation
import HostileServer
import Testing

extension EndToEndTerminal {
    /// The real explorer in tmux against the hostile server (`HostileRoutes`): escape sequences and bidi controls in a
    /// reason phrase, header names and values and bodies are shown inert (escaped), and none reaches the terminal
    /// (the pane keeps its title; the screen is not cleared).
    @Suite("TUI end to end: hostile servers", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct HostileTUITests {
        /// Starts the explorer on a profile of the hostile routes and sends `endpoint`; returns when its answer is in.
        private func send(_ endpoint: String, in session: TmuxSession, waitFor text: String) throws {
            try session.send("/", "C-u")
            try session.send(endpoint, literal: true)
            try session.send("Enter", "Enter")
            try session.waitFor(text)
        }

        @Test("escapes in the reason, headers and body are shown escaped; the terminal's title is untouched")
        func escapesShownInert() throws {
            let server = try HostileServer()
            defer { server.stop() }
            let session = try TmuxSession()
            defer { session.close() }
            let profiles = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
            try """
            name: Hostile
            environments: { local: { base_url: "\(server.baseURL)" } }
            endpoints:
              - { id: reason-escapes, path: /reason-escapes }
              - { id: header-escapes, path: /header-escapes }
              - { id: body-escapes, path: /body-escapes }
              - { id: json-escapes, path: /json-escapes }
            """.write(toFile: profiles + "/hostile.yaml", atomically: true, encoding: .utf8)
            let title = try session.paneTitle()
            try session.run("\(TmuxSession.apix) --profiles \(profiles)")
            try session.waitFor("reason-escapes")

            try send("reason-escapes", in: session, waitFor: #"\e]0;pwned"#)
            try send(
                "body-escapes", in: session, waitFor: #"plain \e]0;pwned\x07\e]52;c;cHduZWQ=\x07\e[2J\x9B31m\u{202e}"#)
            try send("json-escapes", in: session, waitFor: #""bidi": "\u202egnp.exe""#)
            try session.waitFor(#""title": "\u001b]0;pwned\u0007""#)
            try send("header-escapes", in: session, waitFor: "200 OK")
            // The response pane's Headers tab.
            try session.send("Tab", "Tab", "]")
            let screen = try session.waitFor(#"X-\e[31mRed"#)
            #expect(screen.contains(#"\e]0;pwned"#), "\(screen)")
            #expect(try session.paneTitle() == title)
            #expect(!(try session.paneTitle()).contains("pwned"))
            try session.send("q")
        }
    }
}

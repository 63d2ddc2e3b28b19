import Foundation
import Testing

@testable import TUI

extension EndToEndTerminal {
    /// Mouse, layouts, the pickers and themes in the real `apix demo` in tmux (120×40), with the exact bytes a
    /// terminal sends (`send-keys -H`).
    @Suite("TUI end to end: mouse, layout, pickers, themes", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUIMouseLayoutEndToEndTests {
        private func startDemo(_ session: TmuxSession) throws {
            try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(Fixtures.profilesDirectory)")
            try session.waitFor("GET    todos.get")
        }

        /// Where `text` is on the screen (cells, 0-based).
        private func locate(_ text: String, in screen: String) -> (x: Int, y: Int)? {
            for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let cells = Array(line)
                let target = Array(text)
                guard cells.count >= target.count else { continue }
                for x in 0...(cells.count - target.count) where Array(cells[x..<(x + target.count)]) == target {
                    return (x, y)
                }
            }
            return nil
        }

        private func click(_ session: TmuxSession, at point: (x: Int, y: Int)) throws {
            try session.sendBytes(
                TmuxSession.hex(MouseEvent(.press(.left), x: point.x, y: point.y))
                    + TmuxSession.hex(MouseEvent(.release, x: point.x, y: point.y)))
        }

        /// xterm-256color's terminfo names `ESC [ <` as curses' own mouse key (`kmous`): the reports must still
        /// arrive whole, never as Esc plus typed keys.
        @Test(
            "mouse reports are on while apix runs and off after; a click selects, the wheel scrolls the body",
            arguments: ["screen", "xterm-256color"])
        func clickAndWheel(term: String) throws {
            let session = try TmuxSession(term: term)
            defer { session.close() }
            try startDemo(session)
            #expect(try session.mouseReporting() == (true, true))
            // A click on a row selects it (its name titles the editor); todos.list then, and Enter sends it.
            try click(session, at: try #require(locate("todos.get", in: try session.capture())))
            try session.waitFor("Request — Get one todo")
            try click(session, at: try #require(locate("todos.list", in: try session.capture())))
            try session.waitFor("Request — List todos")
            try session.send("Enter")
            try session.waitFor("lines 1-")
            // Wheel-down at 90,30 (ESC [ < 65 ; 90 ; 30 M, twice): three lines a notch.
            try session.sendBytes(["1b", "5b", "3c", "36", "35", "3b", "39", "30", "3b", "33", "30", "4d"])
            try session.sendBytes(["1b", "5b", "3c", "36", "35", "3b", "39", "30", "3b", "33", "30", "4d"])
            try session.waitFor("lines 7-")
            // A click on the body focuses the response; Home as xterm sends it in normal cursor mode (ESC [ H)
            // scrolls it back to the top, as a key and not as Esc plus typed letters.
            try click(session, at: (90, 30))
            try session.sendBytes(["1b", "5b", "48"])
            try session.waitFor("lines 1-")
            // Nothing of the reports was typed as keys: still the same endpoint, no window opened, no stray text.
            let screen = try session.capture()
            #expect(screen.contains("Request — List todos"))
            #expect(!screen.contains("<65"))
            // A click on the Headers tab.
            let tab = try #require(locate(" Headers ", in: screen).map { ($0.x + 2, $0.y) })
            try click(session, at: tab)
            try session.waitFor("Content-Type: application/json")
            try session.send("q")
            try session.waitFor("$ ")
            #expect(try session.mouseReporting() == (false, false))
        }

        @Test("mouse: false in config.yaml leaves the mouse to the terminal; a bad theme file is named with its line")
        func configuration() throws {
            let session = try TmuxSession()
            defer { session.close() }
            let config = session.home + "/config/apix"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try "mouse: false\n".write(toFile: config + "/config.yaml", atomically: true, encoding: .utf8)
            try "colors:\n  accent: chartreuse\n".write(
                toFile: config + "/theme.yaml", atomically: true, encoding: .utf8)
            try startDemo(session)
            #expect(try session.mouseReporting() == (false, false))
            try session.waitFor("theme.yaml:2:11: colors.accent")
            try session.send("q")
        }

        @Test("maximise, a wider list and soft wrap are kept in tui.json and come back on the next start")
        func layoutSurvivesRestart() throws {
            let session = try TmuxSession()
            defer { session.close() }
            try startDemo(session)
            let before = try #require(locate("┐┌", in: try session.capture())).x
            try session.send("}", "}", "W")
            try session.waitFor("long lines wrap")
            let wider = try #require(locate("┐┌", in: try session.capture())).x
            #expect(wider == before + 2 * PaneLayout.step)
            try session.send("q")
            try session.waitFor("$ ")
            let saved = LayoutStore(directory: session.home + "/state/apix").read()
            #expect(saved.softWrap && saved.listWidthChange == 2 * PaneLayout.step)
            try startDemo(session)
            #expect(try #require(locate("┐┌", in: try session.capture())).x == wider)
            // z maximises the list: the other panes are gone until z again.
            try session.send("z")
            try session.waitFor("the list alone") { !$0.contains("Response") }
            try session.send("z")
            try session.waitFor("Response")
            try session.send("q")
        }

        @Test("M opens the method picker and p makes it POST; Esc in a changed body asks before discarding")
        func pickersAndDiscard() throws {
            let session = try TmuxSession()
            defer { session.close() }
            try startDemo(session)
            try session.send("Tab", "M")
            try session.waitFor(" c other…")
            try session.send("p")
            try session.waitFor("method POST (s saves it)")
            try session.waitFor("POST http://127.0.0.1:")
            // The built-in editor (no $EDITOR in the test's shell): a change, then Esc asks; y discards.
            try session.send("4", "Enter")
            try session.waitFor("Ctrl-S keeps")
            try session.send("x", literal: true)
            try session.send("Escape")
            try session.waitFor("Discard your changes to the body?")
            try session.send("n")
            try session.waitFor("the editor again") {
                !$0.contains("Discard your changes") && $0.contains("Ctrl-S keeps")
            }
            try session.send("Escape")
            try session.waitFor("Discard your changes to the body?")
            try session.send("y")
            try session.waitFor("body edit discarded")
            try session.send("q", "y")
        }
    }
}

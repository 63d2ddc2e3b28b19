import Foundation
import Testing

/// Key sequences as terminals send them, and bracketed pastes, in the real `apix demo` in tmux (issue 25).
extension EndToEndTerminal.TUIEndToEndTests {
    /// Opens the built-in body editor on todos.create (no `$EDITOR` in the session).
    private func openBodyEditor(_ session: TmuxSession) throws {
        try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(Fixtures.profilesDirectory)")
        try session.waitFor("GET    todos.get")
        try session.send("/")
        try session.send("todos.create", literal: true)
        try session.send("Enter", "Tab", "4", "Enter")
        try session.waitFor("Ctrl-S keeps")
    }

    @Test("in the body editor End as ESC[F, ESC[4~, ESC O F, ESC[8~ and Home as ESC[H, ESC[1~, ESC O H, ESC[7~ move")
    func homeAndEndSequencesInTheBodyEditor() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try openBodyEditor(session)
        try session.send("Down")  // `  "title": "Try apix",`
        let ends: [[String]] = [
            ["1b", "5b", "46"], ["1b", "5b", "34", "7e"], ["1b", "4f", "46"], ["1b", "5b", "38", "7e"],
        ]
        for (index, end) in ends.enumerated() {
            try session.send("Home")
            try session.sendBytes(end)
            try session.send(#" "e\#(index)":\#(index),"#, literal: true)
        }
        let homes: [[String]] = [
            ["1b", "5b", "48"], ["1b", "5b", "31", "7e"], ["1b", "4f", "48"], ["1b", "5b", "37", "7e"],
        ]
        for (index, home) in homes.enumerated() {
            try session.send("End")
            try session.sendBytes(home)
            try session.send(#""h\#(index)":\#(index),"#, literal: true)
        }
        // Every key moved the cursor; none closed the editor or ran the sequence's bytes as commands.
        let screen = try session.waitFor(
            #""h3":3,"h2":2,"h1":1,"h0":0,  "title": "Try apix", "e0":0, "e1":1, "e2":2, "e3":3,"#)
        #expect(screen.contains("Ctrl-S keeps"))
        #expect(!screen.contains("discarded"))
        try session.send("C-s")
        try session.waitFor("body updated (JSON)")
        try session.send("q")
    }

    /// Ctrl-F is byte 0x06 in every terminal: sent raw, under the terminfo of tmux and of xterm, it formats.
    @Test(
        "Ctrl-F as the raw byte 0x06 indents the body's JSON, under TERM=screen and xterm-256color",
        arguments: ["screen", "xterm-256color"])
    func formatJSONAsARawByte(term: String) throws {
        let session = try TmuxSession(term: term)
        defer { session.close() }
        try openBodyEditor(session)
        try session.send("End")
        try session.send(#" "k":[1,2],"#, literal: true)
        try session.waitFor(#"{ "k":[1,2],"#)
        try session.sendBytes(["06"])
        // `"k": [` then `1,` on a line of its own (the editor's frame around them).
        let screen = try session.waitFor("the JSON indented") { screen in
            let lines = screen.split(separator: "\n")
            return lines.contains { $0.contains(#""k": ["#) }
                && lines.contains { $0.contains(" 1,") && !$0.contains("[") }
        }
        #expect(screen.contains("Ctrl-S keeps"), "still in the editor")
        try session.send("C-s")
        try session.waitFor("body updated (JSON)")
        try session.send("q")
    }

    @Test("an unknown sequence (ESC [ 9 9 z) and modified arrows (ESC [ 1 ; 5 C) never run as Esc plus commands")
    func unknownSequenceIsDropped() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try openBodyEditor(session)
        try session.send("Down")
        try session.sendBytes(["1b", "5b", "39", "39", "7a"])
        try session.sendBytes(["1b", "5b", "31", "3b", "35", "43"])
        try session.send("End")
        try session.send(#" "k":1,"#, literal: true)
        let screen = try session.waitFor(#"  "title": "Try apix", "k":1,"#)
        #expect(screen.contains("Ctrl-S keeps"))
        try session.send("C-s")
        try session.waitFor("body updated (JSON)")
        try session.send("q")
    }

    @Test("Ctrl-Z in the body editor takes back what was typed, Ctrl-Y makes it again (the terminal does not suspend)")
    func undoAndRedoInTheBodyEditor() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try openBodyEditor(session)
        try session.send("Down", "End")
        try session.send(#" "k": 1,"#, literal: true)
        try session.waitFor(#"  "title": "Try apix", "k": 1,"#)
        try session.send("C-z")
        // One step: the last word typed, `1,` (a word and the spaces after it are one change).
        try session.waitFor("the last word undone") {
            $0.contains(#""title": "Try apix", "k":"#) && !$0.contains(#""k": 1,"#)
        }
        try session.send("C-y")
        try session.waitFor(#"  "title": "Try apix", "k": 1,"#)
        try session.send("Escape")
        try session.waitFor("discard")
        try session.send("y")
        try session.send("q")
    }

    @Test("a block pasted into the body editor arrives exactly as pasted: no auto-indent staircase, q is text")
    func bracketedPasteInTheBodyEditor() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try openBodyEditor(session)
        // Replace the body: from the start to the end, then the paste.
        try session.send("Down", "End")
        try session.paste("\n  \"note\": {\n    \"q\": \"quit?\",\n    \"n\": [1,\n2]\n  },", bracketed: true)
        let screen = try session.waitFor(#""n": [1,"#)
        let lines = screen.split(separator: "\n").map(String.init)
        // Each pasted line starts where it started in the paste (the editor's frame adds the same margin to all).
        let note = try #require(lines.first { $0.contains(#""note": {"#) })
        let q = try #require(lines.first { $0.contains(#""q": "quit?","#) })
        let two = try #require(lines.first { $0.contains("2]") })
        let column = { (line: String, text: String) in
            line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        let noteColumn = try #require(column(note, #""note""#))
        #expect(column(q, #""q""#) == noteColumn + 2)
        #expect(column(two, "2]") == noteColumn - 2)
        #expect(screen.contains("Ctrl-S keeps"))
        try session.send("C-s")
        try session.waitFor("body updated (JSON)")
        try session.send("q")
    }

    @Test("a curl command pasted into o arrives as one line in the prompt: its newline does not send, q does not quit")
    func bracketedPasteInThePrompt() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(Fixtures.profilesDirectory)")
        try session.waitFor("GET    todos.get")
        try session.send("o")
        try session.waitFor("Request (a URL or a curl command line)")
        try session.paste("curl -H 'X-Q: q' \\\n  http://127.0.0.1:9/pasted\n", bracketed: true)
        // A key typed after the paste lands in the prompt still open: the pasted newline did not send.
        try session.send("Z", literal: true)
        let screen = try session.waitFor("curl -H 'X-Q: q'   http://127.0.0.1:9/pastedZ")
        #expect(!screen.contains("a one-off request"))
        // Esc with text typed asks first (issue 25): y lets it go.
        try session.send("Escape", "y")
        try session.send("q")
    }
}

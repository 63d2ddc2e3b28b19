import Testing

@testable import TUI

/// Ctrl-Z and Ctrl-Y in the one-line fields (a row's value, the URL, the prompts).
@Suite("One-line fields: undo and redo")
struct LineEditorUndoTests {
    @Test("Ctrl-U, Ctrl-W and a paste each undo as one step; a word typed with the spaces after it is one step")
    func steps() {
        var field = LineEditor("https://api.example.com/v1/users")
        field.handle(.control("w"))
        #expect(field.text == "https://api.example.com/v1/")
        field.handle(.control("u"))
        #expect(field.text == "")
        field.paste("http://127.0.0.1:8080/x")
        for character in "?q=a b" { field.handle(.character(character)) }
        #expect(field.text == "http://127.0.0.1:8080/x?q=a b")
        field.handle(.control("z"))
        #expect(field.text == "http://127.0.0.1:8080/x?q=a ")
        field.handle(.control("z"))
        #expect(field.text == "http://127.0.0.1:8080/x")
        field.handle(.control("z"))
        #expect(field.text == "")
        field.handle(.control("z"))
        #expect(field.text == "https://api.example.com/v1/")
        field.handle(.control("z"))
        #expect(field.text == "https://api.example.com/v1/users" && field.cursor == 32)
        field.handle(.control("z"))  // nothing left: no change
        #expect(field.text == "https://api.example.com/v1/users")
        field.handle(.control("y"))
        field.handle(.control("y"))
        #expect(field.text == "")
        field.handle(.character("x"))  // a new change drops what was undone
        field.handle(.control("y"))
        #expect(field.text == "x")
    }

    @Test("a prefilled, selected suggestion replaced by typing comes back with Ctrl-Z; the history is bounded")
    func selectionAndBound() {
        var field = LineEditor("suggested.json", selected: true)
        field.handle(.character("m"))
        #expect(field.text == "m")
        field.handle(.control("z"))
        #expect(field.text == "suggested.json")
        var long = LineEditor("")
        for _ in 0..<150 { long.handle(.character(" ")) }  // spaces only: one run
        for _ in 0..<150 { long.handle(.backspace) }  // each its own step
        var undone = 0
        while !long.text.isEmpty || undone == 0 {
            let before = long.text
            long.handle(.control("z"))
            if long.text == before { break }
            undone += 1
        }
        #expect(undone == LineEditor.historyLimit)
    }

    @Test("in the explorer: Ctrl-U in a row's value, then Ctrl-Z, keeps the value as it was")
    func inTheExplorer() {
        var state = Fixtures.smallState()
        state.select("items.get")
        _ = state.press(.tab, .character("3"), .character("+"))
        state.type("X-Trace")
        _ = state.press(.enter)
        state.type("abc")
        _ = state.press(.control("u"), .control("z"), .enter)
        let headers = state.draft(for: state.selectedKey!)?.headers ?? []
        #expect(headers.last?.name == "X-Trace")
        #expect(headers.last?.value == "abc")
    }
}

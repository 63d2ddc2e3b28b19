import TestSupport
import Testing

@testable import TUI

/// The built-in body editor's undo and redo (Ctrl-Z, Ctrl-Y) and its word jumps (Ctrl-← / Ctrl-→).
@Suite("Body editor: undo, redo, word jumps")
struct TextEditorUndoTests {
    @Test("a word typed and the spaces after it undo as one change; redo makes it again; the cursor goes back with it")
    func typingRuns() {
        var editor = TextEditor("")
        for character in "hello world" { editor.handle(.character(character)) }
        #expect(editor.text == "hello world")
        var steps = [editor.undo()]
        #expect(editor.text == "hello " && editor.column == 6)
        steps.append(editor.undo())  // the word with the space after it
        #expect(editor.text == "" && editor.column == 0)
        #expect(steps == [true, true])
        #expect(editor.undo() == false)
        steps = [editor.redo(), editor.redo()]
        #expect(steps == [true, true])
        #expect(editor.text == "hello world" && editor.column == 11)
        #expect(editor.redo() == false)
    }

    @Test("splitting and joining lines, a paste and a picked value each undo as one change; a new change drops redo")
    func lineChanges() {
        var editor = TextEditor("{\n  \"a\": 1\n}")
        editor.place(row: 1, column: 8)
        editor.handle(.enter)  // split, with the indent kept
        #expect(editor.text == "{\n  \"a\": 1\n  \n}")
        editor.handle(.backspace)
        editor.handle(.backspace)
        editor.handle(.backspace)  // joins the empty line back
        #expect(editor.text == "{\n  \"a\": 1\n}")
        editor.paste(",\n  \"b\": [\n    2\n  ]")
        #expect(editor.text == "{\n  \"a\": 1,\n  \"b\": [\n    2\n  ]\n}")
        editor.undo()
        #expect(editor.text == "{\n  \"a\": 1\n}")
        #expect(editor.row == 1 && editor.column == 8)
        editor.replace(row: 1, columns: 7..<8, with: "true")
        #expect(editor.text == "{\n  \"a\": true\n}")
        let redone = editor.redo()
        #expect(!redone, "a new change drops what was undone")
        editor.undo()
        #expect(editor.text == "{\n  \"a\": 1\n}")
        editor.place(row: 0, column: 1)
        editor.handle(.delete)  // joins line 2 onto line 1
        #expect(editor.text == "{  \"a\": 1\n}")
        editor.undo()
        #expect(editor.text == "{\n  \"a\": 1\n}")
        #expect(editor.row == 0 && editor.column == 1)
    }

    @Test("undoing every change of a random edit session gives back each earlier text in turn; redo replays them")
    func randomSessions() {
        var generator = SeededGenerator(seed: 30)
        let keys: [Key] = [
            .character("a"), .character(" "), .character("{"), .enter, .tab, .backspace, .delete, .left, .right, .up,
            .down, .home, .end, .wordLeft, .wordRight,
        ]
        for _ in 0..<200 {
            var editor = TextEditor("x\n  y z\n")
            var texts = [editor.text]
            for _ in 0..<Int(generator.next() % 60) {
                if generator.next() % 10 == 0 {
                    editor.paste(["q", "1\n2", "\n", ""][Int(generator.next() % 4)])
                } else {
                    editor.handle(keys[Int(generator.next() % UInt64(keys.count))])
                }
                if editor.text != texts.last { texts.append(editor.text) }
            }
            // Typing runs merge, so undo steps visit a subsequence of the texts seen, ending at the first.
            var seen = [editor.text]
            while editor.undo() { seen.append(editor.text) }
            #expect(seen.last == texts.first)
            #expect(isSubsequence(seen.reversed(), of: texts), "\(texts) \(seen)")
            var replayed = [editor.text]
            while editor.redo() { replayed.append(editor.text) }
            #expect(replayed == Array(seen.reversed()))
        }
    }

    @Test("the history is bounded: past 500 changes the oldest go, and undo stops there")
    func bounded() {
        var editor = TextEditor("")
        for _ in 0..<600 { editor.handle(.enter) }
        var steps = 0
        while editor.undo() { steps += 1 }
        #expect(steps == TextEditHistory.limit)
        #expect(editor.text == String(repeating: "\n", count: 100))
    }

    @Test("Ctrl-← and Ctrl-→ jump words, crossing line ends")
    func wordJumps() {
        var editor = TextEditor("  \"user_id\": 42,\nnext")
        editor.handle(.wordRight)
        #expect(editor.column == 10)  // after user_id
        editor.handle(.wordRight)
        #expect(editor.column == 15)  // after 42
        editor.handle(.wordRight)
        editor.handle(.wordRight)  // the line's end, then the next line's start
        #expect(editor.row == 1 && editor.column == 0)
        editor.handle(.wordLeft)
        #expect(editor.row == 0 && editor.column == 16)
        editor.handle(.wordLeft)
        #expect(editor.column == 13)
    }

    @Test(
        "in the explorer: Ctrl-Z takes back typing in the body editor and Ctrl-Y makes it again; keys.yaml names them")
    func inTheExplorer() throws {
        var state = Fixtures.smallState()
        state.select("items.get")
        let key = try #require(state.selectedKey)
        _ = state.update(.builtInEditorRequested(key, text: ""))
        state.type("{}")
        _ = state.press(.control("z"))
        guard case .bodyEditor(let undone)? = state.overlay else { return }
        #expect(undone.editor.text == "")
        _ = state.press(.control("y"))
        guard case .bodyEditor(let redone)? = state.overlay else { return }
        #expect(redone.editor.text == "{}")
        #expect(KeyCommand.undo.name == "undo" && KeyCommand.redo.name == "redo")
    }

    private func isSubsequence(_ part: [String], of whole: [String]) -> Bool {
        var index = whole.startIndex
        for item in part {
            guard let found = whole[index...].firstIndex(of: item) else { return false }
            index = found + 1
        }
        return true
    }
}

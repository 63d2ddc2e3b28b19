import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// A bracketed paste goes whole into the text field being edited, never through the keys (issue 25, defect 3).
@Suite("Bracketed paste into text fields")
struct PasteTests {
    @Test("the body editor takes a paste exactly as pasted: no auto-indent, the text after the cursor kept")
    func bodyEditor() {
        var editor = TextEditor("  [x]")
        _ = editor.handle(.right)
        _ = editor.handle(.right)
        _ = editor.handle(.right)
        editor.paste("{\n    \"a\": 1,\n\"b\": 2\n}")
        #expect(editor.text == "  [{\n    \"a\": 1,\n\"b\": 2\n}x]")
        #expect(editor.row == 3 && editor.column == 1)
        var one = TextEditor("ab")
        _ = one.handle(.right)
        one.paste("XY")
        #expect(one.text == "aXYb" && one.column == 3)
    }

    /// The small profile with the built-in body editor open on items.get, empty.
    private func editing() throws -> AppState {
        var state = Fixtures.smallState()
        state.select("items.get")
        let key = try #require(state.selectedKey)
        _ = state.update(.builtInEditorRequested(key, text: ""))
        return state
    }

    @Test("through update: a paste in the built-in editor is text, q and Enter in it are not keys")
    func bodyEditorThroughUpdate() throws {
        var state = try editing()
        _ = state.update(.pasted("{\n  \"q\": [1,\n2]\n}", truncated: false))
        guard case .bodyEditor(let editor)? = state.overlay else {
            Issue.record("the editor closed")
            return
        }
        #expect(editor.editor.text == "{\n  \"q\": [1,\n2]\n}")
        #expect(!state.shouldQuit)
    }

    @Test("a one-line field joins a pasted curl command's continuation lines and never presses Enter")
    func promptJoinsLines() {
        var state = Fixtures.smallState()
        state.select("items.get")
        _ = state.press(.character("o"))
        let effects = state.update(
            .pasted("curl -X POST \\\n  -H 'X-A: 1' \\\n  http://127.0.0.1:9000/x\n", truncated: false))
        #expect(effects.names.allSatisfy { $0 != "send" })
        guard case .prompt(let prompt)? = state.overlay else {
            Issue.record("the prompt closed")
            return
        }
        #expect(prompt.field.text == "curl -X POST   -H 'X-A: 1'   http://127.0.0.1:9000/x")
        var field = LineEditor("a")
        field.paste("b\nc\td")
        #expect(field.text == "ab c d")
    }

    @Test("a paste with no field open runs nothing (a pasted q does not quit); the list filter takes one")
    func nothingOpen() {
        var state = Fixtures.smallState()
        _ = state.update(.pasted("q", truncated: false))
        #expect(!state.shouldQuit && state.overlay == nil)
        #expect(state.message?.text.contains("paste ignored") == true)
        _ = state.press(.character("/"))
        _ = state.update(.pasted("health\n", truncated: false))
        #expect(state.filter.text == "health")
        #expect(state.selectedEndpoint?.id == "health")
    }

    @Test("a paste cut at the bound says so")
    func truncated() throws {
        var state = try editing()
        _ = state.update(.pasted("abc", truncated: true))
        #expect(state.message?.isError == true)
        #expect(state.message?.text.contains("paste cut") == true)
    }
}

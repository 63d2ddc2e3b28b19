import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// Ctrl-F in the built-in body editor indents a JSON body as the response pane shows JSON: a curl command's
/// one-line `-d '{…}'` becomes readable to edit. Values are kept as written (numbers are not re-spelt), undo takes
/// it back, and text that is not JSON is left alone with the parser's located error.
@Suite("Body editor: format JSON")
struct BodyFormatTests {
    /// The small profile with the built-in body editor open on items.get holding `text`.
    func editing(_ text: String) throws -> AppState {
        var state = Fixtures.smallState()
        state.select("items.get")
        let key = try #require(state.selectedKey)
        _ = state.update(.builtInEditorRequested(key, text: ""))
        _ = state.update(.pasted(text, truncated: false))
        return state
    }

    func editorText(_ state: AppState) -> String? {
        guard case .bodyEditor(let editor)? = state.overlay else { return nil }
        return editor.editor.text
    }

    @Test("a one-line body is indented two spaces a level; numbers, escapes and key order stay as written")
    func formats() throws {
        let typed = #"{"b":1.50,"a":[12345678901234567890,1e3,{}],"s":"x\"y","n":null,"e":[]}"#
        var state = try editing(typed)
        _ = state.update(.keyPressed(.control("f")))
        let formatted = try #require(editorText(state))
        #expect(
            formatted == """
                {
                  "b": 1.50,
                  "a": [
                    12345678901234567890,
                    1e3,
                    {}
                  ],
                  "s": "x\\"y",
                  "n": null,
                  "e": []
                }
                """)
        #expect(state.message?.text == "body formatted (Ctrl-Z takes it back)")
        // The same document, value for value.
        #expect(try JSONValue.parse(formatted) == JSONValue.parse(typed))
        _ = state.update(.keyPressed(.control("f")))
        #expect(state.message?.text == "format: already formatted")
        _ = state.update(.keyPressed(.control("z")))
        #expect(editorText(state) == typed, "one undo takes the whole format back")
    }

    @Test("text that is not JSON is left as typed, with the error; a text body is not JSON to format")
    func refuses() throws {
        var state = try editing(#"{"a": 1,}"#)
        _ = state.update(.keyPressed(.control("f")))
        #expect(editorText(state) == #"{"a": 1,}"#)
        #expect(state.message?.isError == true)
        #expect(state.message?.text.hasPrefix("format: not JSON yet: ") == true, "\(state.message?.text ?? "")")
        #expect(state.message?.text.contains("column") == true)
    }
}

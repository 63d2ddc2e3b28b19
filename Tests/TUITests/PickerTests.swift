import Foundation
import Testing

@testable import ExplorerCore
@testable import TUI

/// The method picker (`M`), the body-type picker (`T`) with its conversions, and Esc asking before a changed body
/// is thrown away.
@Suite("Editing comfort")
struct PickerTests {
    private func editing(_ endpoint: String) -> AppState {
        var state = Fixtures.smallState(width: 120, height: 30)
        state.select(endpoint)
        state.focus = .editor
        return state
    }

    private func body(_ state: AppState) -> BodyDraft? {
        state.selectedKey.flatMap { state.draft(for: $0) }?.body
    }

    @Test("M opens the picker on the current method; one letter picks each; arrows and Enter too; Esc keeps it")
    func methodLetters() throws {
        var state = editing("items.get")
        let key = try #require(state.selectedKey)
        for (letter, method) in zip("gpuadho", Picker.methods) {
            _ = state.press(.character("M"))
            #expect(Screen.render(state, theme: .monochrome).text.contains("Method"))
            _ = state.press(.character(letter))
            #expect(state.overlay == nil)
            #expect(state.draft(for: key)?.method.rawValue == method)
        }
        _ = state.press(.character("M"))
        guard case .picker(let picker)? = state.overlay else { throw PickerTestFailure.noPicker }
        #expect(Picker.methods[picker.selected] == "OPTIONS")
        _ = state.press(.down, .down, .enter)
        #expect(state.draft(for: key)?.method == .post)
        _ = state.press(.character("M"), .escape)
        #expect(state.overlay == nil)
        #expect(state.draft(for: key)?.method == .post)
    }

    @Test("T converts a flat JSON object to form fields and back; form to multipart keeps the lines")
    func jsonAndForm() throws {
        var state = editing("items.create")
        _ = state.press(.character("T"), .character("f"))
        #expect(body(state) == BodyDraft(kind: .form, text: "name=pen"))
        _ = state.press(.character("T"), .character("m"))
        #expect(body(state) == BodyDraft(kind: .multipart, text: "name=pen"))
        _ = state.press(.character("T"), .character("j"))
        #expect(body(state)?.kind == .json)
        #expect(try JSONValue.parse(try #require(body(state)).text) == ["name": "pen"])
    }

    @Test("what cannot be converted is refused with the reason, and the body is left alone")
    func refusals() throws {
        var state = editing("items.create")
        let key = try #require(state.selectedKey)
        var draft = try #require(state.draft(for: key))
        draft.body = BodyDraft(kind: .json, text: #"{"a": {"nested": 1}}"#)
        state.drafts[key] = draft
        _ = state.press(.character("T"), .character("f"))
        #expect(state.message?.isError == true)
        #expect(state.message?.text.contains("`a` holds an object") == true)
        #expect(body(state)?.kind == .json)
        // Anything becomes text; text that is JSON becomes JSON again; no body, then a fresh one.
        _ = state.press(.character("T"), .character("t"))
        #expect(body(state) == BodyDraft(kind: .text(contentType: "application/json"), text: #"{"a": {"nested": 1}}"#))
        _ = state.press(.character("T"), .character("j"))
        #expect(body(state)?.kind == .json)
        _ = state.press(.character("T"), .character("n"))
        #expect(body(state) == nil)
        _ = state.press(.character("T"), .character("j"))
        #expect(body(state) == BodyDraft(kind: .json, text: "{}"))
    }

    @Test("form fields with a repeated name become a JSON list; a JSON list becomes repeated fields")
    func repeatedNames() throws {
        let json = try #require(
            try BodyDraft.converted(BodyDraft(kind: .form, text: "tag=a\ntag=b\nn=1"), to: .json).get())
        #expect(json.kind == .json)
        #expect(try JSONValue.parse(json.text) == ["tag": ["a", "b"], "n": "1"])
        #expect(
            try BodyDraft.converted(BodyDraft(kind: .json, text: #"{"tag": ["a", 2, true], "z": null}"#), to: .form)
                .get() == BodyDraft(kind: .form, text: "tag=a\ntag=2\ntag=true\nz="))
    }

    @Test("Esc in the body editor with changes asks: y discards, any other key goes on editing; unchanged, it leaves")
    func escapeAsks() throws {
        var state = editing("items.create")
        let key = try #require(state.selectedKey)
        let original = try #require(body(state))
        _ = state.update(.builtInEditorRequested(key, text: original.text))
        _ = state.press(.escape)
        #expect(state.overlay == nil, "nothing changed: Esc leaves at once")
        _ = state.update(.builtInEditorRequested(key, text: original.text))
        state.type("x")
        _ = state.press(.escape)
        guard case .bodyEditor(let editor)? = state.overlay else { throw PickerTestFailure.noEditor }
        #expect(editor.asksDiscard)
        #expect(Screen.render(state, theme: .monochrome).text.contains("Discard your changes to the body?"))
        _ = state.press(.character("n"))
        guard case .bodyEditor(let still)? = state.overlay else { throw PickerTestFailure.noEditor }
        #expect(!still.asksDiscard)
        #expect(still.editor.text == "x" + original.text, "the n answered the question, it was not typed")
        _ = state.press(.escape, .character("y"))
        #expect(state.overlay == nil)
        #expect(body(state) == original)
    }

    @Test("the body editor says how a form body is written: in its title, and in place while the text is empty")
    func formHint() throws {
        var state = editing("items.create")
        let key = try #require(state.selectedKey)
        _ = state.press(.character("T"), .character("f"))
        _ = state.update(.builtInEditorRequested(key, text: "name=pen"))
        let filled = Screen.render(state, theme: .monochrome).text
        #expect(filled.contains("Body (form: name=value, one per line)"))
        _ = state.press(.escape)
        _ = state.update(.builtInEditorRequested(key, text: ""))
        let empty = Screen.render(state, theme: .monochrome).lines
        #expect(empty.filter { $0.contains("name=value, one per line") }.count == 2, "title and the empty first line")
        state.type("a")
        let typed = Screen.render(state, theme: .monochrome).lines
        #expect(
            typed.filter { $0.contains("name=value, one per line") }.count == 1, "the example goes once text is typed")
    }
}

private enum PickerTestFailure: Error {
    case noPicker, noEditor
}

import ExplorerCore
import Foundation

/// Editing a request body: `$EDITOR` or the built-in editor, and taking the edited text.
extension AppState {
    mutating func editBody(_ key: EndpointKey, _ draft: RequestDraft) -> [Effect] {
        let body = draft.body ?? BodyDraft(kind: .json, text: "")
        return [.editBody(key, text: body.text)]
    }

    /// Opens the built-in editor (`.builtInEditorRequested` when `$EDITOR` is not set, or on invalid text).
    mutating func openBuiltInEditor(_ key: EndpointKey, text: String, error: String? = nil) {
        let body = draft(for: key)?.body
        overlay = .bodyEditor(
            BodyEditorState(key: key, kind: body?.kind ?? .json, text: text, error: error, original: body?.text ?? ""))
    }

    /// Takes edited body text: valid text becomes the draft's body; invalid text reopens the built-in editor on
    /// it with the error, so nothing typed is lost.
    mutating func applyBody(_ text: String, for key: EndpointKey) -> [Effect] {
        guard var draft = draft(for: key) else { return [] }
        var body = draft.body ?? BodyDraft(kind: Self.guessKind(text), text: text)
        body.text = text
        if let error = body.validate() {
            openBuiltInEditor(key, text: text, error: error)
            message = StatusMessage(error, isError: true)
            return []
        }
        draft.body = text.isEmpty && draft.body == nil ? nil : body
        drafts[key] = draft
        message = StatusMessage("body updated (\(body.kind.name))")
        return []
    }

    static func guessKind(_ text: String) -> BodyDraft.Kind {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") { return .json }
        if BodyFileReference.isFile(trimmed) { return .file(contentType: nil) }
        return .text(contentType: nil)
    }

    /// Indents the JSON being edited (the body, or a GraphQL query's variables) as the response pane shows JSON;
    /// text that is not JSON is left as it is and the error says where.
    mutating func formatJSON(_ state: inout BodyEditorState) {
        let text = state.showsVariables ? state.variables?.editor.text ?? "" : state.editor.text
        guard state.showsVariables || state.kind == .json else {
            message = StatusMessage("format: the body is \(state.kind.name), not JSON", isError: true)
            return
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !BodyFileReference.isFile(trimmed) else {
            message = StatusMessage("format: no JSON to format")
            return
        }
        let formatted: String
        do {
            formatted = try JSONPrettyPrinter().string(for: Data(text.utf8))
        } catch {
            message = StatusMessage("format: not JSON yet: \(error.description)", isError: true)
            return
        }
        let result = String(formatted.dropLast(formatted.hasSuffix("\n") ? 1 : 0))
        guard result != text else {
            message = StatusMessage("format: already formatted")
            return
        }
        if state.showsVariables {
            state.variables?.editor.replaceAll(with: result)
            state.variables?.editor.scrollIntoView(height: max(1, height - 8))
        } else {
            state.editor.replaceAll(with: result)
            state.editor.scrollIntoView(height: max(1, height - 8))
        }
        let undo = keyMap.keys(for: .undo, in: .bodyEditor).first?.label ?? "Ctrl-Z"
        message = StatusMessage("body formatted (\(undo) takes it back)")
    }

    mutating func handleBodyEditorKey(_ key: Key, _ state: BodyEditorState) -> [Effect] {
        var state = state
        if state.asksDiscard {
            // The answer to "discard changes?": y discards, any other key is spent going back to the text.
            state.asksDiscard = false
            if key == .character("y") || key == .character("Y") {
                overlay = nil
                message = StatusMessage(state.webSocketExchange == nil ? "body edit discarded" : "message discarded")
            } else {
                overlay = .bodyEditor(state)
            }
            return []
        }
        if state.valuePicker != nil { return handleSchemaValuePickerKey(key, state) }
        if state.browser != nil { return handleGraphQLBrowserKey(key, state) }
        let command = keyMap.command(for: key, in: .bodyEditor)
        switch command {
        case .pickSchemaValue:
            openSchemaValuePicker(&state)
            overlay = .bodyEditor(state)
        case .fetchSchema:
            overlay = .bodyEditor(state)
            return fetchGraphQLSchema(state)
        case .browseSchema:
            openGraphQLBrowser(&state)
            overlay = .bodyEditor(state)
        case .editVariables:
            toggleGraphQLVariables(&state)
            overlay = .bodyEditor(state)
        case .complete where state.showsVariables:
            state.variables?.editor.handle(.tab)
            overlay = .bodyEditor(state)
        case .complete:
            completeGraphQL(&state)
            state.editor.scrollIntoView(height: max(1, height - 8))
            overlay = .bodyEditor(state)
        case .confirm:
            if let id = state.webSocketExchange { return sendEditedMessage(state, to: id) }
            if let error = keepGraphQLVariables(&state) {
                state.error = error
                overlay = .bodyEditor(state)
                return []
            }
            var body = draft(for: state.key)?.body ?? BodyDraft(kind: state.kind, text: "")
            body.text = state.editor.text
            if let error = body.validate() {
                state.error = error
                overlay = .bodyEditor(state)
                return []
            }
            overlay = nil
            return applyBody(state.editor.text, for: state.key)
        case .close:
            if state.isChanged {
                state.asksDiscard = true
                overlay = .bodyEditor(state)
                return []
            }
            overlay = nil
        case .formatJSON:
            formatJSON(&state)
            overlay = .bodyEditor(state)
        case .undo where state.showsVariables, .redo where state.showsVariables:
            if command == .undo { state.variables?.editor.undo() } else { state.variables?.editor.redo() }
            state.variables?.editor.scrollIntoView(height: max(1, height - 8))
            overlay = .bodyEditor(state)
        case .undo, .redo:
            let changed = command == .undo ? state.editor.undo() : state.editor.redo()
            if !changed { message = StatusMessage(command == .undo ? "nothing to undo" : "nothing to redo") }
            state.editor.scrollIntoView(height: max(1, height - 8))
            overlay = .bodyEditor(state)
        case _ where state.showsVariables:
            state.variables?.editor.handle(key, pageHeight: max(1, height - 8))
            state.variables?.editor.scrollIntoView(height: max(1, height - 8))
            overlay = .bodyEditor(state)
        default:
            state.editor.handle(key, pageHeight: max(1, height - 8))
            state.editor.scrollIntoView(height: max(1, height - 8))
            overlay = .bodyEditor(state)
        }
        return []
    }
}

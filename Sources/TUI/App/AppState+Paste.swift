/// A bracketed paste goes whole into the text field being edited: the body editor (lines as pasted, no
/// auto-indent), a prompt, a request field, the list filter, the body search or the JSONPath filter. With no
/// field open it is dropped, so pasted text never runs as commands.
extension AppState {
    mutating func handlePaste(_ text: String, truncated: Bool) -> [Effect] {
        message =
            truncated
            ? StatusMessage("paste cut to its first \(KeyDecoder.maxPaste) characters", isError: true) : nil
        switch overlay {
        case .bodyEditor(var state)?:
            if state.showsVariables {
                state.variables?.editor.paste(text)
                state.variables?.editor.scrollIntoView(height: max(1, height - 8))
            } else {
                state.editor.paste(text)
                state.editor.scrollIntoView(height: max(1, height - 8))
            }
            overlay = .bodyEditor(state)
        case .prompt(var prompt)?:
            prompt.field.paste(text)
            overlay = .prompt(prompt)
        case .picker(let picker)? where picker.custom != nil:
            pasteIntoPicker(text, picker)
        case .palette(let palette)?:
            pasteIntoPalette(text, palette)
        case .variables(var view)? where view.field != nil:
            view.field?.editor.paste(text)
            overlay = .variables(view)
        case .benchForm(var form)? where form.confirming == nil:
            form.fields[form.focused].paste(text)
            overlay = .benchForm(form)
        case .help?:
            help.search.paste(text)
            overlay = .help(top: 0)
        case .some:
            message = StatusMessage("paste ignored: no text field is open")
        case nil:
            return pasteIntoField(text)
        }
        return []
    }

    /// A paste with no window open: into the request field, filter or search being edited, if any.
    private mutating func pasteIntoField(_ text: String) -> [Effect] {
        if var edit = fieldEdit {
            edit.field.paste(text)
            fieldEdit = edit
        } else if isFiltering {
            let before = filter.text
            filter.paste(text)
            if filter.text != before {
                rebuildRows(selectingBest: true)
                syncResponseToSelection()
            }
            scrollListToSelection()
        } else if var field = response.searchField {
            field.paste(text)
            response.searchField = field
        } else if var field = response.filterField {
            let before = field.text
            field.paste(text)
            response.filterField = field
            if field.text != before { return filterBody(field.text) }
        } else {
            message = StatusMessage("paste ignored: no text field is open")
        }
        return []
    }
}

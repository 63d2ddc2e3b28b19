/// The method and body-type pickers: a small box at the request editor's top left, each choice with its letter,
/// the current one marked; the method picker's own token is typed on its last line.
enum PickerView {
    static func draw(_ state: AppState, picker: Picker, near editor: Rect, theme: Theme, on buffer: inout ScreenBuffer)
    {
        let context: KeyContext = picker.purpose == .method ? .methodPicker : .bodyTypePicker
        // Each choice's letter and label, from the key map (so the window and the help agree).
        let rows: [(letter: String, label: String)] = KeyMap.bindings(in: context).compactMap { binding in
            switch binding.command {
            case .pickMethod(let method): return (binding.keyLabel, method)
            case .pickBodyType(let choice): return (binding.keyLabel, choice.rawValue)
            default: return nil
            }
        }
        let extra = picker.purpose == .method ? 1 : 0
        let screen = Rect(x: 0, y: 1, width: state.width, height: state.height - 2)
        let x = editor.isEmpty ? screen.x + 2 : editor.x + 1
        let y = editor.isEmpty ? screen.y + 1 : editor.y + 1
        let box = Rect(
            x: x, y: y, width: min(30, screen.maxX - x), height: min(rows.count + extra + 2, screen.maxY - y))
        BoxView.draw(
            box, title: picker.purpose == .method ? "Method" : "Body type", focused: true, theme: theme, on: &buffer)
        let inner = box.inset(1)
        for (index, row) in rows.enumerated() where index < inner.height {
            let lineY = inner.y + index
            var column = buffer.write(" \(row.letter) ", x: inner.x, y: lineY, limit: inner.maxX, style: theme.accent)
            column = buffer.write(row.label, x: column, y: lineY, limit: inner.maxX)
            if index == picker.selected, picker.custom == nil {
                buffer.restyle(Rect(x: inner.x, y: lineY, width: inner.width, height: 1)) { $0.reverse = true }
            }
        }
        guard extra == 1, rows.count < inner.height else { return }
        let lineY = inner.y + rows.count
        if let field = picker.custom {
            let column = buffer.write(" other: ", x: inner.x, y: lineY, limit: inner.maxX, style: theme.accent)
            RequestEditorView.drawField(
                field, x: column, y: lineY, width: max(0, inner.maxX - column - 1), theme: theme, on: &buffer)
        } else {
            buffer.write(" c other…", x: inner.x, y: lineY, limit: inner.maxX, style: theme.muted)
        }
    }
}

import ExplorerCore

/// The built-in multi-line body editor (used when `$EDITOR` is not set), with the validation error if any.
enum BodyEditorView {
    static func draw(_ editor: BodyEditorState, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let rect = screen.centered(width: screen.width - 4, height: screen.height - 2)
        let kind = editor.kind.name + (editor.kind.example.map { ": \($0)" } ?? "")
        let title =
            editor.webSocketExchange == nil
            ? "Body (\(kind)) — Ctrl-S keeps, Esc leaves (asks when changed)"
            : "Message (text) — Ctrl-S sends it as one message, Esc leaves (asks when typed)"
        BoxView.draw(rect, title: title, focused: true, theme: theme, on: &buffer)
        var inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        if editor.asksDiscard {
            let split = inner.splitBottom(1)
            inner = split.rest
            buffer.write(
                editor.webSocketExchange == nil
                    ? " Discard your changes to the body? y discards, any other key goes on editing "
                    : " Discard the message? y discards, any other key goes on editing ",
                x: split.bottom.x + 1, y: split.bottom.y, limit: split.bottom.maxX,
                style: theme.warning.with(reverse: true))
        } else if let error = editor.error {
            let split = inner.splitBottom(1)
            inner = split.rest
            buffer.write(
                SafeText.escape(error), x: split.bottom.x + 1, y: split.bottom.y, limit: split.bottom.maxX,
                style: theme.error)
        }
        let gutter = 5
        let text = editor.editor
        if text.lines.count == 1, text.lines[0].isEmpty, let example = editor.kind.example {
            // An empty form or file body: how to write it, dimmed, where the first line goes.
            buffer.write(example, x: inner.x + gutter + 1, y: inner.y, limit: inner.maxX, style: theme.muted)
        }
        for row in 0..<inner.height {
            let number = text.top + row
            guard number < text.lines.count else { break }
            let y = inner.y + row
            buffer.write(
                TextWidth.pad(String(number + 1), to: gutter - 1), x: inner.x, y: y, limit: inner.maxX,
                style: theme.muted)
            buffer.write(SafeText.escape(String(text.lines[number])), x: inner.x + gutter, y: y, limit: inner.maxX)
            if number == text.row {
                EndpointListView.markCursor(
                    x: inner.x + gutter + text.cursorColumn, y: y, limit: inner.maxX,
                    theme: theme, on: &buffer)
            }
        }
    }
}

import ExplorerCore

/// The bench form: a small box over the response pane with the three fields (the focused one has the cursor),
/// what each takes, and under them what was wrong or the question before a large run elsewhere.
enum BenchFormView {
    static func draw(_ form: BenchForm, state: AppState, theme: Theme, on buffer: inout ScreenBuffer) {
        let screen = Rect(x: 0, y: 1, width: state.width, height: state.height - 2)
        let pane = state.layout.response.isEmpty ? screen : state.layout.response
        let width = min(64, pane.width)
        let box = Rect(x: pane.x, y: pane.y, width: width, height: min(9, screen.maxY - pane.y))
        BoxView.draw(
            box, title: "Bench \(SafeText.escape(form.key.endpoint))", focused: true, theme: theme, on: &buffer)
        let inner = box.inset(1)
        guard !inner.isEmpty else { return }
        let labelWidth = 13
        for (index, label) in BenchForm.labels.enumerated() where index < inner.height {
            let y = inner.y + index
            let focused = index == form.focused && form.confirming == nil
            var x = buffer.write(
                " " + label, x: inner.x, y: y, limit: inner.maxX, style: focused ? theme.accent : theme.muted)
            x = max(x, inner.x + labelWidth)
            let fieldWidth = min(12, max(0, inner.maxX - x - 1))
            if focused {
                x = RequestEditorView.drawField(
                    form.fields[index], x: x, y: y, width: fieldWidth, theme: theme, on: &buffer)
            } else {
                buffer.write(SafeText.escape(form.fields[index].text), x: x, y: y, limit: x + fieldWidth)
                x += fieldWidth
            }
            buffer.write(" " + BenchForm.notes[index], x: x + 1, y: y, limit: inner.maxX, style: theme.muted)
        }
        let below = inner.splitTop(BenchForm.labels.count + 1).rest
        guard !below.isEmpty else { return }
        let (text, style): (String, Style) =
            if let pending = form.confirming {
                (pending.question, theme.warning)
            } else if let error = form.error {
                (error, theme.error)
            } else {
                ("Enter starts · Tab next field · Esc closes", theme.muted)
            }
        for (index, line) in TextWidth.wrap(text, to: max(1, below.width - 2)).prefix(below.height).enumerated() {
            buffer.write(line, x: below.x + 1, y: below.y + index, limit: below.maxX, style: style)
        }
    }
}

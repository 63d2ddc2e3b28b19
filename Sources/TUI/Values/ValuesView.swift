import ExplorerCore

/// The values view: one row per captured value (reference, value, source endpoint, age), the selected row
/// marked, secret-like values masked unless revealed; the keys at the bottom.
enum ValuesView {
    static func draw(
        _ state: AppState, view: ValuesViewState, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        let rows = state.valueRows(revealed: view.revealed)
        let width = min(110, screen.width - 4)
        let height = min(screen.height - 2, max(rows.count, 1) + 5)
        let rect = screen.centered(width: width, height: height)
        let title = state.currentAuthKey.map { "Values · \($0.profile) · \($0.environment)" } ?? "Values"
        BoxView.draw(rect, title: SafeText.escape(title), focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        guard inner.height >= 3, inner.width > 10 else { return }
        let hints = state.keyMap.hints(for: .values).map { "\($0.key) \($0.label)" }.joined(separator: "   ")
        buffer.write(hints, x: inner.x + 1, y: inner.maxY - 1, limit: inner.maxX, style: theme.accent)
        guard !rows.isEmpty else {
            buffer.write(
                "No values captured yet: endpoints with `capture:` keep them here when they answer.", x: inner.x + 1,
                y: inner.y, limit: inner.maxX, style: theme.muted)
            return
        }
        let columns = self.columns(rows, width: inner.width - 2)
        var x = inner.x + 1
        for (label, column) in zip(["name", "value", "from", "age"], columns) {
            buffer.write(label, x: x, y: inner.y, limit: inner.maxX, style: theme.muted)
            x += column + 2
        }
        let visible = inner.height - 2
        let top = max(0, view.selected - visible + 1)
        for (line, index) in (top..<min(rows.count, top + visible)).enumerated() {
            let row = rows[index]
            let y = inner.y + 1 + line
            let cells = [SafeText.escape(row.reference), row.shownValue, SafeText.escape(row.endpointID), row.age]
            var x = inner.x + 1
            for (position, (cell, column)) in zip(cells, columns).enumerated() {
                let style = position == 1 && row.isSecret ? theme.warning : theme.plain
                buffer.write(TextWidth.truncate(cell, to: column), x: x, y: y, limit: inner.maxX, style: style)
                x += column + 2
            }
            if index == view.selected {
                buffer.restyle(Rect(x: inner.x, y: y, width: inner.width, height: 1)) { $0.reverse = true }
            }
        }
    }

    /// Widths of the name, value, source and age columns: names and sources as wide as they need (up to a
    /// share of the width), the age fixed, the value the rest.
    static func columns(_ rows: [CapturedValue.Row], width: Int) -> [Int] {
        let name = min(rows.map { TextWidth.width(of: $0.reference) }.max() ?? 4, max(4, width * 2 / 5))
        let source = min(rows.map { TextWidth.width(of: $0.endpointID) }.max() ?? 4, max(4, width / 5))
        let age = 12
        let value = max(4, width - name - source - age - 6)
        return [max(4, name), value, max(4, source), age]
    }
}

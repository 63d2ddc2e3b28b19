import ExplorerCore
import Foundation

/// The history window: a table of entries (the core's columns: age, status, duration, size, source, target,
/// method, URL), marks for a diff, or the diff itself.
enum HistoryView {
    static func draw(
        _ panel: HistoryPanel, keyMap: KeyMap = .standard, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        let rect = screen.centered(width: min(140, screen.width - 2), height: screen.height - 2)
        let scope = panel.endpoint.map { "History of \($0.description)" } ?? "History of everything"
        BoxView.draw(rect, title: panel.diff == nil ? scope : "Diff", focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        guard !inner.isEmpty, inner.height >= 2 else { return }
        let visible = inner.height - 1
        if let diff = panel.diff {
            for (index, line) in diff.dropFirst(min(panel.top, max(0, diff.count - 1))).prefix(visible).enumerated() {
                let style =
                    line.hasPrefix("  + ")
                    ? theme.ok
                    : line.hasPrefix("  - ")
                        ? theme.error
                        : line.hasPrefix("  ~ ") ? theme.warning : Style()
                buffer.write(line, x: inner.x + 1, y: inner.y + index, limit: inner.maxX, style: style)
            }
        } else if let error = panel.error {
            buffer.write(SafeText.escape(error), x: inner.x + 1, y: inner.y, limit: inner.maxX, style: theme.error)
        } else if panel.loading {
            buffer.write("loading…", x: inner.x + 1, y: inner.y, limit: inner.maxX, style: theme.muted)
        } else if panel.rows.isEmpty {
            buffer.write("no exchanges recorded", x: inner.x + 1, y: inner.y, limit: inner.maxX, style: theme.muted)
        } else {
            let top = max(0, min(panel.selected - visible + 1, panel.rows.count - visible))
            let widths = columnWidths(panel.rows)
            for (offset, row) in panel.rows.dropFirst(top).prefix(visible).enumerated() {
                let index = top + offset
                let mark = panel.marked.contains(row.id) ? "* " : "  "
                var text = mark
                for (column, cell) in row.columns.enumerated() {
                    let width = column < widths.count ? widths[column] : 0
                    text += cell + String(repeating: " ", count: max(0, width - cell.count)) + "  "
                }
                let style = index == panel.selected ? theme.accent.with(reverse: true) : Style()
                buffer.write(text, x: inner.x, y: inner.y + offset, limit: inner.maxX, style: style)
            }
        }
        let context: KeyContext = .history
        let hints = keyMap.hints(for: context).map { "\($0.key) \($0.label)" }.joined(separator: "   ")
        buffer.write(hints, x: inner.x + 1, y: inner.maxY - 1, limit: inner.maxX, style: theme.accent)
    }

    /// Each column as wide as its widest cell, the last (the URL) left free.
    static func columnWidths(_ rows: [HistoryPanel.Row]) -> [Int] {
        guard let count = rows.first?.columns.count, count > 1 else { return [] }
        return (0..<(count - 1)).map { column in rows.map { $0.columns[column].count }.max() ?? 0 }
    }
}

import ExplorerCore

/// The status message and the token state in full (`m`): what the status bar had to cut, wrapped to the window.
enum MessageView {
    static func draw(
        _ paragraphs: [String], keyMap: KeyMap = .standard, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        let width = min(100, screen.width - 4)
        let lines = self.lines(paragraphs, width: width - 4)
        let rect = screen.centered(width: width, height: min(screen.height - 2, lines.count + 3))
        BoxView.draw(rect, title: "Message", focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        for (index, line) in lines.prefix(max(0, inner.height - 1)).enumerated() {
            buffer.write(line, x: inner.x + 1, y: inner.y + index, limit: inner.maxX - 1)
        }
        let hints = keyMap.hints(for: .message).map { "\($0.key) \($0.label)" }.joined(separator: "   ")
        buffer.write(hints, x: inner.x + 1, y: inner.maxY - 1, limit: inner.maxX, style: theme.accent)
    }

    /// The paragraphs escaped and wrapped to `width`, a blank line between them.
    static func lines(_ paragraphs: [String], width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in paragraphs {
            if !lines.isEmpty { lines.append("") }
            lines += TextWidth.wrap(SafeText.escape(paragraph), to: max(1, width))
        }
        return lines
    }
}

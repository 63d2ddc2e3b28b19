/// Every key, generated from the key map so it cannot drift from what the keys do.
enum HelpView {
    /// The help text lines (also what the README's key table is checked against).
    static func lines() -> [(text: String, isHeading: Bool)] {
        var lines: [(String, Bool)] = []
        for context in KeyContext.allCases {
            let bindings = KeyMap.bindings(in: context)
            guard !bindings.isEmpty else { continue }
            if !lines.isEmpty { lines.append(("", false)) }
            lines.append((context.title, true))
            for binding in bindings {
                lines.append(("  " + TextWidth.pad(binding.keyLabel, to: 24) + "  " + binding.help, false))
            }
        }
        return lines
    }

    static func draw(top: Int, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let rect = screen.centered(width: min(100, screen.width - 4), height: screen.height - 2)
        BoxView.draw(rect, title: "Keys — Esc closes", focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        let all = lines()
        let start = min(top, max(0, all.count - inner.height))
        for (row, line) in all.dropFirst(start).prefix(inner.height).enumerated() {
            buffer.write(line.text, x: inner.x + 1, y: inner.y + row, limit: inner.maxX,
                style: line.isHeading ? theme.title.with(underline: true) : theme.plain)
        }
    }
}

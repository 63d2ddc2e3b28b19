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

    /// The help box inside the area between the title and status bars.
    static func box(in screen: Rect) -> Rect {
        screen.centered(width: min(100, screen.width - 4), height: screen.height - 2)
    }

    /// Lines the help shows at once on a screen of this size.
    static func visibleLines(width: Int, height: Int) -> Int {
        max(1, box(in: Layout(width: width, height: height).main).inset(1).height)
    }

    /// The largest useful scroll position: the last line at the bottom of the box. `update` clamps to it so a held
    /// key does not scroll into empty space that then takes as many presses to scroll back.
    static func maxTop(width: Int, height: Int) -> Int {
        max(0, lines().count - visibleLines(width: width, height: height))
    }

    static func draw(top: Int, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let rect = box(in: screen)
        BoxView.draw(rect, title: "Keys — Esc closes", focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        let all = lines()
        let start = min(top, max(0, all.count - inner.height))
        for (row, line) in all.dropFirst(start).prefix(inner.height).enumerated() {
            buffer.write(
                line.text, x: inner.x + 1, y: inner.y + row, limit: inner.maxX,
                style: line.isHeading ? theme.title.with(underline: true) : theme.plain)
        }
    }
}

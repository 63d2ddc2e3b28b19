/// Every key, generated from the key map so it cannot drift from what the keys do.
enum HelpView {
    /// The help text lines (also what the README's key table is checked against).
    static func lines() -> [(text: String, isHeading: Bool)] {
        lines(columns: nil)
    }

    /// Columns before a binding's help text: its indent, key column and gap (continuation lines start there).
    static let helpColumn = 28

    /// The help lines as drawn `columns` wide: a help text too long for the box continues on the next lines under
    /// itself, so nothing is cut. `nil`: one line per binding, however long.
    static func lines(columns: Int?) -> [(text: String, isHeading: Bool)] {
        var lines: [(String, Bool)] = []
        let room = columns.map { $0 - helpColumn }.flatMap { $0 >= 8 ? $0 : nil }
        for context in KeyContext.allCases {
            let bindings = KeyMap.bindings(in: context)
            guard !bindings.isEmpty else { continue }
            if !lines.isEmpty { lines.append(("", false)) }
            lines.append((context.title, true))
            for binding in bindings {
                let head = "  " + TextWidth.pad(binding.keyLabel, to: helpColumn - 4) + "  "
                let pieces = room.map { TextWidth.wrap(binding.help, to: $0) } ?? [binding.help]
                for (index, piece) in pieces.enumerated() {
                    lines.append(((index == 0 ? head : String(repeating: " ", count: helpColumn)) + piece, false))
                }
            }
        }
        return lines
    }

    /// The help box inside the area between the title and status bars.
    static func box(in screen: Rect) -> Rect {
        screen.centered(width: min(100, screen.width - 4), height: screen.height - 2)
    }

    /// Columns for text in the box: inside the border, after a one-column margin.
    static func textColumns(in box: Rect) -> Int { box.inset(1).width - 1 }

    /// Lines the help shows at once on a screen of this size.
    static func visibleLines(width: Int, height: Int) -> Int {
        max(1, box(in: Layout(width: width, height: height).main).inset(1).height)
    }

    /// The largest useful scroll position: the last line at the bottom of the box. `update` clamps to it so a held
    /// key does not scroll into empty space that then takes as many presses to scroll back.
    static func maxTop(width: Int, height: Int) -> Int {
        let columns = textColumns(in: box(in: Layout(width: width, height: height).main))
        return max(0, lines(columns: columns).count - visibleLines(width: width, height: height))
    }

    static func draw(top: Int, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let rect = box(in: screen)
        BoxView.draw(rect, title: "Keys — Esc closes", focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        let all = lines(columns: textColumns(in: rect))
        let start = min(top, max(0, all.count - inner.height))
        for (row, line) in all.dropFirst(start).prefix(inner.height).enumerated() {
            buffer.write(
                line.text, x: inner.x + 1, y: inner.y + row, limit: inner.maxX,
                style: line.isHeading ? theme.title.with(underline: true) : theme.plain)
        }
    }
}

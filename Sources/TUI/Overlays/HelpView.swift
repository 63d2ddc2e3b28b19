import ExplorerCore

/// Every key, generated from the key map so it cannot drift from what the keys do.
enum HelpView {
    /// The help text lines of the default map, every context in order, one line per binding.
    static func lines() -> [(text: String, isHeading: Bool)] {
        lines(columns: nil)
    }

    /// Columns before a binding's help text: its indent, key column and gap (continuation lines start there).
    static let helpColumn = 28

    /// The help lines as drawn `columns` wide: a help text too long for the box continues on the next lines under
    /// itself, so nothing is cut. `nil`: one line per binding, however long. `first`: the focused pane, listed
    /// first with the keys that work everywhere; `search`: only bindings whose description, keys, action name or
    /// section match it (`FuzzyQuery`), best first within each section.
    static func lines(
        columns: Int?, map: KeyMap = .standard, first: KeyContext? = nil, search: String = ""
    ) -> [(text: String, isHeading: Bool)] {
        var lines: [(String, Bool)] = []
        let room = columns.map { $0 - helpColumn }.flatMap { $0 >= 8 ? $0 : nil }
        let query = FuzzyQuery(search)
        for context in order(first: first) {
            var bindings = map.bindings(in: context)
            if !query.isEmpty {
                let scored = bindings.enumerated().compactMap { index, binding in
                    query.score(fields(of: binding)).map { (binding, $0, index) }
                }
                bindings = scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }.map(\.0)
            }
            guard !bindings.isEmpty else { continue }
            if !lines.isEmpty { lines.append(("", false)) }
            lines.append((context == first ? context.title + " (focused)" : context.title, true))
            for binding in bindings {
                let label = binding.keys.isEmpty ? "(no key)" : binding.keyLabel
                let head = "  " + TextWidth.pad(label, to: helpColumn - 4) + "  "
                let pieces = room.map { TextWidth.wrap(binding.help, to: $0) } ?? [binding.help]
                for (index, piece) in pieces.enumerated() {
                    lines.append(((index == 0 ? head : String(repeating: " ", count: helpColumn)) + piece, false))
                }
            }
        }
        return lines
    }

    /// The contexts in the order help lists them: the focused pane and everywhere first, then the rest.
    static func order(first: KeyContext?) -> [KeyContext] {
        guard let first else { return KeyContext.allCases }
        let head = first == .global ? [first] : [first, .global]
        return head + KeyContext.allCases.filter { !head.contains($0) }
    }

    /// What a help search matches: the description, the keys, the action's name and the section's title.
    static func fields(of binding: KeyBinding) -> [FuzzyField] {
        [
            FuzzyField(binding.help, abbreviations: false),
            FuzzyField(binding.keyLabel, weight: 80),
            FuzzyField(binding.command.name.replacingOccurrences(of: "-", with: " "), weight: 90),
            FuzzyField(binding.context.title, weight: 50, abbreviations: false),
        ]
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

    /// The largest useful scroll position of the default help (no search, nothing focused): the last line at the
    /// bottom of the box. `update` clamps to it (`AppState.helpMaxTop`, the same for the help as shown) so a held
    /// key does not scroll into empty space that then takes as many presses to scroll back.
    static func maxTop(width: Int, height: Int) -> Int {
        let columns = textColumns(in: box(in: Layout(width: width, height: height).main))
        return max(0, lines(columns: columns).count - visibleLines(width: width, height: height))
    }

    static func draw(_ state: AppState, top: Int, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let rect = box(in: screen)
        BoxView.draw(rect, title: "Keys — type to search, Esc closes", focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        let all = state.helpLines(columns: textColumns(in: rect))
        let start = min(top, max(0, all.count - inner.height))
        for (row, line) in all.dropFirst(start).prefix(inner.height).enumerated() {
            buffer.write(
                line.text, x: inner.x + 1, y: inner.y + row, limit: inner.maxX,
                style: line.isHeading ? theme.title.with(underline: true) : theme.plain)
        }
        let search = state.help.search
        if all.isEmpty {
            buffer.write(
                "no key matches “\(SafeText.escape(search.text))”", x: inner.x + 1, y: inner.y, limit: inner.maxX,
                style: theme.muted)
        }
        // The search sits on the bottom border, so it takes no line from the keys.
        guard rect.height >= 3, rect.width > 16 else { return }
        let y = rect.maxY - 1
        let x = buffer.write(" search: ", x: rect.x + 2, y: y, limit: rect.maxX - 2, style: theme.accent)
        let field = search.visible(columns: max(1, min(40, rect.maxX - 4 - x)))
        // The text, a cell for the cursor at its end, and a space before the border goes on.
        buffer.write(SafeText.escape(field.text) + "  ", x: x, y: y, limit: rect.maxX - 2)
        EndpointListView.markCursor(x: x + field.cursor, y: y, limit: rect.maxX - 2, theme: theme, on: &buffer)
    }
}

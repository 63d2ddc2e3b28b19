import ExplorerCore

/// The command palette: the query on top, then the matching actions, each with its keys and its pane.
enum PaletteView {
    static func draw(
        _ state: AppState, palette: PaletteState, in screen: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        let entries = state.paletteEntries(palette)
        // As wide as the screen allows (up to 140 columns): the descriptions are what one reads to choose.
        let width = min(140, screen.width - 4)
        let rect = Rect(
            x: screen.x + (screen.width - width) / 2, y: screen.y + 1, width: width,
            height: min(screen.height - 2, max(entries.count, 1) + 4))
        BoxView.draw(rect, title: "Commands — Enter runs, Esc closes", focused: true, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        guard inner.height >= 2, inner.width > 12 else { return }
        var x = buffer.write("> ", x: inner.x + 1, y: inner.y, limit: inner.maxX, style: theme.accent)
        let field = palette.field.visible(columns: max(1, inner.maxX - x - 1))
        x = buffer.write(SafeText.escape(field.text), x: x, y: inner.y, limit: inner.maxX)
        EndpointListView.markCursor(
            x: x - TextWidth.width(of: field.text) + field.cursor, y: inner.y, limit: inner.maxX, theme: theme,
            on: &buffer)
        let count =
            "\(entries.count) of \(PaletteEntries.entries(map: state.keyMap, query: "", focused: palette.focused, window: palette.windowContext).count)"
        buffer.write(
            count, x: inner.maxX - TextWidth.width(of: count) - 1, y: inner.y, limit: inner.maxX, style: theme.muted)
        let listHeight = inner.height - 2
        guard listHeight > 0 else { return }
        if entries.isEmpty {
            let hint =
                palette.window == nil && !palette.field.text.isEmpty
                ? "no action matches · Enter finds endpoints by it (as / does)" : "no action matches"
            buffer.write(hint, x: inner.x + 1, y: inner.y + 2, limit: inner.maxX, style: theme.muted)
            return
        }
        let selected = min(palette.selected, entries.count - 1)
        let top = max(0, selected - listHeight + 1)
        let shown = entries.dropFirst(top).prefix(listHeight)
        // The key and pane columns as wide as what they show (16 at most), the rest for the description.
        let keyColumn = min(16, shown.map { TextWidth.width(of: $0.keys.isEmpty ? "—" : $0.keyLabel) }.max() ?? 1)
        let paneColumn = min(16, shown.map { TextWidth.width(of: shortTitle($0.context)) }.max() ?? 1)
        for (row, binding) in shown.enumerated() {
            let y = inner.y + 2 + row
            let keys = binding.keys.isEmpty ? "—" : binding.keyLabel
            let pane = shortTitle(binding.context)
            let helpRoom = max(4, inner.width - 2 - keyColumn - paneColumn - 4)
            var column = buffer.write(
                TextWidth.pad(TextWidth.truncate(binding.help, to: helpRoom), to: helpRoom), x: inner.x + 1, y: y,
                limit: inner.maxX)
            column = buffer.write(
                "  " + TextWidth.pad(TextWidth.truncate(keys, to: keyColumn), to: keyColumn) + "  ", x: column, y: y,
                limit: inner.maxX, style: theme.accent)
            buffer.write(
                TextWidth.truncate(pane, to: paneColumn), x: column, y: y, limit: inner.maxX, style: theme.muted)
            if top + row == selected {
                buffer.restyle(Rect(x: inner.x, y: y, width: inner.width, height: 1)) { $0.reverse = true }
            }
        }
    }

    /// The pane an action belongs to, in a word.
    static func shortTitle(_ context: KeyContext) -> String {
        switch context {
        case .global: "everywhere"
        case .list: "endpoint list"
        case .editor: "request editor"
        case .response: "response"
        case .auth: "auth panel"
        case .values: "values"
        case .history: "history"
        case .cookies: "cookies"
        case .problems: "problems"
        case .environments: "environments"
        case .variables: "variables"
        default: context.title
        }
    }
}

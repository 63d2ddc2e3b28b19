import ExplorerCore

/// The schema browser drawn over the body editor: where it is, the search line, the rows (the highlighted one
/// reversed, deprecated ones dimmed). Every name and description is the server's text, escaped.
enum GraphQLSchemaBrowserView {
    static func draw(
        _ browser: GraphQLSchemaBrowser, schema: GraphQLSchemaIndex, in rect: Rect, theme: Theme,
        on buffer: inout ScreenBuffer
    ) {
        buffer.fill(rect, style: theme.plain)
        BoxView.draw(
            rect, title: "GraphQL schema — / search, Enter goes to the type, Esc back", focused: true, theme: theme,
            on: &buffer)
        let inner = rect.inset(1)
        guard inner.height > 3 else { return }
        buffer.write(
            TextWidth.truncate(SafeText.escape(browser.heading(schema)), to: inner.width - 1), x: inner.x + 1,
            y: inner.y, limit: inner.maxX, style: theme.muted)
        let search =
            browser.isSearching
            ? "/" + browser.search + "▏" : (browser.search.isEmpty ? "" : "/" + browser.search + "  (Esc clears)")
        buffer.write(SafeText.escape(search), x: inner.x + 1, y: inner.y + 1, limit: inner.maxX, style: theme.warning)
        let rows = browser.rows(schema)
        let list = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 2)
        if rows.isEmpty {
            buffer.write(" nothing matches", x: list.x, y: list.y, limit: list.maxX, style: theme.muted)
        }
        for line in 0..<list.height {
            let index = browser.top + line
            guard rows.indices.contains(index) else { break }
            let row = rows[index]
            buffer.write(
                " " + TextWidth.truncate(SafeText.escape(row.text), to: list.width - 2), x: list.x, y: list.y + line,
                limit: list.maxX, style: row.isDeprecated ? theme.muted : theme.plain)
            if index == browser.selected {
                buffer.restyle(Rect(x: list.x, y: list.y + line, width: list.width, height: 1)) { $0.reverse = true }
            }
        }
    }
}

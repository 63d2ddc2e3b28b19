/// The Events view: a streamed response's events, one block each (the headline, then the data, JSON
/// pretty-printed), the text `apix run` prints; headlines stand out. Lines are cut at the pane's width and can be
/// scrolled sideways like a body's. A WebSocket session's conversation is drawn here too, its control frames dimmed.
enum EventsView {
    static func draw(
        _ rows: EventRows, top: Int, left: Int, in rect: Rect, theme: Theme, emptyNote: String? = nil,
        on buffer: inout ScreenBuffer
    ) {
        guard !rect.isEmpty else { return }
        if rows.lines.isEmpty {
            let note = emptyNote ?? (rows.isFinished ? "(no events)" : "waiting for the first event…")
            buffer.write(note, x: rect.x, y: rect.y, limit: rect.maxX, style: theme.muted)
            return
        }
        for row in 0..<rect.height {
            let number = top + row
            guard number < rows.lines.count else { break }
            let line = rows.lines[number]
            let role: TextRole = line.isHeadline ? .key : .plain
            var pieces: [(text: String, role: TextRole)] = [(line.text, role)]
            if left > 0 { pieces = BodyView.dropColumns(left, of: pieces) }
            var x = rect.x
            for piece in pieces {
                x = buffer.write(
                    piece.text, x: x, y: rect.y + row, limit: rect.maxX,
                    style: line.isDimmed ? theme.muted : line.isHeadline ? theme.accent : .plain)
            }
        }
    }
}

/// Scrolling a soft-wrapped body by rows rather than lines: a line longer than the pane is read row by row
/// (`ResponseViewState.topRow`), so a one-line body of a megabyte scrolls like any other. As without wrap, a line's
/// first `maxLeft` columns are within reach: each step formats only the rows it needs, never a whole long line.
extension AppState {
    /// The wrapped body being scrolled, when the shown tab is a body document drawn wrapped.
    private var wrappedDocument: BodyDocument? {
        guard panes.softWrap, response.tab == .body, response.filter == nil, shownExchange?.events == nil else {
            return nil
        }
        return shownBodyDocument
    }

    /// Moves the wrapped body `delta` rows; false when the body is not wrapped (the caller scrolls by lines).
    mutating func scrollWrapped(by delta: Int) -> Bool {
        guard let document = wrappedDocument else { return false }
        let count = document.lineCount
        var (top, row) = (min(response.top, max(0, count - 1)), response.topRow)
        var remaining = abs(delta)
        // Each turn moves within one line or past its end, so the loop ends within `delta` + lines turns.
        while remaining > 0, count > 0 {
            if delta > 0 {
                let rows = wrappedRows(document, line: top, upTo: row + remaining + 1)
                let below = rows - 1 - row
                if below >= remaining {
                    row += remaining
                    remaining = 0
                } else if top + 1 < count {
                    remaining -= below + 1
                    (top, row) = (top + 1, 0)
                } else {
                    row = rows - 1
                    remaining = 0
                }
            } else if row >= remaining {
                row -= remaining
                remaining = 0
            } else if top == 0 {
                row = 0
                remaining = 0
            } else {
                remaining -= row + 1
                top -= 1
                row = wrappedRows(document, line: top, upTo: wrapReach) - 1
            }
        }
        response.top = top
        response.topRow = row
        clampWrapped(document)
        return true
    }

    /// Keeps a wrapped body's last row from scrolling above the pane's bottom; false when not wrapped.
    @discardableResult
    mutating func clampWrappedScroll() -> Bool {
        guard let document = wrappedDocument else { return false }
        clampWrapped(document)
        return true
    }

    private mutating func clampWrapped(_ document: BodyDocument) {
        let count = document.lineCount
        guard count > 0 else {
            response.top = 0
            return
        }
        let height = max(1, responseBodyHeight)
        let top = min(max(0, response.top), count - 1)
        let row = min(response.topRow, wrappedRows(document, line: top, upTo: response.topRow + 1) - 1)
        // Enough rows below the top to fill the pane: nothing to clamp (the common case, and cheap).
        var filled = wrappedRows(document, line: top, upTo: row + height) - row
        var line = top + 1
        while filled < height, line < count {
            filled += wrappedRows(document, line: line, upTo: height)
            line += 1
        }
        if filled >= height {
            response.top = top
            response.topRow = max(0, row)  // after `top`, whose setting starts the line at its first row
            return
        }
        showWrappedEnd(document)
    }

    /// End on a wrapped body: its last row on the pane's bottom row; false when not wrapped.
    mutating func scrollWrappedToEnd() -> Bool {
        guard let document = wrappedDocument else { return false }
        showWrappedEnd(document)
        return true
    }

    /// The last screenful: it starts `height` rows above the end (rows of a line past `wrapReach` are out of reach).
    private mutating func showWrappedEnd(_ document: BodyDocument) {
        let count = document.lineCount
        var needed = max(1, responseBodyHeight)
        var last = count - 1
        while last >= 0 {
            let rows = wrappedRows(document, line: last, upTo: wrapReach)
            if rows >= needed || last == 0 {
                response.top = last
                response.topRow = max(0, rows - needed)
                return
            }
            needed -= rows
            last -= 1
        }
    }

    /// Rows of one line that can be reached: the columns `h` / `l` reach unwrapped, plus a screenful.
    private var wrapReach: Int {
        (Self.maxLeft + max(1, layout.responseBody.width) * responseBodyHeight) / max(1, layout.responseBody.width)
    }

    /// The rows line `line` wraps to, counting at most `limit` (only that many rows' columns are formatted).
    private func wrappedRows(_ document: BodyDocument, line: Int, upTo limit: Int) -> Int {
        let width = max(1, layout.responseBody.width)
        let rows = min(max(1, limit), wrapReach)
        return max(1, min(rows, TextWidth.cut(document.line(line, maxColumns: width * rows), to: width).count))
    }
}

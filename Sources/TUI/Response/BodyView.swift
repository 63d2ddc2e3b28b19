import ExplorerCore

/// Draws the visible lines of a response tab. Only lines on screen are formatted (through `BodyDocument`), so the
/// cost of a frame does not depend on the body's size. With a JSONPath filter on, the Body tab shows its result
/// (or where the query is wrong); the Checks tab lists the answer's checks in the core's words.
enum BodyView {
    /// Lines the Body tab shows for a query that does not parse: the query, a caret under the column, the reason.
    static let filterErrorLines = 3

    static func draw(
        _ state: AppState, exchange: Exchange, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        guard !rect.isEmpty, let response = exchange.response else { return }
        let view = state.response
        let head = AppState.headerLines(response)
        let needle = view.query.lowercased()
        if view.tab == .body, let filter = view.filter, !drawFilterState(filter, in: rect, theme: theme, on: &buffer) {
            return
        }
        if view.tab == .body, view.filter == nil, let events = exchange.events {
            EventsView.draw(events, top: view.top, left: view.left, in: rect, theme: theme, on: &buffer)
            return
        }
        if view.tab == .checks, exchange.checks.isEmpty {
            buffer.write(
                checksPlaceholder(state, exchange: exchange), x: rect.x, y: rect.y, limit: rect.maxX,
                style: theme.muted)
            return
        }
        // Wrapped, a line takes as many rows as it needs (at most what is left of the pane); else one row, cut at
        // the pane's edge after the columns scrolled off with h / l.
        let wraps = state.panes.softWrap
        var y = rect.y
        var number = view.top - 1
        // Built once a frame, not once a line: each escapes every error or violation it lists.
        let errorRows = view.tab == .errors ? GraphQLErrorRows(exchange.graphQLErrors).rows : []
        let schemaRows = view.tab == .schema ? exchange.schema.map(SchemaRows.init)?.rows ?? [] : []
        let connectionLines = view.tab == .connection ? state.connectionLines(exchange) : []
        while y < rect.maxY {
            number += 1
            let row = y - rect.y
            // A wrapped body's top line may start rows down (`topRow`): those rows are formatted and skipped.
            let skipped = wraps && view.tab == .body && number == view.top ? view.topRow : 0
            let maxColumns = wraps ? rect.width * (rect.maxY - y + skipped) : view.left + rect.width
            var pieces: [(text: String, role: TextRole)] = []
            switch view.tab {
            case .headers:
                guard number < head.count else { break }
                pieces = headerPieces(head[number], first: number == 0)
            case .request:
                guard let shown = exchange.shownRequest else {
                    if row == 0 {
                        let note =
                            exchange.origin == .sent
                            ? "…" : "Nothing was sent in this session: this is the stored answer."
                        buffer.write(note, x: rect.x, y: y, limit: rect.maxX, style: theme.muted)
                    }
                    return
                }
                let lines = shown.lines(revealed: view.revealsSecrets)
                guard number < lines.count else { break }
                // Header lines until the blank line; the body after it is plain text.
                let inHead = !lines[...number].contains("")
                pieces =
                    inHead
                    ? headerPieces(lines[number], first: number == 0) : [(SafeText.escape(lines[number]), .plain)]
            case .raw:
                if number < head.count {
                    pieces = headerPieces(head[number], first: number == 0)
                } else if number > head.count, let document = exchange.document {
                    pieces = document.rawLine(number - head.count - 1, maxColumns: maxColumns)
                }
            case .errors:
                let rows = errorRows
                guard number < rows.count else { break }
                if number == 0 {
                    let mark = CheckResult.mark(passed: false)
                    pieces = [(mark, .failed), (String(rows[0].dropFirst(mark.count)), .plain)]
                } else {
                    pieces = [(rows[number], .plain)]
                }
            case .connection:
                guard number < connectionLines.count else { break }
                pieces = connectionPieces(connectionLines[number])
            case .schema:
                let rows = schemaRows
                guard number < rows.count else { break }
                let row = rows[number]
                if let passed = row.passed {
                    let mark = CheckResult.mark(passed: passed)
                    pieces = [(mark, passed ? .passed : .failed), (String(row.text.dropFirst(mark.count)), .plain)]
                } else {
                    pieces = [(row.text, .plain)]
                }
            case .checks:
                guard number < exchange.checks.count else { break }
                let check = exchange.checks[number]
                let mark = CheckResult.mark(passed: check.passed)
                pieces = [
                    (mark, check.passed ? TextRole.passed : TextRole.failed),
                    (String(check.description.dropFirst(mark.count)), .plain),
                ]
            case .body:
                guard let document = state.shownBodyDocument else {
                    if row == 0 {
                        buffer.write(
                            "indexing \(Units.bytes(response.body.count))…", x: rect.x, y: y,
                            limit: rect.maxX, style: theme.muted)
                    }
                    return
                }
                if document.kind == .empty {
                    if row == 0 { buffer.write("(empty body)", x: rect.x, y: y, limit: rect.maxX, style: theme.muted) }
                    return
                }
                pieces = document.line(number, maxColumns: maxColumns)
            }
            if !wraps, view.left > 0 { pieces = dropColumns(view.left, of: pieces) }
            guard !pieces.isEmpty else {
                y += 1
                continue
            }
            let rows = wraps ? TextWidth.cut(pieces, to: rect.width).dropFirst(skipped) : [pieces][...]
            for (index, line) in rows.enumerated() {
                guard y < rect.maxY else { break }
                var x = rect.x
                for piece in line {
                    x = buffer.write(piece.text, x: x, y: y, limit: rect.maxX, style: theme.role(piece.role))
                    if x >= rect.maxX { break }
                }
                if !needle.isEmpty {
                    highlight(needle, in: line, x: rect.x, y: y, limit: rect.maxX, theme: theme, on: &buffer)
                }
                if index == 0, number == view.matchLine {
                    buffer.restyle(Rect(x: rect.x, y: y, width: 1, height: 1)) { $0.reverse = true }
                }
                y += 1
            }
        }
    }

    /// Draws what a filter shows instead of lines (still waiting for its first result, or a query that does not
    /// parse); true when its result's lines are to be drawn.
    static func drawFilterState(_ filter: BodyFilter, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer)
        -> Bool
    {
        switch filter.result {
        case .success?: return true
        case nil:
            buffer.write("filtering…", x: rect.x, y: rect.y, limit: rect.maxX, style: theme.muted)
        case .failure(let failure)?:
            var y = rect.y
            if let column = failure.column, rect.height >= filterErrorLines {
                let query = SafeText.escape(filter.query)
                buffer.write(query, x: rect.x, y: y, limit: rect.maxX)
                let before = TextWidth.width(
                    of: SafeText.escape(String(filter.query.unicodeScalars.prefix(column - 1))))
                buffer.write("^", x: rect.x + before, y: y + 1, limit: rect.maxX, style: theme.error)
                y += 2
            }
            for line in TextWidth.wrap(SafeText.escape(failure.description), to: rect.width) where y < rect.maxY {
                buffer.write(line, x: rect.x, y: y, limit: rect.maxX, style: theme.error)
                y += 1
            }
        }
        return false
    }

    /// What the Checks tab says when there is no check to list.
    static func checksPlaceholder(_ state: AppState, exchange: Exchange) -> String {
        let endpoint = state.catalog.profile(exchange.key.profile)?.endpoint(exchange.key.endpoint)
        guard endpoint?.expectation != nil else { return "No checks: this endpoint has no `expect:`." }
        if case .stored = exchange.origin { return "A stored answer is not checked: send the endpoint." }
        return "checking…"
    }

    /// The pieces without their first `columns` display columns (a wide character cut in half is dropped).
    static func dropColumns(
        _ columns: Int, of pieces: [(text: String, role: TextRole)]
    ) -> [(text: String, role: TextRole)] {
        var skip = columns
        var result: [(text: String, role: TextRole)] = []
        for piece in pieces {
            guard skip > 0 else {
                result.append(piece)
                continue
            }
            var rest = Substring(piece.text)
            while skip > 0, let first = rest.first {
                skip -= TextWidth.width(of: first)
                rest = rest.dropFirst()
            }
            if !rest.isEmpty { result.append((String(rest), piece.role)) }
        }
        return result
    }

    /// A Connection tab line: headings and labels in the key colour, values (server text among them) escaped.
    static func connectionPieces(_ line: String) -> [(text: String, role: TextRole)] {
        guard line.hasPrefix(" ") else { return [(SafeText.escape(line), .key)] }
        let width = ConnectionInfo.labelWidth
        let label = String(line.prefix(width))
        return [(label, .muted), (SafeText.escape(String(line.dropFirst(width))), .plain)]
    }

    static func headerPieces(_ line: String, first: Bool) -> [(text: String, role: TextRole)] {
        if first { return [(SafeText.escape(line), .key)] }
        guard let colon = line.firstIndex(of: ":") else { return [(SafeText.escape(line), .plain)] }
        return [(SafeText.escape(line[..<colon]), .key), (SafeText.escape(line[colon...]), .plain)]
    }

    /// Marks every occurrence of the search text on a drawn line.
    static func highlight(
        _ needle: String, in pieces: [(text: String, role: TextRole)], x: Int, y: Int, limit: Int, theme: Theme,
        on buffer: inout ScreenBuffer
    ) {
        let characters = Array(pieces.map(\.text).joined())
        let lowered = characters.map { Character($0.lowercased()) }
        let target = Array(needle)
        guard target.count <= lowered.count else { return }
        var columns: [Int] = []
        var column = x
        for character in characters {
            columns.append(column)
            column += TextWidth.width(of: character)
        }
        var i = 0
        while i + target.count <= lowered.count {
            if Array(lowered[i..<(i + target.count)]) == target {
                let start = columns[i]
                let end = i + target.count < columns.count ? columns[i + target.count] : column
                buffer.restyle(Rect(x: start, y: y, width: min(end, limit) - start, height: 1)) { style in
                    style = theme.searchMatch
                }
                i += target.count
            } else {
                i += 1
            }
        }
    }
}

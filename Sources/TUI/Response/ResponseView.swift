import ExplorerCore

/// The response pane: status line coloured by class (or why there was none), metrics or live progress, the tab
/// line, and the body, headers or raw view.
enum ResponseView {
    static func draw(_ state: AppState, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let focused = state.focus == .response && state.overlay == nil
        BoxView.draw(rect, title: "Response", focused: focused, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        guard let transfer = state.shownTransfer else {
            let hint = state.selectedEndpoint == nil ? "" : "Enter or Ctrl-R sends the request."
            buffer.write(hint, x: inner.x + 1, y: inner.y, limit: inner.maxX, style: theme.muted)
            return
        }
        let (header, _) = inner.splitTop(Layout.responseHeaderRows)
        let statusRow = header.row(0)
        let figures = Rect(x: header.x, y: header.y + 1, width: header.width, height: 3)
        let tabRow = header.row(4)
        let body = Layout(width: state.width, height: state.height).responseBody

        switch transfer.outcome {
        case nil:
            var x = buffer.write(
                "sending ", x: statusRow.x, y: statusRow.y, limit: statusRow.maxX, style: theme.running)
            x = buffer.write(
                transfer.method.rawValue + " ", x: x, y: statusRow.y, limit: statusRow.maxX,
                style: theme.method(transfer.method))
            buffer.write(SafeText.escape(transfer.url), x: x, y: statusRow.y, limit: statusRow.maxX)
            ProgressView.draw(transfer, now: state.now.uptime, in: figures, theme: theme, on: &buffer)
        case .failure(let error)?:
            let text = SafeText.escape(error.isCancelled ? "cancelled" : error.description)
            let style = error.isCancelled ? theme.warning : theme.error
            buffer.write(text, x: statusRow.x, y: statusRow.y, limit: statusRow.maxX, style: style)
            ProgressView.draw(transfer, now: state.now.uptime, in: figures, theme: theme, on: &buffer)
            // A reason longer than the line (a token server's, say) is shown whole where the body would be.
            if TextWidth.width(of: text) > statusRow.width {
                for (index, line) in TextWidth.wrap(text, to: body.width - 2).prefix(body.height).enumerated() {
                    buffer.write(line, x: body.x + 1, y: body.y + index, limit: body.maxX, style: style)
                }
            }
        case .response(let response)?:
            let age = transfer.responseAge(now: state.now.uptime)
            drawStatus(response, transfer: transfer, age: age, in: statusRow, theme: theme, on: &buffer)
            if case .stored(let isFresh) = transfer.origin {
                drawStoredNote(isFresh: isFresh, in: figures, theme: theme, on: &buffer)
            } else if transfer.progress.sent > 16 << 20 || transfer.progress.received > 16 << 20 {
                // Big transfers keep their final progress figures; the timings go on the status line.
                ProgressView.draw(
                    transfer, now: state.now.uptime, in: figures.splitTop(2).top, theme: theme,
                    on: &buffer)
                drawPhasesCompact(response, in: figures.row(2), theme: theme, on: &buffer)
            } else {
                MetricsBarView.draw(response, age: age, in: figures, theme: theme, on: &buffer)
            }
            drawTabs(state, transfer: transfer, response: response, in: tabRow, theme: theme, on: &buffer)
            BodyView.draw(state, transfer: transfer, in: body, theme: theme, on: &buffer)
        }
    }

    /// The status, a mark when the answer is not fresh from the server (stored, cached, revalidated), the method
    /// and the URL.
    static func drawStatus(
        _ response: Response, transfer: Exchange, age: Duration?, in row: Rect, theme: Theme,
        on buffer: inout ScreenBuffer
    ) {
        var x = buffer.write(
            " \(SafeText.escape(response.statusLine)) ", x: row.x, y: row.y, limit: row.maxX,
            style: theme.status(response.statusClass).with(reverse: true))
        let badge: String? =
            switch transfer.origin {
            case .stored(let isFresh): "stored · \(Units.age(age ?? .zero)) old\(isFresh ? "" : " · stale")"
            case .sent: MetricsBarView.cacheBadge(response, age: age)
            }
        if let badge {
            x = buffer.write(" ", x: x, y: row.y, limit: row.maxX)
            x = buffer.write(" \(badge) ", x: x, y: row.y, limit: row.maxX, style: theme.accent.with(reverse: true))
        }
        x = buffer.write(
            " " + transfer.method.rawValue + " ", x: x, y: row.y, limit: row.maxX,
            style: theme.method(transfer.method))
        buffer.write(
            SafeText.escape(shownURL(response, transfer: transfer)), x: x, y: row.y, limit: row.maxX,
            style: theme.muted)
    }

    /// The URL as requested with secrets masked (the transfer's), plus where redirects ended without its query:
    /// the final URL as received may carry a credential (an API key in the query) in clear.
    static func shownURL(_ response: Response, transfer: Exchange) -> String {
        guard response.metrics.redirects > 0 else { return transfer.url }
        let final = response.url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? response.url
        return transfer.url + " → " + final
    }

    /// In place of timings for a stored response: that nothing was sent, and what a send would do.
    static func drawStoredNote(isFresh: Bool, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let lines = [
            "The last stored answer; nothing was sent in this session.",
            isFresh
                ? "Enter answers from the cache while fresh; R asks the server."
                : "It is stale: Enter asks the server (revalidating it when it can).",
        ]
        for (i, line) in lines.enumerated() where i < rect.height {
            buffer.write(line, x: rect.x, y: rect.y + i, limit: rect.maxX, style: theme.muted)
        }
    }

    static func drawPhasesCompact(_ response: Response, in row: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let m = response.metrics
        let text =
            "total \(Units.duration(m.total)) · first byte \(Units.duration(m.firstByte)) · transfer "
            + "\(Units.duration(m.transfer)) · \(m.reusedConnection ? "reused" : "new") connection"
        buffer.write(text, x: row.x, y: row.y, limit: row.maxX, style: theme.muted)
    }

    static func drawTabs(
        _ state: AppState, transfer: Exchange, response: Response, in row: Rect, theme: Theme,
        on buffer: inout ScreenBuffer
    ) {
        var x = row.x
        for tab in ResponseTab.allCases {
            x = buffer.write(
                " \(tab.title) ", x: x, y: row.y, limit: row.maxX,
                style: tab == state.response.tab ? theme.activeTab : theme.muted)
        }
        var info = [Units.bytes(response.body.count)]
        if let type = response.contentType { info.append(SafeText.escape(type)) }
        if let document = transfer.document {
            let lines = state.responseLineCount()
            if lines > 0 {
                let last = min(
                    lines,
                    state.response.top
                        + Layout(width: state.width, height: state.height)
                        .responseBody.height)
                info.append("lines \(state.response.top + 1)-\(last) of \(lines)")
            }
            // First, so a narrow pane still shows that the lines are scrolled sideways.
            if state.response.left > 0 { info.insert("from col \(state.response.left + 1)", at: 0) }
            if let error = document.jsonError { info.append("not valid JSON: \(error)") }
        } else {
            info.append("indexing…")
        }
        if let field = state.response.searchField {
            x = buffer.write("  /", x: x, y: row.y, limit: row.maxX, style: theme.accent)
            RequestEditorView.drawField(
                field, x: x, y: row.y, width: min(30, row.maxX - x), theme: theme,
                on: &buffer)
            return
        }
        if state.response.searching { info.append("searching…") }
        if !state.response.query.isEmpty { info.append("/\(SafeText.escape(state.response.query))") }
        buffer.write("  " + info.joined(separator: " · "), x: x, y: row.y, limit: row.maxX, style: theme.muted)
    }
}

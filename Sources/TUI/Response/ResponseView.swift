import ExplorerCore
import ExplorerHistory

/// The response pane: status line coloured by class (or why there was none), metrics or live progress, the tab
/// line, and the body, headers or raw view.
enum ResponseView {
    static func draw(_ state: AppState, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let focused = state.focus == .response && state.overlay == nil
        BoxView.draw(rect, title: "Response", focused: focused, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        if let bench = state.shownBench {
            BenchView.draw(bench, keyMap: state.keyMap, in: inner, theme: theme, on: &buffer)
            return
        }
        guard let exchange = state.shownExchange else {
            // The keys as the map in effect binds them (`keys.yaml` may have moved send).
            let keys = state.keyMap.keys(for: .send, in: .list).map(\.label)
            let hint =
                state.selectedEndpoint == nil || keys.isEmpty
                ? "" : keys.joined(separator: " or ") + " sends the request."
            buffer.write(hint, x: inner.x + 1, y: inner.y, limit: inner.maxX, style: theme.muted)
            return
        }
        let (header, _) = inner.splitTop(Layout.responseHeaderRows)
        let statusRow = header.row(0)
        let figures = Rect(x: header.x, y: header.y + 1, width: header.width, height: 3)
        let tabRow = header.row(4)
        let body = state.layout.responseBody

        switch exchange.outcome {
        case nil:
            // What the exchange is doing now (connecting, sending, waiting for the answer, receiving).
            var x = buffer.write(
                exchange.progress.stage.label + " ", x: statusRow.x, y: statusRow.y, limit: statusRow.maxX,
                style: theme.running)
            x = buffer.write(
                exchange.method.rawValue + " ", x: x, y: statusRow.y, limit: statusRow.maxX,
                style: theme.method(exchange.method))
            buffer.write(SafeText.escape(exchange.url), x: x, y: statusRow.y, limit: statusRow.maxX)
            ProgressView.draw(exchange, now: state.now.uptime, in: figures, theme: theme, on: &buffer)
            if let events = exchange.events {
                // A stream shows its events as they come, before it ends. In a narrow pane the timing parts give
                // way first, so the key that stops the stream stays in sight.
                let items = events.summary.components(separatedBy: " · ") + ["Esc stops"]
                let timing = items.indices.filter { items[$0].hasPrefix("first ") || items[$0].hasPrefix("max gap ") }
                let label = " Events  "
                let fitted = TextWidth.fitted(
                    items, separator: " · ", to: max(0, tabRow.width - TextWidth.width(of: label)), leavingOut: timing)
                buffer.write(
                    label + fitted, x: tabRow.x, y: tabRow.y, limit: tabRow.maxX, style: theme.activeTab)
                EventsView.draw(
                    events, top: state.response.top, left: state.response.left, in: body, theme: theme,
                    on: &buffer)
            }
        case .failure(let error)?:
            let text = SafeText.escape(error.summary)
            let style = error.isCancelled ? theme.warning : theme.error
            buffer.write(text, x: statusRow.x, y: statusRow.y, limit: statusRow.maxX, style: style)
            ProgressView.draw(exchange, now: state.now.uptime, in: figures, theme: theme, on: &buffer)
            // A reason longer than the line (a token server's, say) is shown whole where the body would be.
            if TextWidth.width(of: text) > statusRow.width {
                for (index, line) in TextWidth.wrap(text, to: body.width - 2).prefix(body.height).enumerated() {
                    buffer.write(line, x: body.x + 1, y: body.y + index, limit: body.maxX, style: style)
                }
            }
        case .response(let response)?:
            let age = exchange.responseAge(now: state.now.uptime)
            drawStatus(response, exchange: exchange, age: age, in: statusRow, theme: theme, on: &buffer)
            if let session = exchange.webSocket {
                // The handshake's waterfall, then the session: open (what it agreed) or how it closed.
                MetricsBarView.draw(response, in: figures.splitTop(2).top, theme: theme, on: &buffer)
                let style =
                    session.phase == .closed
                    ? (session.close?.isNormal == false ? theme.error : theme.muted) : theme.running
                var line = session.line
                if let file = session.file { line += " · writing to " + SafeText.escape(file) }
                buffer.write(line, x: figures.x, y: figures.y + 2, limit: figures.maxX, style: style)
            } else if case .stored(let isFresh) = exchange.origin {
                drawStoredNote(isFresh: isFresh, in: figures, theme: theme, on: &buffer)
            } else if case .history(let recordedAt) = exchange.origin {
                // The age goes first, where the eye lands; the metrics as they were recorded follow.
                let badge = HistoryEntry.ageBadge(recordedAt: recordedAt, now: state.now.date)
                buffer.write(
                    " \(badge) ", x: figures.x, y: figures.y, limit: figures.maxX,
                    style: theme.warning.with(reverse: true))
                if figures.height > 1 {
                    MetricsBarView.draw(
                        response, age: age, in: figures.splitTop(1).rest, theme: theme, on: &buffer)
                }
            } else if exchange.progress.sent > 16 << 20 || exchange.progress.received > 16 << 20 {
                // Big transfers keep their final progress figures; the timings go on the status line.
                ProgressView.draw(
                    exchange, now: state.now.uptime, in: figures.splitTop(2).top, theme: theme,
                    on: &buffer)
                drawPhasesCompact(response, in: figures.row(2), theme: theme, on: &buffer)
            } else {
                let shownFor = Duration.seconds(max(0, state.now.uptime - (exchange.finishedAt ?? state.now.uptime)))
                MetricsBarView.draw(response, age: age, shownFor: shownFor, in: figures, theme: theme, on: &buffer)
            }
            drawTabs(state, exchange: exchange, response: response, in: tabRow, theme: theme, on: &buffer)
            BodyView.draw(state, exchange: exchange, in: body, theme: theme, on: &buffer)
        }
    }

    /// The core's status line (`HTTP/1.1 200 OK · 12.0 ms · 3.40 KiB`, as `apix run` prints it), its mark when
    /// the answer is not fresh from the server (`ResponseSource.badge`), the method and the URL.
    static func drawStatus(
        _ response: Response, exchange: Exchange, age: Duration?, in row: Rect, theme: Theme,
        on buffer: inout ScreenBuffer
    ) {
        var x = buffer.write(
            " \(SafeText.escape(response.statusText)) ", x: row.x, y: row.y, limit: row.maxX,
            style: theme.status(response.statusClass).with(reverse: true))
        x = buffer.write("· \(response.figuresText) ", x: x, y: row.y, limit: row.maxX)
        let stale = exchange.origin == .stored(isFresh: false)
        if let badge = response.source.badge(age: age ?? response.age ?? .zero, stale: stale) {
            x = buffer.write(" \(badge) ", x: x, y: row.y, limit: row.maxX, style: theme.accent.with(reverse: true))
        }
        x = buffer.write(
            " " + exchange.method.rawValue + " ", x: x, y: row.y, limit: row.maxX,
            style: theme.method(exchange.method))
        // Too long for the line: cut in the middle, so the origin and the end of the path both show (in a room too
        // small for both, the start of the origin is what is left).
        let room = row.maxX - x
        let full = SafeText.escape(shownURL(response, exchange: exchange))
        let url = room >= 24 ? TextWidth.elideMiddle(full, to: room) : full
        buffer.write(url, x: x, y: row.y, limit: row.maxX, style: theme.muted)
    }

    /// The URL as requested with secrets masked (the exchange's), plus where redirects ended without its query:
    /// the final URL as received may carry a credential (an API key in the query) in clear.
    static func shownURL(_ response: Response, exchange: Exchange) -> String {
        guard response.metrics.redirects > 0 else { return exchange.url }
        let final = response.url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? response.url
        return exchange.url + " → " + final
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
        buffer.write(compactPhases(response.metrics), x: row.x, y: row.y, limit: row.maxX, style: theme.muted)
    }

    /// `total 1.52 s · wait 12.0 ms · transfer 1.50 s · new connection`, in the core's labels.
    static func compactPhases(_ metrics: Metrics) -> String {
        let phases = metrics.phases.filter { $0.phase == .wait || $0.phase == .transfer }
        let parts =
            ["\(Metrics.totalLabel) \(Units.duration(metrics.total))"]
            + phases.map { "\($0.phase.label) \(Units.duration($0.duration))" }
            + [metrics.reusedConnection ? "reused connection" : "new connection"]
        return parts.joined(separator: " · ")
    }

    /// The tabs on the tab line and their titles as drawn (a stream's Body tab is its Events view), each followed
    /// by its checks mark and a space; clicks are read against the same.
    static func tabTitles(_ state: AppState, exchange: Exchange) -> [(tab: ResponseTab, title: String)] {
        state.responseTabs(for: exchange).map { tab in
            (
                tab,
                " "
                    + (tab == .body && exchange.events != nil
                        ? (exchange.webSocket != nil ? "Conversation" : "Events") : tab.title)
            )
        }
    }

    /// The tab drawn at column `x` of the tab line, if any.
    static func tab(at x: Int, _ state: AppState, exchange: Exchange, in row: Rect) -> ResponseTab? {
        var column = row.x
        for (tab, title) in tabTitles(state, exchange: exchange) {
            var end = column + TextWidth.width(of: title)
            if tab == .checks, !exchange.checks.isEmpty { end += 2 }
            if x >= column, x < end { return tab }
            column = end + 1
        }
        return nil
    }

    static func drawTabs(
        _ state: AppState, exchange: Exchange, response: Response, in tabRow: Rect, theme: Theme,
        on buffer: inout ScreenBuffer
    ) {
        let row = tabRow
        var x = row.x
        for (tab, title) in tabTitles(state, exchange: exchange) {
            x = buffer.write(
                title, x: x, y: row.y, limit: row.maxX,
                style: tab == state.response.tab ? theme.activeTab : theme.muted)
            if tab == .checks, !exchange.checks.isEmpty {
                let passed = exchange.checks.allSatisfy(\.passed)
                x = buffer.write(
                    " " + CheckResult.mark(passed: passed), x: x, y: row.y, limit: row.maxX,
                    style: passed ? theme.ok : theme.error)
            }
            x = buffer.write(" ", x: x, y: row.y, limit: row.maxX)
        }
        // The request as it went is apart, at the right: it is not a view of the response.
        let requestTitle = " 4 \(ResponseTab.request.title) "
        let titleWidth = TextWidth.width(of: requestTitle)
        if state.response.tab == .request {
            let titleX = max(x, row.maxX - titleWidth)
            buffer.write(requestTitle, x: titleX, y: row.y, limit: row.maxX, style: theme.activeTab)
            let rest = Rect(x: row.x, y: row.y, width: max(0, titleX - 1 - row.x), height: 1)
            drawRequestInfo(state, exchange: exchange, x: x, in: rest, theme: theme, on: &buffer)
            return
        }
        // A stream's counts already say its size (`5 events · 3.1/s · 5 B · …`): not twice.
        let size = BodyDecoding.sizeText(of: response.body, decoding: response.metrics.decoding)
        var info = [exchange.events?.summary ?? size]
        // Where the line is short, what is said elsewhere goes first: the type (the Headers tab), then the size (the
        // status line).
        let type = response.contentType.map { SafeText.escape($0) }
        if let type { info.append(type) }
        let spare = (type.map { [$0] } ?? []) + (exchange.events == nil ? [size] : [])
        if let filter = state.response.filter, state.response.tab == .body {
            info.insert(filterInfo(filter), at: 0)
        }
        if let document = exchange.document {
            let lines = state.responseLineCount()
            if lines > 0 {
                let last = min(
                    lines,
                    state.response.top
                        + state.layout
                        .responseBody.height)
                info.append("lines \(state.response.top + 1)-\(last) of \(lines)")
            }
            // First, so a narrow pane still shows that the lines are scrolled sideways.
            if state.response.left > 0 { info.insert("from col \(state.response.left + 1)", at: 0) }
            if let error = document.jsonError { info.append("not valid JSON: \(error)") }
        } else {
            info.append("indexing…")
        }
        if let field = state.response.filterField {
            x = buffer.write("  JSONPath ", x: x, y: row.y, limit: row.maxX, style: theme.accent)
            // As wide as the query (room kept for the outcome after it).
            let width = max(1, min(max(16, TextWidth.width(of: field.text) + 2), row.maxX - x - 14))
            RequestEditorView.drawField(field, x: x, y: row.y, width: width, theme: theme, on: &buffer)
            let note = state.response.filter.map(filterOutcome) ?? ""
            buffer.write(" " + note, x: x + width, y: row.y, limit: row.maxX, style: theme.muted)
            return
        }
        if let field = state.response.searchField {
            x = buffer.write("  /", x: x, y: row.y, limit: row.maxX, style: theme.accent)
            x = RequestEditorView.drawField(
                field, x: x, y: row.y, width: min(30, row.maxX - x), theme: theme,
                on: &buffer)
            buffer.write(searchCount(state, exchange), x: x, y: row.y, limit: row.maxX, style: theme.muted)
            return
        }
        if state.response.searching { info.append("searching…") }
        if !state.response.query.isEmpty {
            var search = "/\(SafeText.escape(state.response.query))"
            if let matches = state.response.matches,
                matches.isFor(exchange: exchange.id, tab: state.response.tab, query: state.response.query)
            {
                search += " " + matches.wording(current: state.response.matchIndex)
            }
            // First: the count is what a search is waiting for, and the line is cut at the pane's width.
            info.insert(search, at: 0)
        }
        let text = "  " + Self.fitting(info, width: row.maxX - x - 2, spare: spare)
        // The Request tab's title only where the line has room for it beside the rest (`4` opens it anyway).
        if TextWidth.width(of: text) + titleWidth < row.maxX - x {
            buffer.write(requestTitle, x: row.maxX - titleWidth, y: row.y, limit: row.maxX, style: theme.muted)
        }
        buffer.write(text, x: x, y: row.y, limit: row.maxX, style: theme.muted)
    }

    /// The count beside the search field while the query is typed (` 3/12`, ` searching…`), as after Enter.
    static func searchCount(_ state: AppState, _ exchange: Exchange) -> String {
        if let matches = state.response.matches,
            matches.isFor(exchange: exchange.id, tab: state.response.tab, query: state.response.query)
        {
            return " " + matches.wording(current: state.response.matchIndex)
        }
        return state.response.searching ? " searching…" : ""
    }

    /// The Request tab's line: lines shown, whether secrets are masked, the search.
    static func drawRequestInfo(
        _ state: AppState, exchange: Exchange, x: Int, in row: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        if let field = state.response.searchField {
            let after = buffer.write("  /", x: x, y: row.y, limit: row.maxX, style: theme.accent)
            let end = RequestEditorView.drawField(
                field, x: after, y: row.y, width: min(30, row.maxX - after), theme: theme, on: &buffer)
            buffer.write(searchCount(state, exchange), x: end, y: row.y, limit: row.maxX, style: theme.muted)
            return
        }
        var info = ["as sent"]
        let lines = state.responseLineCount()
        if lines > 0 {
            let height = state.layout.responseBody.height
            info.append("lines \(state.response.top + 1)-\(min(lines, state.response.top + height)) of \(lines)")
        }
        info.append(state.response.revealsSecrets ? "secrets in clear (V masks)" : "secrets masked (V shows)")
        if !state.response.query.isEmpty {
            var search = "/\(SafeText.escape(state.response.query))"
            if let matches = state.response.matches,
                matches.isFor(exchange: exchange.id, tab: .request, query: state.response.query)
            {
                search += " " + matches.wording(current: state.response.matchIndex)
            }
            info.insert(search, at: 0)
        }
        // Whether secrets show is what the line is for; what the tab says of itself and its lines go first.
        let text = fitting(info, width: row.maxX - x - 2, spare: ["as sent"] + info.filter { $0.hasPrefix("lines ") })
        buffer.write("  " + text, x: x, y: row.y, limit: row.maxX, style: theme.muted)
    }

    /// `items` joined with ` · `; when that is wider than `width`, the items of `spare` are left out first, in its
    /// order, rather than have the line cut through what comes after them (a line count cut to `lines 1-8 of`
    /// reads as another count). What still does not fit is cut at the pane.
    static func fitting(_ items: [String], width: Int, spare: [String]) -> String {
        var items = items
        var text = items.joined(separator: " · ")
        for item in spare where TextWidth.width(of: text) > width {
            guard let index = items.firstIndex(of: item) else { continue }
            items.remove(at: index)
            text = items.joined(separator: " · ")
        }
        return text
    }

    /// `JSONPath $.items[*] · 3 matches`: the filter on and how it went.
    static func filterInfo(_ filter: BodyFilter) -> String {
        "JSONPath \(SafeText.escape(filter.query)) · \(filterOutcome(filter))"
    }

    /// `3 matches` (the core's words), `filtering…`, or `invalid query` (the body pane says where).
    static func filterOutcome(_ filter: BodyFilter) -> String {
        if filter.running { return "filtering…" }
        switch filter.result {
        case .success(let body)?: return body.filter.summary
        case .failure(.query)?: return "invalid query"
        case .failure(.body)?: return "not JSON"
        case .failure(.tooExpensive)?: return "too expensive"
        case nil: return "filtering…"
        }
    }
}

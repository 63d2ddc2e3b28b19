import ExplorerCore

/// The left pane: profiles → folders → endpoints with method badges, the filter line, running marks, and a
/// problems panel for broken profiles.
enum EndpointListView {
    static func draw(_ state: AppState, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let focused = state.focus == .list && state.overlay == nil
        // Every endpoint loaded, folded or not; with a filter, the ones it matches (all listed: a filter unfolds).
        let count =
            !state.isListFiltered
            ? state.profiles.reduce(0) { $0 + $1.endpoints.count }
            : state.rows.filter { if case .endpoint = $0 { true } else { false } }.count
        BoxView.draw(rect, title: "Endpoints (\(count))", focused: focused, theme: theme, on: &buffer)
        // The same areas `update` scrolls by (the caller draws the list at `Layout.list`).
        let areas = state.listAreas
        let inner = areas.rows
        guard !rect.inset(1).isEmpty else { return }

        if let panel = areas.problems {
            ProblemsView.drawPanel(state.shownProblems, in: panel, theme: theme, on: &buffer)
        }
        if let line = areas.filterLine {
            var x = buffer.write("/", x: line.x, y: line.y, style: theme.accent)
            // A method filter reads before the query, like the token it narrows by.
            if let method = state.methodFilter {
                x = buffer.write(
                    method, x: x, y: line.y, limit: line.maxX,
                    style: theme.method(HTTPMethod(rawValue: method) ?? .get).with(reverse: true))
                x = buffer.write(" ", x: x, y: line.y, limit: line.maxX)
            }
            let field = state.filter.visible(columns: max(1, line.maxX - x - 1))
            buffer.write(field.text, x: x, y: line.y, limit: line.maxX)
            if state.isFiltering {
                markCursor(x: x + field.cursor, y: line.y, limit: line.maxX, theme: theme, on: &buffer)
            }
        }
        if state.rows.isEmpty {
            guard !state.isListFiltered, state.catalog.profiles.isEmpty else {
                buffer.write("no endpoint matches", x: inner.x + 1, y: inner.y, limit: inner.maxX, style: theme.muted)
                return
            }
            // Where apix looked and how to start, word-wrapped into the pane.
            let directory = state.profileDirectory.isEmpty ? "the profile directory" : state.profileDirectory
            var y = inner.y
            let send = state.keyMap.keys(for: .oneOffRequest, in: .global).first?.label ?? "o"
            let keep = state.keyMap.keys(for: .keepOneOff, in: .global).first?.label ?? "O"
            let now =
                "or now: \(send) sends a URL or a curl command line (\(keep) keeps it, in the scratch profile "
                + "of the state directory)"
            for paragraph in ProfileCatalog.emptyExplanation(directory: directory, nearby: state.nearby) + [now] {
                for line in TextWidth.wrap(SafeText.escape(paragraph), to: max(1, inner.width - 2)) {
                    guard y < inner.maxY else { return }
                    buffer.write(line, x: inner.x + 1, y: y, limit: inner.maxX, style: theme.muted)
                    y += 1
                }
            }
            return
        }
        let running = Set(state.runningExchanges.map(\.key))
        let top = min(state.listTop, max(0, state.rows.count - inner.height))
        for line in 0..<inner.height {
            let index = top + line
            guard index < state.rows.count else { break }
            let y = inner.y + line
            let selected = index == state.selectedRow
            drawRow(
                state.rows[index], state: state, running: running, x: inner.x, y: y, limit: inner.maxX,
                theme: theme, on: &buffer)
            if selected {
                let style = focused ? theme.selected : theme.selectedUnfocused
                buffer.restyle(Rect(x: inner.x, y: y, width: inner.width, height: 1)) { cell in
                    cell.reverse = style.reverse
                    cell.underline = style.underline || cell.underline
                    if theme.colors && !focused {
                        cell.foreground = style.foreground
                        cell.background = style.background
                    }
                }
            }
        }
    }

    /// Fewer columns than this left after an id show no name at all rather than a stub of one.
    static let minimumNameColumns = 4

    static func drawRow(
        _ row: ListRow, state: AppState, running: Set<EndpointKey>, x: Int, y: Int, limit: Int, theme: Theme,
        on buffer: inout ScreenBuffer
    ) {
        let filtering = state.isListFiltered
        switch row {
        case .profile(let p):
            let profile = state.profiles[p]
            let open = filtering || !state.collapsed.contains(AppState.profileKey(profile.id))
            var column = buffer.write((open ? "▾ " : "▸ "), x: x, y: y, limit: limit, style: theme.accent)
            column = buffer.write(SafeText.escape(profile.name), x: column, y: y, limit: limit, style: theme.title)
            buffer.write(
                " · " + SafeText.escape(state.environmentName(for: profile)), x: column, y: y, limit: limit,
                style: theme.muted)
        case .folder(let p, let name):
            let open = filtering || !state.collapsed.contains(AppState.folderKey(state.profiles[p].id, name))
            let column = buffer.write((open ? "  ▾ " : "  ▸ "), x: x, y: y, limit: limit, style: theme.accent)
            buffer.write(SafeText.escape(name), x: column, y: y, limit: limit, style: theme.title)
        case .endpoint(let p, let index):
            let profile = state.profiles[p]
            let endpoint = profile.endpoints[index]
            let indent = endpoint.folder == nil ? "  " : "    "
            var column = buffer.write(indent, x: x, y: y, limit: limit)
            let key = EndpointKey(profile: profile.id, endpoint: endpoint.id)
            // The method as it will be sent: an unsaved `M` shows here too (the row's ✎ says it is not saved).
            let method = state.drafts[key]?.method ?? endpoint.method
            // A WebSocket endpoint opens a session: `WS`, not the upgrade's GET.
            let label = endpoint.webSocket != nil ? "WS" : method.rawValue
            column = buffer.write(
                TextWidth.pad(label, to: 7), x: column, y: y, limit: limit, style: theme.method(method))
            let isRunning = running.contains(key)
            let marker =
                isRunning
                ? " ⟳" : (state.drafts[key].map { $0 != RequestDraft(endpoint: endpoint) } == true ? " ✎" : "")
            // The last checks of the endpoint in this session, at a glance.
            let checks = isRunning ? nil : state.lastChecks[key]
            let checkMark = checks.map { " " + CheckResult.mark(passed: $0) } ?? ""
            let room = limit - column - TextWidth.width(of: marker) - TextWidth.width(of: checkMark)
            let id = TextWidth.truncate(SafeText.escape(endpoint.id), to: room)
            column = buffer.write(id, x: column, y: y, limit: limit)
            // The name after the id (the id is what `apix run` takes), as much of it as fits.
            let nameRoom = room - TextWidth.width(of: id) - 2
            if endpoint.name != endpoint.id, nameRoom >= minimumNameColumns {
                column = buffer.write(
                    "  " + TextWidth.truncate(SafeText.escape(endpoint.name), to: nameRoom), x: column, y: y,
                    limit: limit, style: theme.muted)
            }
            if !marker.isEmpty {
                column = buffer.write(
                    marker, x: column, y: y, limit: limit, style: isRunning ? theme.running : theme.muted)
            }
            if let checks {
                buffer.write(checkMark, x: column, y: y, limit: limit, style: checks ? theme.ok : theme.error)
            }
        }
    }

    static func markCursor(x: Int, y: Int, limit: Int, theme: Theme, on buffer: inout ScreenBuffer) {
        guard x < limit, x >= 0, x < buffer.width, y < buffer.height else { return }
        if buffer[x, y].text == " " || buffer[x, y].text.isEmpty { buffer.write(" ", x: x, y: y, limit: limit) }
        buffer.restyle(Rect(x: x, y: y, width: 1, height: 1)) { $0.reverse = true }
    }
}

import ExplorerCore

/// The request editor: method and resolved URL (secrets masked), then tabs for params, query, headers and body.
enum RequestEditorView {
    static func draw(_ state: AppState, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        let focused = state.focus == .editor && state.overlay == nil
        // The endpoint's name, when it has one of its own, titles the box.
        let name = state.selectedEndpoint.flatMap { $0.name == $0.id ? nil : $0.name }
        let title = name.map { "Request — " + SafeText.escape($0) } ?? "Request"
        BoxView.draw(rect, title: title, focused: focused, theme: theme, on: &buffer)
        let inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        if state.isSketch, let endpoint = state.selectedEndpoint {
            // The profile's headers, variables and auth are not read yet: say so rather than show a partial request.
            var x = buffer.write(
                endpoint.method.rawValue, x: inner.x, y: inner.y, limit: inner.maxX,
                style: theme.method(endpoint.method))
            x = buffer.write(SafeText.escape(endpoint.path.raw), x: x + 1, y: inner.y, limit: inner.maxX)
            buffer.write("· loading the profile…", x: x + 1, y: inner.y, limit: inner.maxX, style: theme.muted)
            return
        }
        guard let key = state.selectedKey, let endpoint = state.selectedEndpoint, let draft = state.draft(for: key)
        else {
            buffer.write(
                "Select an endpoint in the list.", x: inner.x + 1, y: inner.y, limit: inner.maxX,
                style: theme.muted)
            return
        }

        // Method and URL preview (or the field editing one of them: `M`, `u`).
        let edit = state.fieldEdit.flatMap { $0.part == .url || $0.part == .method ? $0 : nil }
        var x = inner.x
        if let edit, edit.part == .method {
            x = drawField(edit.field, x: x, y: inner.y, width: 10, theme: theme, on: &buffer)
        } else {
            x = buffer.write(
                draft.method.rawValue, x: inner.x, y: inner.y, limit: inner.maxX, style: theme.method(draft.method))
        }
        x += 1
        if let edit, edit.part == .url {
            drawField(edit.field, x: x, y: inner.y, width: max(0, inner.maxX - x), theme: theme, on: &buffer)
        } else if let edit, edit.part == .method {
            buffer.write(SafeText.escape(draft.urlLine), x: x, y: inner.y, limit: inner.maxX, style: theme.muted)
        } else {
            drawPreview(state, x: x, in: inner, theme: theme, on: &buffer)
        }
        drawTabsAndRows(state, endpoint: endpoint, draft: draft, focused: focused, in: inner, theme: theme, on: &buffer)
    }

    static func drawPreview(_ state: AppState, x: Int, in inner: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        switch state.requestPreview?.result {
        case .success(let plan)?:
            // A WebSocket endpoint's address as its session shows it (`ws://`), not the upgrade request's http form.
            var url = CredentialPresentation.readable(plan.request.url)
            if state.selectedEndpoint?.webSocket != nil { url = WebSocketConnection.shownURL(url) }
            buffer.write(SafeText.escape(url), x: x, y: inner.y, limit: inner.maxX)
        case .failure(let error)?:
            // The line names the request already: what is wrong, not the file and line (the status bar and `m`
            // have those). An unfilled placeholder shows the path with the placeholder marked, and where to fill it.
            if case .missingPlaceholder(let name, let path) = error.reason {
                let parts = path.components(separatedBy: "{\(name)}")
                var at = x
                for (index, part) in parts.enumerated() {
                    at = buffer.write(SafeText.escape(part), x: at, y: inner.y, limit: inner.maxX)
                    if index < parts.count - 1 {
                        at = buffer.write("{\(name)}", x: at, y: inner.y, limit: inner.maxX, style: theme.error)
                    }
                }
                buffer.write(
                    "  fill {\(name)} in Params", x: at, y: inner.y, limit: inner.maxX, style: theme.muted)
            } else {
                buffer.write(
                    SafeText.escape(error.reasonText), x: x, y: inner.y, limit: inner.maxX, style: theme.error)
            }
        case nil:
            break
        }
    }

    static func drawTabsAndRows(
        _ state: AppState, endpoint: Endpoint, draft: RequestDraft, focused: Bool, in inner: Rect, theme: Theme,
        on buffer: inout ScreenBuffer
    ) {
        // The description on a line of its own, when there is room for it and the rows below.
        let tabY = tabLine(endpoint: endpoint, in: inner)
        if tabY > inner.y + 1, let description = endpoint.description {
            let line = description.split(whereSeparator: \.isNewline).joined(separator: " ")
            buffer.write(
                TextWidth.truncate(SafeText.escape(line), to: inner.width - 1), x: inner.x + 1, y: inner.y + 1,
                limit: inner.maxX, style: theme.muted)
        }

        // Tabs.
        var tabX = inner.x
        for (tab, label) in tabLabels(draft) {
            tabX = buffer.write(
                label, x: tabX, y: tabY, limit: inner.maxX,
                style: tab == state.editorTab ? theme.activeTab : theme.muted)
        }
        let content = Rect(x: inner.x, y: tabY + 1, width: inner.width, height: inner.maxY - tabY - 1)
        if state.editorTab == .body {
            drawBody(draft.body, in: content, theme: theme, on: &buffer)
        } else {
            drawRows(
                draft.rows(state.editorTab), state: state, focused: focused, in: content, theme: theme,
                on: &buffer)
        }
    }

    /// The row of the tab line inside the editor's border: under the method line, and under the endpoint's
    /// description when it has one and there is room for it (the view draws it there, a click is read there).
    static func tabLine(endpoint: Endpoint, in inner: Rect) -> Int {
        let hasDescription = endpoint.description.map { !$0.isEmpty } ?? false
        return inner.y + (hasDescription && inner.height >= minimumHeightForDescription ? 2 : 1)
    }

    /// Each tab and its label as the tab line shows them, left to right.
    static func tabLabels(_ draft: RequestDraft) -> [(tab: EditorTab, label: String)] {
        EditorTab.allCases.map { tab in
            let count =
                tab == .body ? (draft.body.map { "·" + $0.kind.name } ?? "") : "(\(draft.rows(tab).count))"
            return (tab, " \(tab.rawValue + 1) \(tab.title)\(count) ")
        }
    }

    /// The first row shown of `count` rows in `height` lines with `selected` kept in view (view and clicks).
    static func firstRow(selected: Int, height: Int) -> Int { max(0, selected - height + 1) }

    /// Inner rows the editor needs before it gives one to the endpoint's description.
    static let minimumHeightForDescription = 6

    static func drawRows(
        _ rows: [DraftRow], state: AppState, focused: Bool, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        guard !rect.isEmpty else { return }
        if rows.isEmpty {
            buffer.write("(none) — + adds a row", x: rect.x + 1, y: rect.y, limit: rect.maxX, style: theme.muted)
            return
        }
        // A name being typed widens the column with it (and its cursor), up to a third of the pane, so a new
        // header's name is not scrolled out of its own field at the ninth letter.
        let typed = state.fieldEdit.flatMap { $0.tab == state.editorTab && $0.part == .name ? $0.field.text : nil }
        let widest = (rows.map { TextWidth.width(of: $0.name) } + [typed.map { TextWidth.width(of: $0) + 1 } ?? 0])
            .max()
        let nameWidth = min(max(8, widest ?? 8), rect.width / 3)
        let top = firstRow(selected: state.editorRow, height: rect.height)
        for (line, index) in (top..<rows.count).enumerated() {
            guard line < rect.height else { break }
            let row = rows[index]
            let y = rect.y + line
            let edit = state.fieldEdit.flatMap {
                $0.row == index && $0.tab == state.editorTab && ($0.part == .name || $0.part == .value) ? $0 : nil
            }
            var x = buffer.write(
                row.enabled ? "[x] " : "[ ] ", x: rect.x, y: y, limit: rect.maxX,
                style: row.enabled ? theme.ok : theme.muted)
            let nameStyle = row.enabled ? theme.role(.key) : theme.muted
            if let edit, edit.part == .name {
                x = drawField(edit.field, x: x, y: y, width: nameWidth, theme: theme, on: &buffer)
            } else {
                x = buffer.write(
                    TextWidth.pad(SafeText.escape(row.name), to: nameWidth), x: x, y: y,
                    limit: rect.maxX, style: nameStyle)
            }
            x = buffer.write("  ", x: x, y: y, limit: rect.maxX)
            if let edit, edit.part == .value {
                drawField(edit.field, x: x, y: y, width: rect.maxX - x, theme: theme, on: &buffer)
            } else {
                // A ticked empty header is `null`: it removes the header the profile or environment would send.
                let removes = row.enabled && row.value.isEmpty && state.editorTab == .headers
                let value =
                    removes
                    ? "(removes the inherited header)"
                    : row.enabled || !row.value.isEmpty ? SafeText.escape(row.value) : "(not sent)"
                buffer.write(
                    value, x: x, y: y, limit: rect.maxX, style: row.enabled && !removes ? theme.plain : theme.muted)
            }
            if index == state.editorRow && focused && edit == nil {
                buffer.restyle(Rect(x: rect.x, y: y, width: rect.width, height: 1)) { $0.reverse = true }
            }
        }
    }

    @discardableResult
    static func drawField(_ field: LineEditor, x: Int, y: Int, width: Int, theme: Theme, on buffer: inout ScreenBuffer)
        -> Int
    {
        let visible = field.visible(columns: width)
        buffer.fill(Rect(x: x, y: y, width: width, height: 1), style: theme.selectedUnfocused.with(reverse: false))
        buffer.write(SafeText.escape(visible.text), x: x, y: y, limit: x + width)
        if field.isSelected {
            // Prefilled text that typing replaces reads as selected.
            let shown = min(width, visible.text.reduce(0) { $0 + TextWidth.width(of: $1) })
            buffer.restyle(Rect(x: x, y: y, width: shown, height: 1)) { $0.reverse = true }
        }
        EndpointListView.markCursor(x: x + visible.cursor, y: y, limit: x + width, theme: theme, on: &buffer)
        return x + width
    }

    static func drawBody(_ body: BodyDraft?, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        guard let body else {
            buffer.write("No body — Enter writes one", x: rect.x + 1, y: rect.y, limit: rect.maxX, style: theme.muted)
            return
        }
        let lines = body.text.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, line) in lines.prefix(rect.height).enumerated() {
            buffer.write(SafeText.escape(line), x: rect.x + 1, y: rect.y + i, limit: rect.maxX)
        }
        if lines.count > rect.height {
            buffer.write(
                "… \(lines.count - rect.height) more lines — Enter edits", x: rect.x + 1,
                y: rect.maxY - 1, limit: rect.maxX, style: theme.muted)
        }
    }
}

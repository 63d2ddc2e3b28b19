/// Clicks and the wheel, hit-tested against the rectangles `Layout` gives the views: a click focuses the pane under
/// it and selects the row or tab there (a folder or profile row toggles); the wheel scrolls what is under the
/// pointer. Windows and text fields keep the keyboard's rules: while one is open only the wheel acts, and only where
/// it cannot change what is being edited.
extension AppState {
    /// Lines (or rows) one wheel notch moves.
    static let wheelStep = 3

    mutating func handleMouse(_ event: MouseEvent) -> [Effect] {
        switch event.kind {
        case .wheelUp, .wheelDown: return wheel(down: event.kind == .wheelDown, x: event.x, y: event.y)
        case .press(.left): return click(x: event.x, y: event.y)
        case .press, .release, .drag: return []
        }
    }

    /// Whether a text field (a row value, the filter, the search, the body filter) has the keyboard.
    private var isEditingText: Bool {
        fieldEdit != nil || isFiltering || response.searchField != nil || response.filterField != nil
    }

    private mutating func wheel(down: Bool, x: Int, y: Int) -> [Effect] {
        if let overlay { return wheel(down: down, in: overlay) }
        let layout = self.layout
        guard !layout.isTooSmall, let pane = layout.pane(at: x, y) else { return [] }
        let step = down ? Self.wheelStep : -Self.wheelStep
        switch pane {
        case .response:
            if !scrollWrapped(by: step) { response.top += step }
            clampResponseScroll()
            return []
        case .list where !isEditingText:
            moveSelection(to: max(0, min(rows.count - 1, selectedRow + step)))
            return []
        case .editor where !isEditingText && editorTab != .body:
            return (0..<Self.wheelStep).flatMap { _ in performEditor(down ? .moveDown : .moveUp) }
        default:
            return []
        }
    }

    /// The wheel in a window that scrolls or moves with the arrow keys; questions and prompts ignore it (any other
    /// key there answers them).
    private mutating func wheel(down: Bool, in overlay: Overlay) -> [Effect] {
        switch overlay {
        case .help, .problems, .environments, .values, .history, .cookies, .bodyEditor, .picker, .palette, .variables:
            return (0..<Self.wheelStep).flatMap { _ in handleOverlayKey(down ? .down : .up, self.overlay ?? overlay) }
        case .auth, .prompt, .message, .quitQuestion, .restoreQuestion, .benchForm:
            return []
        }
    }

    private mutating func click(x: Int, y: Int) -> [Effect] {
        let layout = self.layout
        guard overlay == nil, !isEditingText, !layout.isTooSmall, let pane = layout.pane(at: x, y) else {
            return []
        }
        message = nil
        focus = pane
        switch pane {
        case .list: return clickList(x: x, y: y)
        case .editor: return clickEditor(x: x, y: y, in: layout.editor.inset(1))
        case .response:
            if let exchange = shownExchange, exchange.response != nil, y == layout.responseTabRow.y,
                let tab = ResponseView.tab(at: x, self, exchange: exchange, in: layout.responseTabRow)
            {
                return performResponse(.selectResponseTab(tab))
            }
            return []
        }
    }

    /// A row of the list: selected; a profile or folder row also opens or closes.
    private mutating func clickList(x: Int, y: Int) -> [Effect] {
        let area = listAreas.rows
        guard area.contains(x: x, y: y) else { return [] }
        // The first row drawn, as `EndpointListView` computes it.
        let top = min(listTop, max(0, rows.count - area.height))
        let index = top + y - area.y
        guard rows.indices.contains(index) else { return [] }
        moveSelection(to: index)
        if case .endpoint = rows[index] { return [] }
        return performList(.activate)
    }

    /// The editor: a tab on the tab line, or a row under it.
    private mutating func clickEditor(x: Int, y: Int, in inner: Rect) -> [Effect] {
        guard let key = selectedKey, let endpoint = selectedEndpoint, let draft = draft(for: key) else { return [] }
        let tabY = RequestEditorView.tabLine(endpoint: endpoint, in: inner)
        if y == tabY {
            var column = inner.x
            for (tab, label) in RequestEditorView.tabLabels(draft) {
                let end = column + TextWidth.width(of: label)
                if x >= column, x < end { return performEditor(.selectTab(tab)) }
                column = end
            }
            return []
        }
        guard y > tabY, editorTab != .body else { return [] }
        let height = inner.maxY - tabY - 1
        let index = RequestEditorView.firstRow(selected: editorRow, height: height) + y - tabY - 1
        if draft.rows(editorTab).indices.contains(index) { editorRow = index }
        return []
    }
}

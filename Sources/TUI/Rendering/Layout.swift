/// Where each pane goes for a screen size and the user's arrangement (`PaneLayout`). Views, `update` (page sizes)
/// and mouse hit-testing share it, so a click lands on what was drawn there.
package struct Layout: Sendable, Equatable {
    /// Below this the screen shows only a "too small" message.
    static let minimumWidth = 60
    static let minimumHeight = 16

    package let width: Int
    package let height: Int
    let panes: PaneLayout
    /// The focused pane (the one a zoomed layout shows).
    let focus: Focus
    /// Rows the editor's content would like (a body of that many lines on the Body tab); it grows up to them.
    let editorContentRows: Int

    package init(
        width: Int, height: Int, panes: PaneLayout = PaneLayout(), focus: Focus = .list, editorContentRows: Int = 0
    ) {
        self.width = width
        self.height = height
        self.panes = panes
        self.focus = focus
        self.editorContentRows = editorContentRows
    }

    var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    package var screen: Rect { Rect(x: 0, y: 0, width: width, height: height) }
    package var title: Rect { Rect(x: 0, y: 0, width: width, height: 1) }
    var statusBar: Rect { Rect(x: 0, y: height - 1, width: width, height: 1) }
    var main: Rect { Rect(x: 0, y: 1, width: width, height: height - 2) }

    /// The list's width as arranged: the default (a third, 28–44 columns) moved by the user, leaving the other
    /// panes at least 30 columns.
    var listWidth: Int {
        if panes.listHidden { return 0 }
        return min(max(16, standardListWidth + panes.listWidthChange), max(16, width - 30))
    }

    /// The list's width before the user moves it: a third of the screen, 28–44 columns.
    var standardListWidth: Int { min(44, max(28, width / 3)) }

    package var list: Rect {
        if panes.zoomed { return focus == .list ? main : main.splitLeft(0).left }
        return main.splitLeft(listWidth).left
    }

    var right: Rect { main.splitLeft(listWidth).rest }

    /// The editor's height: the default (two fifths, 8–12 rows) moved by the user, grown to show a body on the
    /// Body tab, leaving the response at least its header and a few lines.
    var editorRows: Int {
        let standard = max(8, min(12, main.height * 2 / 5))
        // The response keeps its header and a few lines (unless the screen is too short for even the standard).
        let most = max(standard, main.height - Self.responseHeaderRows - 4)
        let arranged = min(max(4, standard + panes.editorRowsChange), most)
        // Border, method line and tab line around the content.
        let grown = editorContentRows > 0 ? min(editorContentRows + 4, main.height * 3 / 5, most) : 0
        return max(arranged, grown)
    }

    package var editor: Rect {
        if panes.zoomed { return focus == .editor ? main : Rect(x: 0, y: main.y, width: 0, height: 0) }
        return right.splitTop(editorRows).top
    }

    package var response: Rect {
        if panes.zoomed { return focus == .response ? main : Rect(x: 0, y: main.y, width: 0, height: 0) }
        return right.splitTop(editorRows).rest
    }

    /// The pane drawn at a cell (nil: the title or status bar, or no pane).
    func pane(at x: Int, _ y: Int) -> Focus? {
        for (focus, rect) in [(Focus.list, list), (.editor, editor), (.response, response)]
        where rect.contains(x: x, y: y) {
            return focus
        }
        return nil
    }

    /// Inside the response border: status line, three lines of metrics or progress, the tab line, then the body.
    static let responseHeaderRows = 5

    /// The parts inside the endpoint list's border. The problems panel (bottom) and the filter line (top) take
    /// rows from the list; the view draws with this and `update` pages and scrolls by `rows.height`, so the
    /// selection it keeps in view is the one drawn.
    struct ListAreas: Sendable, Equatable {
        package let rows: Rect
        let filterLine: Rect?
        package let problems: Rect?
    }

    func listAreas(showsProblems: Bool, showsFilter: Bool) -> ListAreas {
        var inner = list.inset(1)
        var problems: Rect?
        var filterLine: Rect?
        guard !inner.isEmpty else { return ListAreas(rows: inner, filterLine: nil, problems: nil) }
        if showsProblems {
            let split = inner.splitBottom(min(3, max(0, inner.height - 3)))
            inner = split.rest
            problems = split.bottom
        }
        if showsFilter {
            let split = inner.splitTop(1)
            inner = split.rest
            filterLine = split.top
        }
        return ListAreas(rows: inner, filterLine: filterLine, problems: problems)
    }

    package var responseBody: Rect {
        response.inset(1).splitTop(Self.responseHeaderRows).rest
    }

    /// The response's tab line (inside its border, under the status and figures).
    package var responseTabRow: Rect { response.inset(1).row(Self.responseHeaderRows - 1) }
}

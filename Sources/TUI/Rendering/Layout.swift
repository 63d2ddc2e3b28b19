/// Where each pane goes for a screen size. Views and `update` (page sizes) share it.
package struct Layout: Sendable, Equatable {
    /// Below this the screen shows only a "too small" message.
    static let minimumWidth = 60
    static let minimumHeight = 16

    package let width: Int
    package let height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    package var screen: Rect { Rect(x: 0, y: 0, width: width, height: height) }
    package var title: Rect { screen.row(0) }
    var statusBar: Rect { screen.row(height - 1) }
    var main: Rect { Rect(x: 0, y: 1, width: width, height: height - 2) }

    package var list: Rect { main.splitLeft(min(44, max(28, width / 3))).left }
    var right: Rect { main.splitLeft(list.width).rest }

    package var editor: Rect {
        let rows = max(8, min(12, main.height * 2 / 5))
        return right.splitTop(rows).top
    }

    package var response: Rect { right.splitTop(editor.height).rest }

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

    var responseBody: Rect {
        response.inset(1).splitTop(Self.responseHeaderRows).rest
    }
}

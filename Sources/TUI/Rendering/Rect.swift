/// A rectangle of cells; layout helpers split it into the panes of the screen.
package struct Rect: Hashable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    var maxX: Int { x + width }
    var maxY: Int { y + height }
    package var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the cell at `x`, `y` is inside.
    func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < maxX && y >= self.y && y < maxY
    }

    /// The top `rows` rows and the rest below them.
    package func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let rows = min(max(0, rows), height)
        return (
            Rect(x: x, y: y, width: width, height: rows), Rect(x: x, y: y + rows, width: width, height: height - rows)
        )
    }

    /// The bottom `rows` rows and the rest above them.
    func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let rows = min(max(0, rows), height)
        return (
            Rect(x: x, y: y, width: width, height: height - rows),
            Rect(x: x, y: y + height - rows, width: width, height: rows)
        )
    }

    /// The left `columns` columns and the rest to their right.
    package func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let columns = min(max(0, columns), width)
        return (
            Rect(x: x, y: y, width: columns, height: height),
            Rect(x: x + columns, y: y, width: width - columns, height: height)
        )
    }

    /// The rectangle shrunk by `by` cells on every side.
    package func inset(_ by: Int) -> Rect {
        Rect(x: x + by, y: y + by, width: width - 2 * by, height: height - 2 * by)
    }

    /// One row of the rectangle (relative to its top).
    package func row(_ index: Int) -> Rect {
        Rect(x: x, y: y + index, width: width, height: index < height && index >= 0 ? 1 : 0)
    }

    /// A rectangle of the given size centred in this one (clamped to fit).
    func centered(width: Int, height: Int) -> Rect {
        let w = min(width, self.width)
        let h = min(height, self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }
}

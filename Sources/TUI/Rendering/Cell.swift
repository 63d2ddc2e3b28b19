/// One terminal cell: a grapheme with its display width, or the right half of a wide grapheme (`width == 0`).
package struct Cell: Hashable, Sendable {
    package var text: String
    package var width: Int
    package var style: Style

    package init(_ text: String = " ", width: Int = 1, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    package static let blank = Cell()

    /// The covered half of a wide character: drawn by the cell to its left.
    var isContinuation: Bool { width == 0 }
}

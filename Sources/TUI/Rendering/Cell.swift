/// One terminal cell: a grapheme with its display width, or the right half of a wide grapheme (`width == 0`).
public struct Cell: Hashable, Sendable {
    public var text: String
    public var width: Int
    public var style: Style

    public init(_ text: String = " ", width: Int = 1, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static let blank = Cell()

    /// The covered half of a wide character: drawn by the cell to its left.
    var isContinuation: Bool { width == 0 }
}

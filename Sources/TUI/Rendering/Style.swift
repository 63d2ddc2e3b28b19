/// How a cell looks: colours and attributes. Views pick styles from `Theme`; the backend maps them to curses.
package struct Style: Hashable, Sendable {
    /// The eight ANSI colours, or the terminal's own.
    package enum Color: Int, Hashable, Sendable {
        case terminal = -1
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    package var foreground: Color
    package var background: Color
    package var bold: Bool
    package var dim: Bool
    package var reverse: Bool
    var underline: Bool

    package init(
        _ foreground: Color = .terminal, on background: Color = .terminal, bold: Bool = false, dim: Bool = false,
        reverse: Bool = false, underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    package static let plain = Style()

    package func with(bold: Bool? = nil, reverse: Bool? = nil, underline: Bool? = nil) -> Style {
        var copy = self
        if let bold { copy.bold = bold }
        if let reverse { copy.reverse = reverse }
        if let underline { copy.underline = underline }
        return copy
    }
}

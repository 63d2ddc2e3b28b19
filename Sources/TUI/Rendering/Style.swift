/// How a cell looks: colours and attributes. Views pick styles from `Theme`; the backend maps them to curses.
package struct Style: Hashable, Sendable {
    /// A colour: the terminal's own, one of the 256 indexed colours (0–7 the ANSI colours, 8–15 their bright forms,
    /// then the 6×6×6 cube and the greys), or red, green and blue. The backend fits a colour to what the terminal
    /// shows (`fitted`): a 256-colour or true-colour theme still reads on an 8-colour terminal.
    package enum Color: Hashable, Sendable {
        case terminal
        case indexed(Int)
        case rgb(UInt8, UInt8, UInt8)

        package static let black = Color.indexed(0)
        package static let red = Color.indexed(1)
        package static let green = Color.indexed(2)
        package static let yellow = Color.indexed(3)
        package static let blue = Color.indexed(4)
        package static let magenta = Color.indexed(5)
        package static let cyan = Color.indexed(6)
        package static let white = Color.indexed(7)
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

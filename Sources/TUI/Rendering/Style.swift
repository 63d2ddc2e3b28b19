/// How a cell looks: colours and attributes. Views pick styles from `Theme`; the backend maps them to curses.
public struct Style: Hashable, Sendable {
    /// The eight ANSI colours, or the terminal's own.
    public enum Color: Int, Hashable, Sendable {
        case terminal = -1
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    var underline: Bool

    public init(
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

    public static let plain = Style()

    public func with(bold: Bool? = nil, reverse: Bool? = nil, underline: Bool? = nil) -> Style {
        var copy = self
        if let bold { copy.bold = bold }
        if let reverse { copy.reverse = reverse }
        if let underline { copy.underline = underline }
        return copy
    }
}

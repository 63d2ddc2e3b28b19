/// Fitting a colour to the terminal: true colour where it shows it (a direct-colour terminfo entry, such as
/// `xterm-direct`), else the nearest of its 256 or 16 or 8 indexed colours.
extension Style.Color {
    /// What the terminal shows: how many indexed colours (terminfo `colors`), and whether red, green and blue are
    /// sent as they are (a direct-colour entry, 2^24 colours).
    package struct Depth: Equatable, Sendable {
        package var colors: Int
        package var direct: Bool { colors >= 1 << 24 }

        package init(colors: Int) { self.colors = colors }
    }

    /// This colour as the terminal can show it.
    package func fitted(to depth: Style.Color.Depth) -> Style.Color {
        switch self {
        case .terminal: return self
        case .indexed(let index):
            // A direct-colour terminal reads numbers past the eight ANSI colours as red, green and blue.
            if depth.direct { return index < 8 ? self : Self.rgb(Self.rgbOfIndex(index)) }
            if index < min(depth.colors, 256) { return self }
            return Self.nearestIndexed(Self.rgbOfIndex(index), colors: depth.colors)
        case .rgb(let r, let g, let b):
            if depth.direct { return self }
            return Self.nearestIndexed((Int(r), Int(g), Int(b)), colors: depth.colors)
        }
    }

    private static func rgb(_ value: (Int, Int, Int)) -> Style.Color {
        .rgb(UInt8(value.0), UInt8(value.1), UInt8(value.2))
    }

    /// The number curses is given: an index, or red, green and blue packed for a direct-colour terminal; -1 is
    /// the terminal's own.
    package var cursesNumber: Int {
        switch self {
        case .terminal: -1
        case .indexed(let index): index
        case .rgb(let r, let g, let b): Int(r) << 16 | Int(g) << 8 | Int(b)
        }
    }

    /// xterm's values of the 16 ANSI colours.
    private static let ansi: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
        (0, 255, 255), (255, 255, 255),
    ]
    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The red, green and blue of an indexed colour (xterm's palette).
    static func rgbOfIndex(_ index: Int) -> (Int, Int, Int) {
        switch index {
        case 0..<16: return ansi[index]
        case 16..<232:
            let n = index - 16
            return (cubeLevels[n / 36], cubeLevels[n / 6 % 6], cubeLevels[n % 6])
        default:
            let grey = 8 + 10 * (min(index, 255) - 232)
            return (grey, grey, grey)
        }
    }

    /// The indexed colour nearest to `rgb` among the first `colors` (8, 16 or 256).
    static func nearestIndexed(_ rgb: (Int, Int, Int), colors: Int) -> Style.Color {
        let count = colors >= 256 ? 256 : colors >= 16 ? 16 : 8
        var best = 0
        var bestDistance = Int.max
        for index in 0..<count {
            let (r, g, b) = rgbOfIndex(index)
            let distance = (r - rgb.0) * (r - rgb.0) + (g - rgb.1) * (g - rgb.1) + (b - rgb.2) * (b - rgb.2)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return .indexed(best)
    }
}

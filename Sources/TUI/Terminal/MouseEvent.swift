/// A mouse report (xterm SGR 1006, `ESC [ < b ; x ; y M` or `m`): a button pressed or released, the wheel, or
/// motion with a button held, at a cell counted from 0. Decoded by `KeyDecoder`, never seen as keys.
package struct MouseEvent: Equatable, Sendable {
    package enum Button: Equatable, Sendable {
        case left, middle, right
    }

    package enum Kind: Equatable, Sendable {
        case press(Button)
        case release
        /// Motion with a button held (only reported when the terminal is asked for it).
        case drag
        case wheelUp, wheelDown
    }

    package var kind: Kind
    /// Column and row, from 0 (the report counts from 1).
    package var x: Int
    package var y: Int
    /// Shift is not here: terminals keep Shift-click for their own text selection and never report it.
    package var control = false
    package var alt = false

    package init(_ kind: Kind, x: Int, y: Int, control: Bool = false, alt: Bool = false) {
        self.kind = kind
        self.x = x
        self.y = y
        self.control = control
        self.alt = alt
    }

    /// The report's bytes as an SGR 1006 terminal sends them (tests and the benchmarks feed these).
    package var sgrBytes: [UInt8] {
        var code: Int
        var final = "M"
        switch kind {
        case .press(.left): code = 0
        case .press(.middle): code = 1
        case .press(.right): code = 2
        case .release:
            code = 0
            final = "m"
        case .drag: code = 32
        case .wheelUp: code = 64
        case .wheelDown: code = 65
        }
        if alt { code += 8 }
        if control { code += 16 }
        return Array("\u{1B}[<\(code);\(x + 1);\(y + 1)\(final)".utf8)
    }
}

/// Mouse reports. apix asks for SGR 1006 reports (`ESC [ < b ; x ; y M`, `m` on release), which carry any
/// column; a terminal that ignores 1006 but knows 1000 sends the older `ESC [ M b x y` with three raw bytes, which
/// are read too (so they never run as keys). Neither form is ever split into Esc plus characters.
extension KeyDecoder {
    /// The event of an SGR report: `parameters` after the `<` (`64;10;5`), `final` `M` (press, motion, wheel) or
    /// `m` (release). nil: a report of something apix does not use (a wheel tilt, extra buttons).
    static func sgrMouse(_ parameters: ArraySlice<UInt8>, final: UInt8) -> MouseEvent? {
        let fields = String(decoding: parameters, as: UTF8.self).split(separator: ";").map { Int($0) }
        guard fields.count == 3, let code = fields[0], let column = fields[1], let row = fields[2] else {
            return nil
        }
        return mouse(code: code, column: column, row: row, released: final == UInt8(ascii: "m"))
    }

    /// The event of a button code (xterm: low two bits the button, +4 Shift, +8 Alt, +16 Ctrl, +32 motion, +64
    /// wheel) at a 1-based `column` and `row`.
    static func mouse(code: Int, column: Int, row: Int, released: Bool) -> MouseEvent? {
        guard column >= 1, row >= 1 else { return nil }
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            switch code & 3 {
            case 0: kind = .wheelUp
            case 1: kind = .wheelDown
            default: return nil  // wheel left and right
            }
        } else if code & 32 != 0 {
            kind = .drag
        } else if released || code & 3 == 3 {
            kind = .release
        } else {
            kind = .press([.left, .middle, .right][code & 3])
        }
        return MouseEvent(kind, x: column - 1, y: row - 1, control: code & 16 != 0, alt: code & 8 != 0)
    }

    /// After `ESC [ M`: the legacy report's three bytes (button, column, row, each plus 32).
    mutating func legacyMouse(_ read: (_ wait: Wait) -> Input?) -> KeyEvent? {
        var values: [Int] = []
        while values.count < 3, let input = take(read, wait: .brief) {
            guard case .character(let value) = input else {
                putBack(input)
                return nil
            }
            values.append(Int(value) - 32)
        }
        guard values.count == 3 else { return nil }
        return Self.mouse(code: values[0], column: values[1], row: values[2], released: false).map(KeyEvent.mouse)
    }
}

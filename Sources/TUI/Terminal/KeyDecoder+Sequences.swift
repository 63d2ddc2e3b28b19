/// The escape sequences terminals send for special keys, after the `ESC [` (CSI) or `ESC O` (SS3) the decoder has
/// read: xterm (`ESC [ H`, `ESC O F`, modifiers as `ESC [ 1 ; 5 C`), VT220 and tmux/screen (`ESC [ 1 ~` …
/// `ESC [ 6 ~`), rxvt (`ESC [ 7 ~`, `ESC [ 8 ~`, `ESC O d`), the Linux console (`ESC [ [ A`), and the bracketed
/// paste `ESC [ 200 ~ … ESC [ 201 ~`. A sequence is always read to its final byte, so one that stands for no key
/// is dropped whole. Mouse reports are in `KeyDecoder+Mouse`.
extension KeyDecoder {
    /// Parameter bytes kept at most; a longer sequence is still read to its end, and stands for nothing.
    private static let maxParameters = 32

    /// After `ESC [`: parameter and intermediate bytes, then a final byte (ECMA-48).
    mutating func controlSequence(_ read: (_ wait: Wait) -> Input?) -> KeyEvent? {
        var parameters: [UInt8] = []
        var overlong = false
        while let byte = sequenceByte(read) {
            switch byte {
            case 0x24 where !parameters.isEmpty:
                // rxvt ends Shift-modified keys with `$` (`ESC [ 8 $`), otherwise an intermediate byte.
                return overlong ? nil : Self.tildeKey(parameters).map(KeyEvent.key)
            case 0x20...0x3F:
                if parameters.count < Self.maxParameters { parameters.append(byte) } else { overlong = true }
            case UInt8(ascii: "[") where parameters.isEmpty:
                // The Linux console's F1–F5: `ESC [ [ A` … `ESC [ [ E`.
                guard let letter = sequenceByte(read) else { return nil }
                return (0x41...0x45).contains(letter) ? .key(.function(Int(letter) - 0x40)) : nil
            case 0x40...0x7E:
                if overlong { return nil }
                if parameters == Array("200".utf8), byte == UInt8(ascii: "~") { return paste(read) }
                if parameters.first == UInt8(ascii: "<"), byte == UInt8(ascii: "M") || byte == UInt8(ascii: "m") {
                    return Self.sgrMouse(parameters.dropFirst(), final: byte).map(KeyEvent.mouse)
                }
                if parameters.isEmpty, byte == UInt8(ascii: "M") { return legacyMouse(read) }
                return Self.csiKey(parameters, final: byte).map(KeyEvent.key)
            default:
                // A control character (Esc, Enter …) ends a sequence that was cut short; it is a key of its own.
                putBack(.character(UInt32(byte)))
                return nil
            }
        }
        return nil  // the terminal stopped mid-sequence, or a key came: what came of the sequence is dropped
    }

    /// The next byte of a sequence; nil when the terminal stopped, or when what came cannot be part of one (a key
    /// curses decoded, a non-ASCII character), which is kept for the next read.
    private mutating func sequenceByte(_ read: (_ wait: Wait) -> Input?) -> UInt8? {
        guard let input = take(read, wait: .brief) else { return nil }
        guard case .character(let value) = input, value < 0x80 else {
            putBack(input)
            return nil
        }
        return UInt8(value)
    }

    /// After `ESC O`: an optional modifier (`ESC O 5 C` on some terminals), then one final byte.
    mutating func singleShift(_ read: (_ wait: Wait) -> Input?) -> KeyEvent? {
        var modifier: [UInt8] = []
        while let byte = sequenceByte(read) {
            switch byte {
            case 0x30...0x39, UInt8(ascii: ";"):
                if modifier.count < Self.maxParameters { modifier.append(byte) }
            case 0x40...0x7E:
                let modified = Self.isWordModifier(Int(String(decoding: modifier, as: UTF8.self)) ?? 1)
                return Self.singleShiftKey(byte, modified: modified).map(KeyEvent.key)
            default:
                putBack(.character(UInt32(byte)))
                return nil
            }
        }
        return nil
    }

    /// The key of a CSI sequence with `parameters` (`1;5`) and `final` byte; nil: no key apix uses.
    static func csiKey(_ parameters: [UInt8], final: UInt8) -> Key? {
        // Private parameters (`<`, `=`, `>`, `?` first: mouse reports, answers to queries) are never keys.
        if let first = parameters.first, (0x3C...0x3F).contains(first) { return nil }
        let fields = String(decoding: parameters, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
        let modifier = fields.count > 1 ? Int(fields[1]) ?? 1 : 1
        let word = isWordModifier(modifier)
        switch final {
        case UInt8(ascii: "A"), UInt8(ascii: "a"): return .up
        case UInt8(ascii: "B"), UInt8(ascii: "b"): return .down
        case UInt8(ascii: "C"): return word ? .wordRight : .right
        case UInt8(ascii: "D"): return word ? .wordLeft : .left
        case UInt8(ascii: "c"): return .right  // rxvt Shift-Right
        case UInt8(ascii: "d"): return .left  // rxvt Shift-Left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"), UInt8(ascii: "^"), UInt8(ascii: "@"): return tildeKey(parameters)
        default: return nil
        }
    }

    /// The VT220 keys, `ESC [ N ~` (rxvt's Ctrl forms end in `^`, its Shift forms in `$`, the same numbers).
    static func tildeKey(_ parameters: [UInt8]) -> Key? {
        let number = String(decoding: parameters, as: UTF8.self).split(separator: ";").first.flatMap { Int($0) }
        switch number {
        case 1, 7: return .home
        case 4, 8: return .end
        case 2: return .insert
        case 3: return .delete
        case 5: return .pageUp
        case 6: return .pageDown
        case let n? where (11...15).contains(n): return .function(n - 10)
        case let n? where (17...21).contains(n): return .function(n - 11)
        case let n? where (23...24).contains(n): return .function(n - 12)
        default: return nil
        }
    }

    /// The key of `ESC O` and `final` (xterm's application cursor keys and F1–F4; rxvt's Ctrl-arrows).
    static func singleShiftKey(_ final: UInt8, modified: Bool) -> Key? {
        switch final {
        case UInt8(ascii: "A"), UInt8(ascii: "a"): return .up
        case UInt8(ascii: "B"), UInt8(ascii: "b"): return .down
        case UInt8(ascii: "C"): return modified ? .wordRight : .right
        case UInt8(ascii: "D"): return modified ? .wordLeft : .left
        case UInt8(ascii: "c"): return .wordRight
        case UInt8(ascii: "d"): return .wordLeft
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "M"): return .enter
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(final) - Int(UInt8(ascii: "P")) + 1)
        default: return nil
        }
    }

    /// xterm's modifier parameter is 1 plus a bit set (Shift 1, Alt 2, Ctrl 4): Alt or Ctrl on an arrow jumps words.
    static func isWordModifier(_ modifier: Int) -> Bool {
        modifier > 1 && (modifier - 1) & 0b110 != 0
    }
}

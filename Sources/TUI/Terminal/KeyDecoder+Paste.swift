/// A bracketed paste (`ESC [ 200 ~` text `ESC [ 201 ~`, asked for with `ESC [ ? 2004 h`): the text comes as one
/// event, never as keys, so a pasted newline is not Enter, a pasted `q` not a command, and the body editor's
/// auto-indent never sees it.
extension KeyDecoder {
    /// Quiet moments (`Wait.brief` reads that gave nothing) after which a paste whose end never came is taken as
    /// it is: a terminal that dropped the end marker must not swallow every later key.
    private static let pasteQuietReads = 20

    /// What the terminal writes after a paste's text.
    private static let pasteEnd: [UInt32] = [0x5B, 0x32, 0x30, 0x31, 0x7E]  // [201~

    /// Reads a paste's text after `ESC [ 200 ~`, up to its end marker. Carriage returns (what terminals send for
    /// a pasted newline) become newlines; other control characters, save tabs, are dropped.
    mutating func paste(_ read: (_ wait: Wait) -> Input?) -> KeyEvent {
        var scalars: [UInt32] = []
        var cut = false
        var quiet = 0
        func keep(_ value: UInt32) {
            guard value >= 0x20 || value == 9 || value == 10 || value == 13, value != 0x7F else { return }
            if scalars.count < Self.maxPaste { scalars.append(value) } else { cut = true }
        }
        while quiet < Self.pasteQuietReads {
            guard let input = take(read, wait: .brief) else {
                quiet += 1
                continue
            }
            quiet = 0
            switch input {
            case .character(27):
                if pasteEnds(read, keeping: keep) { return .paste(Self.pastedText(scalars), truncated: cut) }
            case .character(let value): keep(value)
            case .code(.key(.enter)?): keep(10)
            case .code(.key(.tab)?): keep(9)
            case .code: break  // a key curses decoded from pasted bytes: not text
            }
        }
        return .paste(Self.pastedText(scalars), truncated: cut)
    }

    /// After an Esc inside a paste: whether the end marker follows. If not, what was read of it is pasted text
    /// (the Esc itself dropped) and the input that differed is read again.
    private mutating func pasteEnds(_ read: (_ wait: Wait) -> Input?, keeping keep: (UInt32) -> Void) -> Bool {
        for (index, expected) in Self.pasteEnd.enumerated() {
            guard let input = take(read, wait: .brief) else { return false }
            if input != .character(expected) {
                for value in Self.pasteEnd[..<index] { keep(value) }
                putBack(input)
                return false
            }
        }
        return true
    }

    /// The pasted code points as text, each CR LF or lone CR as LF.
    static func pastedText(_ scalars: [UInt32]) -> String {
        var text = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let value = scalars[index]
            if value == 13 {
                text.append("\n")
                if index + 1 < scalars.count, scalars[index + 1] == 10 { index += 1 }
            } else if let scalar = UnicodeScalar(value) {
                text.append(scalar)
            }
            index += 1
        }
        return String(text)
    }
}

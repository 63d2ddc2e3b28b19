/// Turns what the terminal gives, one read at a time, into key events: Esc alone, Alt-B / Alt-F (Esc then the
/// letter at once), the escape sequences terminals send for special keys, bracketed pastes, control keys and
/// characters. Curses-free, so tests drive it with scripted reads.
///
/// Curses decodes the sequences its terminfo entry names; terminals send others for the same keys (End as
/// `ESC [ F`, `ESC O F`, `ESC [ 4 ~` or `ESC [ 8 ~`, by terminal and mode), and those reach this decoder as an Esc
/// and characters. They are decoded here (`KeyDecoder+Sequences`), and a sequence no key stands for is read to its
/// end and dropped: split into Esc plus characters it would close a window and run the rest as commands.
///
/// An Esc is followed by a look at what is already waiting. A resize there is not part of a key: the Esc is
/// returned and the resize after it, so the Esc that closes a window is never lost to a resize (which would leave
/// the window open and spend the next key, `q` say, on closing it).
struct KeyDecoder {
    /// What one read gave: a character (a code point), or a key code the backend decoded (`nil`: one apix does not
    /// use).
    enum Input: Equatable {
        case character(UInt32)
        case code(KeyEvent?)
    }

    /// How long a read may wait.
    enum Wait: Equatable {
        /// The loop's timeout: waiting for the next key.
        case loop
        /// Only what is already there.
        case none
        /// A moment: the rest of a sequence or of a paste, which a terminal may write in more than one piece.
        case brief
    }

    /// The most a paste keeps (code points); what comes after is read and dropped, and the paste says it was cut.
    static let maxPaste = 1 << 20

    /// Reads taken to decode an Esc that belong to the next events, oldest first.
    private var pending: [Input] = []

    /// The next event, or `nil` when nothing came. `read(wait)` gives the next input, waiting as `wait` says.
    mutating func next(_ read: (_ wait: Wait) -> Input?) -> KeyEvent? {
        var wait = Wait.loop
        // Inputs that stand for nothing (an unknown sequence, an unused control character) are skipped, and what
        // is already there after them is decoded.
        while let first = take(read, wait: wait) {
            let event: KeyEvent?
            switch first {
            case .code(let decoded): event = decoded
            case .character(27): event = escape(read)
            case .character(let value): event = Self.key(character: value).map(KeyEvent.key)
            }
            if let event { return event }
            wait = .none
        }
        return nil
    }

    mutating func take(_ read: (_ wait: Wait) -> Input?, wait: Wait) -> Input? {
        pending.isEmpty ? read(wait) : pending.removeFirst()
    }

    /// Keeps `input` for the next read: it was read ahead and is not part of what is being decoded.
    mutating func putBack(_ input: Input) {
        pending.insert(input, at: 0)
    }

    /// After an Esc: a sequence (`[` or `O`), Alt plus a key when the key came with it, else a lone Esc (and what
    /// came is kept for later). `nil`: a sequence that stands for no key, consumed.
    private mutating func escape(_ read: (_ wait: Wait) -> Input?) -> KeyEvent? {
        guard let next = take(read, wait: .none) else { return .key(.escape) }
        switch next {
        case .code(.resize?):
            putBack(next)
            return .key(.escape)
        case .code(let event):
            // Esc with a special key (Alt-arrow and the like): the key.
            return event ?? .key(.escape)
        case .character(UInt32(UInt8(ascii: "["))): return controlSequence(read)
        case .character(UInt32(UInt8(ascii: "O"))): return singleShift(read)
        case .character(UInt32(UInt8(ascii: "b"))): return .key(.wordLeft)
        case .character(UInt32(UInt8(ascii: "f"))): return .key(.wordRight)
        case .character:
            // Not an Alt combination: Esc, then this key on the next read.
            putBack(next)
            return .key(.escape)
        }
    }

    /// The key a character read stands for (`nil` for control characters apix does not use).
    static func key(character value: UInt32) -> Key? {
        switch value {
        case 10, 13: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .control(Character(UnicodeScalar(value + 96)!))
        case 0, 28...31: return nil
        default:
            guard let scalar = UnicodeScalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }
}

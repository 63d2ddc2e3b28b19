/// Turns what the terminal gives, one read at a time, into key events: Esc alone, Alt-B / Alt-F (Esc then the
/// letter at once), control keys and characters. Curses-free, so tests drive it with scripted reads.
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

    /// Reads taken to decode an Esc that belong to the next events, oldest first.
    private var pending: [Input] = []

    /// The next event, or `nil` when nothing came. `read(wait)` gives the next input: waiting for one (the loop's
    /// timeout) when `wait`, else only one already there.
    mutating func next(_ read: (_ wait: Bool) -> Input?) -> KeyEvent? {
        guard let first = take(read, wait: true) else { return nil }
        switch first {
        case .code(let event): return event
        case .character(27): return escape(read)
        case .character(let value): return Self.key(character: value).map(KeyEvent.key)
        }
    }

    private mutating func take(_ read: (_ wait: Bool) -> Input?, wait: Bool) -> Input? {
        pending.isEmpty ? read(wait) : pending.removeFirst()
    }

    /// After an Esc: Alt plus a key when the key came with it, else a lone Esc (and what came is kept for later).
    private mutating func escape(_ read: (_ wait: Bool) -> Input?) -> KeyEvent {
        guard let next = take(read, wait: false) else { return .key(.escape) }
        switch next {
        case .code(.resize?):
            pending.insert(next, at: 0)
            return .key(.escape)
        case .code(let event):
            // Esc with a special key (Alt-arrow and the like): the key.
            return event ?? .key(.escape)
        case .character(UInt32(UInt8(ascii: "b"))): return .key(.wordLeft)
        case .character(UInt32(UInt8(ascii: "f"))): return .key(.wordRight)
        case .character:
            // Not an Alt combination: Esc, then this key on the next read.
            pending.insert(next, at: 0)
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

/// UTF-8 checked a piece at a time (RFC 3629 §4), for text messages whose fragments may split a character
/// (RFC 6455 §5.6, §8.1): a piece fails as soon as it holds a byte no valid text could continue with.
struct UTF8Validator: Sendable {
    /// Continuation bytes still expected for the character in progress.
    private var remaining = 0
    /// The range the next byte must fall in (narrower than 0x80...0xBF right after some lead bytes: no overlong
    /// forms, no surrogates, nothing past U+10FFFF).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    init() {}

    /// Whether `bytes` can continue valid text.
    mutating func feed(_ bytes: some Collection<UInt8>) -> Bool {
        for byte in bytes {
            if remaining > 0 {
                guard byte >= lower && byte <= upper else { return false }
                remaining -= 1
                lower = 0x80
                upper = 0xBF
                continue
            }
            switch byte {
            case 0x00...0x7F: continue
            case 0xC2...0xDF: remaining = 1
            case 0xE0: (remaining, lower) = (2, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
            case 0xED: (remaining, upper) = (2, 0x9F)
            case 0xF0: (remaining, lower) = (3, 0x90)
            case 0xF1...0xF3: remaining = 3
            case 0xF4: (remaining, upper) = (3, 0x8F)
            default: return false
            }
        }
        return true
    }

    /// Whether the text ends on a whole character.
    var isComplete: Bool { remaining == 0 }

    /// Whether `bytes` are valid UTF-8, whole.
    static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
        var validator = UTF8Validator()
        return validator.feed(bytes) && validator.isComplete
    }
}

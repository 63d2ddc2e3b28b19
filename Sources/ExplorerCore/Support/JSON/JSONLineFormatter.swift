/// Where `JSONLineFormatter` writes a line: span recording for `JSONLine`, ANSI chunks for the printer.
protocol JSONLineSink {
    mutating func beginToken(_ kind: JSONTokenKind)
    mutating func endToken()
    mutating func append(_ bytes: UnsafeRawBufferPointer)
    mutating func append(_ byte: UInt8)
    mutating func appendSpaces(_ count: Int)
}

/// Formats one line of pretty output from already validated source bytes, starting at the line's first token.
///
/// This is the single definition of the output format, shared by `JSONLineIndex` and `JSONPrettyPrinter` so
/// the two always agree. Rules: two spaces per depth; `"key": value`; one element or member per line; empty
/// containers as `{}` or `[]`; a comma ends every line but a container's last. Tokens are copied as written in
/// the source, except that DEL and C1 control characters inside strings become `\u007f`...`\u009f`, and bidi
/// controls (Unicode's Bidi_Control: `\u061c`, `\u200e`, `\u200f`, `\u202a`...`\u202e`, `\u2066`...`\u2069`;
/// the same JSON, read back), so no terminal ever receives them (JSON forbids raw C0 controls, so the scanner has
/// rejected those already). Zero-width characters stay: emoji sequences need U+200D.
///
/// Every read is bounds-checked: handed bytes other than those indexed, it prints nonsense but stays memory-safe.
struct JSONLineFormatter<Sink: JSONLineSink> {
    /// Where the next line starts, and whether this one was cut short.
    struct Step {
        /// Source offset of the next line's first token, or the end of input after the last line. Meaningless
        /// when the line was truncated.
        var next: Int
        var nextDepth: Int
        /// Set when the line ends with the opener of a non-empty container: true for an object.
        var openedObject: Bool?
        var isTruncated: Bool
    }

    private let bytes: UnsafeRawBufferPointer
    private let count: Int
    var sink: Sink
    /// Unicode scalars the line may still take; `Int.max` for no limit.
    private var budget = Int.max
    /// False for the printer: then strings are copied without counting their scalars.
    private var isLimited = false
    private var isTruncated = false

    init(bytes: UnsafeRawBufferPointer, sink: Sink) {
        self.bytes = bytes
        self.count = bytes.count
        self.sink = sink
    }

    /// Source offset of the document's first token (after a byte order mark and whitespace).
    static func firstTokenOffset(in bytes: UnsafeRawBufferPointer) -> Int {
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        return skipWhitespace(in: bytes, from: start)
    }

    /// Writes the line whose first token is at `start`, stopping after `maxLength` Unicode scalars.
    ///
    /// `startsWithKey` tells a member line (`"key": value`) from a string element without scanning to the end
    /// of the string first, so a cut line costs only `maxLength` however long its string is.
    mutating func formatLine(at start: Int, depth: Int, startsWithKey: Bool, maxLength: Int = .max) -> Step {
        budget = maxLength
        isLimited = maxLength != .max
        isTruncated = false
        var position = start
        emitIndent(depth)
        var byte = at(position)

        if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
            emitPunctuation(byte)
            return finishLine(after: position + 1, depth: depth)
        }
        if startsWithKey {
            guard let end = emitString(.key, from: position) else { return truncatedStep(depth) }
            let colon = skipWhitespace(from: end)
            emitPunctuation(UInt8(ascii: ":"))
            emitSpace()
            position = skipWhitespace(from: colon + 1)
            byte = at(position)
        }

        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = byte == UInt8(ascii: "{")
            let inside = skipWhitespace(from: position + 1)
            emitPunctuation(byte)
            if at(inside) == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                emitPunctuation(at(inside))
                return finishLine(after: inside + 1, depth: depth)
            }
            return Step(next: inside, nextDepth: depth + 1, openedObject: isObject, isTruncated: isTruncated)
        case UInt8(ascii: "\""):
            guard let end = emitString(.string, from: position) else { return truncatedStep(depth) }
            return finishLine(after: end, depth: depth)
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return emitBareToken(.bool, start: position, depth: depth)
        case UInt8(ascii: "n"):
            return emitBareToken(.null, start: position, depth: depth)
        default:
            return emitBareToken(.number, start: position, depth: depth)
        }
    }

    // MARK: - Line structure

    /// Numbers and literals: ASCII, one scalar per byte.
    private mutating func emitBareToken(_ kind: JSONTokenKind, start: Int, depth: Int) -> Step {
        guard !isTruncated else { return truncatedStep(depth) }
        var end = start
        // Scanning stops past the budget, so even an absurdly long number costs only `maxLength`.
        while end < count && end - start <= budget && Self.isBareTokenByte(bytes[end]) { end += 1 }
        let length = min(end - start, budget)
        if length > 0 {
            sink.beginToken(kind)
            sink.append(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]))
            sink.endToken()
        }
        budget -= length
        guard length == end - start else { return truncatedStep(depth) }
        return finishLine(after: end, depth: depth)
    }

    private func truncatedStep(_ depth: Int) -> Step {
        Step(next: count, nextDepth: depth, openedObject: nil, isTruncated: true)
    }

    /// After a line's value: a comma means a sibling follows at the same depth, otherwise a closer one level up.
    private mutating func finishLine(after end: Int, depth: Int) -> Step {
        let next = skipWhitespace(from: end)
        if at(next) == UInt8(ascii: ",") {
            emitPunctuation(UInt8(ascii: ","))
            return Step(
                next: skipWhitespace(from: next + 1), nextDepth: depth, openedObject: nil, isTruncated: isTruncated)
        }
        return Step(next: next, nextDepth: depth - 1, openedObject: nil, isTruncated: isTruncated)
    }

    // MARK: - Emitting with a length budget

    private mutating func emitIndent(_ depth: Int) {
        let wanted = max(0, depth * 2)
        let spaces = min(wanted, budget)
        sink.appendSpaces(spaces)
        budget -= spaces
        if spaces < wanted { isTruncated = true }
    }

    private mutating func emitSpace() {
        guard !isTruncated else { return }
        guard budget >= 1 else {
            isTruncated = true
            return
        }
        budget -= 1
        sink.append(UInt8(ascii: " "))
    }

    private mutating func emitPunctuation(_ byte: UInt8) {
        guard !isTruncated else { return }
        guard budget >= 1 else {
            isTruncated = true
            return
        }
        budget -= 1
        sink.beginToken(.punctuation)
        sink.append(byte)
        sink.endToken()
    }

    /// Copies the string token whose opening quote is at `start`, escaping DEL and C1 controls and counting
    /// scalars against the budget. Returns one past the closing quote, or nil when the budget ran out first.
    private mutating func emitString(_ kind: JSONTokenKind, from start: Int) -> Int? {
        guard !isTruncated else { return nil }
        sink.beginToken(kind)
        defer { sink.endToken() }
        var runStart = start
        var position = start
        while position < count {
            let byte = bytes[position]
            // Without a budget, plain ASCII needs no bookkeeping: the printer's common case.
            if !isLimited && byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            // Source bytes taken by this step, scalars it shows, and the control character to escape, if any.
            var length = 1
            var scalars = 1
            var control: UInt16?
            switch byte {
            case UInt8(ascii: "\\"):
                // An escape pair: the byte after a backslash is printable ASCII in valid JSON.
                length = 2
                scalars = 2
            case 0x7F:
                control = UInt16(byte)
                scalars = 6
            case 0xC2 where position + 1 < count && bytes[position + 1] < 0xA0:
                control = UInt16(bytes[position + 1])
                length = 2
                scalars = 6
            case 0xD8 where position + 1 < count && bytes[position + 1] == 0x9C:
                control = 0x061C
                length = 2
                scalars = 6
            case 0xE2:
                guard let hidden = bidiControl(at: position) else { break }
                control = hidden
                length = 3
                scalars = 6
            case 0x80..<0xC0:
                scalars = 0  // a continuation byte belongs to the scalar already counted
            default:
                break
            }
            if isLimited {
                guard scalars <= budget else {
                    sink.append(UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
                    isTruncated = true
                    return nil
                }
                budget -= scalars
            }
            if let control {
                sink.append(UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
                appendUnicodeEscape(control)
                runStart = position + length
            }
            position = min(position + length, count)
            if byte == UInt8(ascii: "\"") && position - 1 > start {
                sink.append(UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
                return position
            }
        }
        sink.append(UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
        return position
    }

    /// Writes `\uXXXX` for a control character.
    private mutating func appendUnicodeEscape(_ code: UInt16) {
        sink.append(UInt8(ascii: "\\"))
        sink.append(UInt8(ascii: "u"))
        for shift in [12, 8, 4, 0] as [UInt16] { sink.append(Self.hexDigit(UInt8((code >> shift) & 0xF))) }
    }

    /// The three-byte UTF-8 bidi control at `position` (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), if any.
    private func bidiControl(at position: Int) -> UInt16? {
        guard position + 2 < count else { return nil }
        let (first, second, third) = (bytes[position], bytes[position + 1], bytes[position + 2])
        guard third & 0xC0 == 0x80 else { return nil }
        let code = UInt16(first & 0x0F) << 12 | UInt16(second & 0x3F) << 6 | UInt16(third & 0x3F)
        switch code {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return second & 0xC0 == 0x80 ? code : nil
        default: return nil
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    // MARK: - Bytes

    @inline(__always)
    private func at(_ position: Int) -> UInt8 {
        position < count ? bytes[position] : 0
    }

    private func skipWhitespace(from start: Int) -> Int {
        Self.skipWhitespace(in: bytes, from: start)
    }

    @inline(__always)
    private static func skipWhitespace(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var position = start
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            position += 1
        }
        return position
    }

    /// Bytes of numbers and literals: digits, letters, sign and point.
    @inline(__always)
    private static func isBareTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }
}

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
/// the source, except that DEL and C1 control characters inside strings become `\u007f`...`\u009f` so no
/// terminal ever receives them (JSON forbids raw C0 controls, so the scanner has rejected those already).
///
/// Every read is bounds-checked: handed bytes other than those indexed, it prints nonsense but stays memory-safe.
struct JSONLineFormatter<Sink: JSONLineSink> {
    /// Where the next line starts, and whether this one was cut short.
    struct Step {
        /// Source offset of the next line's first token, or the end of input after the last line.
        var next: Int
        var nextDepth: Int
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
    mutating func formatLine(at start: Int, depth: Int, maxLength: Int = .max) -> Step {
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
        if byte == UInt8(ascii: "\"") {
            let end = stringEnd(from: position)
            let colon = skipWhitespace(from: end)
            guard at(colon) == UInt8(ascii: ":") else {
                emitString(.string, start: position, end: end)
                return finishLine(after: end, depth: depth)
            }
            emitString(.key, start: position, end: end)
            emitPunctuation(UInt8(ascii: ":"))
            emitSpace()
            position = skipWhitespace(from: colon + 1)
            byte = at(position)
        }

        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let closer = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let inside = skipWhitespace(from: position + 1)
            emitPunctuation(byte)
            if at(inside) == closer {
                emitPunctuation(closer)
                return finishLine(after: inside + 1, depth: depth)
            }
            return Step(next: inside, nextDepth: depth + 1, isTruncated: isTruncated)
        case UInt8(ascii: "\""):
            let end = stringEnd(from: position)
            emitString(.string, start: position, end: end)
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

    private mutating func emitBareToken(_ kind: JSONTokenKind, start: Int, depth: Int) -> Step {
        var end = start
        while end < count, Self.isBareTokenByte(bytes[end]) { end += 1 }
        emitVerbatim(kind, start: start, end: end)
        return finishLine(after: end, depth: depth)
    }

    /// After a line's value: a comma means a sibling follows at the same depth, otherwise a closer one level up.
    private mutating func finishLine(after end: Int, depth: Int) -> Step {
        let next = skipWhitespace(from: end)
        if at(next) == UInt8(ascii: ",") {
            emitPunctuation(UInt8(ascii: ","))
            return Step(next: skipWhitespace(from: next + 1), nextDepth: depth, isTruncated: isTruncated)
        }
        return Step(next: next, nextDepth: depth - 1, isTruncated: isTruncated)
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
        guard budget >= 1 else { isTruncated = true; return }
        budget -= 1
        sink.append(UInt8(ascii: " "))
    }

    private mutating func emitPunctuation(_ byte: UInt8) {
        guard !isTruncated else { return }
        guard budget >= 1 else { isTruncated = true; return }
        budget -= 1
        sink.beginToken(.punctuation)
        sink.append(byte)
        sink.endToken()
    }

    /// Numbers and literals: ASCII, one scalar per byte.
    private mutating func emitVerbatim(_ kind: JSONTokenKind, start: Int, end: Int) {
        guard !isTruncated, end > start else { return }
        let length = min(end - start, budget)
        if length > 0 {
            sink.beginToken(kind)
            sink.append(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]))
            sink.endToken()
        }
        budget -= length
        if length < end - start { isTruncated = true }
    }

    /// Copies a string token, escaping DEL and C1 controls, counting scalars against the budget.
    private mutating func emitString(_ kind: JSONTokenKind, start: Int, end: Int) {
        guard !isTruncated, end > start else { return }
        guard budget > 0 else { isTruncated = true; return }
        let counting = isLimited
        sink.beginToken(kind)
        defer { sink.endToken() }
        var runStart = start
        var position = start
        while position < end {
            let byte = bytes[position]
            let isDelete = byte == 0x7F
            let isC1 = byte == 0xC2 && position + 1 < end && bytes[position + 1] < 0xA0
            if isDelete || isC1 {
                sink.append(UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
                if counting {
                    guard budget >= 6 else { isTruncated = true; return }
                    budget -= 6
                }
                appendUnicodeEscape(isDelete ? byte : bytes[position + 1])
                position += isDelete ? 1 : 2
                runStart = position
                continue
            }
            if counting && byte & 0xC0 != 0x80 {
                // A new scalar starts here.
                guard budget > 0 else {
                    sink.append(UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
                    isTruncated = true
                    return
                }
                budget -= 1
            }
            position += 1
        }
        sink.append(UnsafeRawBufferPointer(rebasing: bytes[runStart..<end]))
    }

    /// Writes `\u00XX` for a control character.
    private mutating func appendUnicodeEscape(_ code: UInt8) {
        sink.append(UInt8(ascii: "\\"))
        sink.append(UInt8(ascii: "u"))
        sink.append(UInt8(ascii: "0"))
        sink.append(UInt8(ascii: "0"))
        sink.append(Self.hexDigit(code >> 4))
        sink.append(Self.hexDigit(code & 0xF))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    // MARK: - Bytes

    @inline(__always)
    private func at(_ position: Int) -> UInt8 {
        position < count ? bytes[position] : 0
    }

    /// One past the closing quote of the string starting at `start`.
    private func stringEnd(from start: Int) -> Int {
        var position = start + 1
        while position < count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { return position + 1 }
            position += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        return count
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

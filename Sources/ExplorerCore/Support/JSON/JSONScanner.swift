/// Receives the tokens of a document, in order, while `JSONScanner` validates it.
///
/// `depth` is the indent level the token has in pretty output: the number of containers around it. An object
/// key and its value share a depth; a container's closer has the depth of its opener.
protocol JSONScanHandler {
    mutating func containerOpened(isObject: Bool, at offset: Int, depth: Int)
    mutating func containerClosed(isObject: Bool, at offset: Int, depth: Int, isEmpty: Bool)
    /// `start` is the opening quote, `end` is one past the closing quote.
    mutating func keyScanned(start: Int, end: Int, hasEscapes: Bool, depth: Int)
    /// `start..<end` is the whole token, quotes included for strings.
    mutating func scalarScanned(_ kind: JSONTokenKind, start: Int, end: Int, hasEscapes: Bool, depth: Int)
}

/// One validating pass over JSON bytes (RFC 8259), reporting tokens to a handler.
///
/// The same scanner feeds the `JSONValue` parser and `JSONLineIndex`, so both accept exactly the same documents
/// and report the same error at the same place. It never recurses: nesting lives in a fixed-size array, so the
/// depth limit is an error and never a stack overflow.
struct JSONScanner {
    /// Deepest nesting accepted; deeper documents are rejected with an error.
    static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer
    private let count: Int

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        self.count = bytes.count
    }

    /// Validates the whole document, calling `handler` for each token. Throws at the first error.
    func scan<Handler: JSONScanHandler>(into handler: inout Handler) throws(JSONParseError) {
        // isObject flag per open container, indexed by depth.
        var containers = [Bool](repeating: false, count: Self.maximumDepth)
        var depth = 0
        var position = skipWhitespace(from: skipByteOrderMark())

        valueLoop: while true {
            // A value is expected at `position`.
            guard position < count else { throw error("unexpected end of input", at: position) }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                guard depth < Self.maximumDepth else {
                    throw error("nesting deeper than \(Self.maximumDepth) levels", at: position)
                }
                handler.containerOpened(isObject: isObject, at: position, depth: depth)
                containers[depth] = isObject
                depth += 1
                position = skipWhitespace(from: position + 1)
                guard position < count else { throw error("unexpected end of input", at: position) }
                if bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    depth -= 1
                    handler.containerClosed(isObject: isObject, at: position, depth: depth, isEmpty: true)
                    position += 1
                } else if isObject {
                    position = try scanMember(at: position, depth: depth, handler: &handler)
                    continue valueLoop
                } else {
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                let (end, hasEscapes) = try scanString(at: position)
                handler.scalarScanned(.string, start: position, end: end, hasEscapes: hasEscapes, depth: depth)
                position = end
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let end = try scanNumber(at: position)
                handler.scalarScanned(.number, start: position, end: end, hasEscapes: false, depth: depth)
                position = end
            case UInt8(ascii: "t"):
                let end = try scanLiteral("true", at: position)
                handler.scalarScanned(.bool, start: position, end: end, hasEscapes: false, depth: depth)
                position = end
            case UInt8(ascii: "f"):
                let end = try scanLiteral("false", at: position)
                handler.scalarScanned(.bool, start: position, end: end, hasEscapes: false, depth: depth)
                position = end
            case UInt8(ascii: "n"):
                let end = try scanLiteral("null", at: position)
                handler.scalarScanned(.null, start: position, end: end, hasEscapes: false, depth: depth)
                position = end
            default:
                throw error("expected a value, found \(describeCharacter(at: position))", at: position)
            }

            // A value just ended: close containers until a ',' asks for the next value.
            while true {
                position = skipWhitespace(from: position)
                if depth == 0 {
                    guard position == count else {
                        throw error("trailing characters after JSON value", at: position)
                    }
                    return
                }
                guard position < count else { throw error("unexpected end of input", at: position) }
                let isObject = containers[depth - 1]
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position = skipWhitespace(from: position + 1)
                    let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    if position < count && bytes[position] == closer {
                        throw error("trailing comma before '\(Character(Unicode.Scalar(closer)))'", at: position)
                    }
                    if isObject {
                        position = try scanMember(at: position, depth: depth, handler: &handler)
                    }
                    continue valueLoop
                }
                if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    depth -= 1
                    handler.containerClosed(isObject: isObject, at: position, depth: depth, isEmpty: false)
                    position += 1
                    continue
                }
                throw error(
                    isObject
                        ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element",
                    at: position
                )
            }
        }
    }

    // MARK: - Tokens

    /// Scans `"key"` and the `:` after it; returns where the member's value starts.
    private func scanMember<Handler: JSONScanHandler>(
        at start: Int,
        depth: Int,
        handler: inout Handler
    ) throws(JSONParseError) -> Int {
        guard start < count else { throw error("unexpected end of input", at: start) }
        guard bytes[start] == UInt8(ascii: "\"") else {
            throw error("expected a string object key, found \(describeCharacter(at: start))", at: start)
        }
        let (end, hasEscapes) = try scanString(at: start)
        handler.keyScanned(start: start, end: end, hasEscapes: hasEscapes, depth: depth)
        let colon = skipWhitespace(from: end)
        guard colon < count else { throw error("unexpected end of input", at: colon) }
        guard bytes[colon] == UInt8(ascii: ":") else { throw error("expected ':' after object key", at: colon) }
        return skipWhitespace(from: colon + 1)
    }

    /// Scans a string starting at its opening quote; returns one past the closing quote.
    private func scanString(at start: Int) throws(JSONParseError) -> (end: Int, hasEscapes: Bool) {
        var position = start + 1
        var hasEscapes = false
        while position < count {
            let byte = bytes[position]
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                return (position + 1, hasEscapes)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                position = try scanEscape(at: position)
            case 0x80...:
                position = try scanMultiByteScalar(at: position)
            default:
                throw error("unescaped control character \(unicodeName(UInt32(byte))) in string", at: position)
            }
        }
        throw error("unterminated string", at: start)
    }

    /// Scans `\x` or `\uXXXX` at a backslash; returns the position after it. Lone surrogates are accepted.
    private func scanEscape(at backslash: Int) throws(JSONParseError) -> Int {
        guard backslash + 1 < count else { throw error("unterminated string", at: backslash) }
        switch bytes[backslash + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return backslash + 2
        case UInt8(ascii: "u"):
            guard backslash + 6 <= count else { throw error("invalid \\u escape", at: backslash) }
            for index in (backslash + 2)..<(backslash + 6) where JSONScanner.hexValue(bytes[index]) == nil {
                throw error("invalid \\u escape", at: backslash)
            }
            return backslash + 6
        default:
            throw error("invalid escape", at: backslash)
        }
    }

    /// Validates one UTF-8 encoded scalar of two to four bytes; returns the position after it.
    private func scanMultiByteScalar(at start: Int) throws(JSONParseError) -> Int {
        guard let length = Self.utf8ScalarLength(in: bytes, at: start) else {
            throw error("invalid UTF-8 in string", at: start)
        }
        return start + length
    }

    /// Scans a number per the JSON grammar; returns one past its last byte. Errors point at the number's start.
    private func scanNumber(at start: Int) throws(JSONParseError) -> Int {
        var position = start
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < count, isDigit(bytes[position]) else {
            throw error("invalid number: expected a digit", at: start)
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < count && isDigit(bytes[position]) {
                throw error("invalid number: leading zero", at: start)
            }
        } else {
            position = skipDigits(from: position)
        }
        if position < count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < count, isDigit(bytes[position]) else {
                throw error("invalid number: expected a digit after '.'", at: start)
            }
            position = skipDigits(from: position)
        }
        if position < count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            if position < count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
                position += 1
            }
            guard position < count, isDigit(bytes[position]) else {
                throw error("invalid number: expected a digit in exponent", at: start)
            }
            position = skipDigits(from: position)
        }
        return position
    }

    private func scanLiteral(_ literal: StaticString, at start: Int) throws(JSONParseError) -> Int {
        let length = literal.utf8CodeUnitCount
        for index in 0..<length {
            let position = start + index
            guard position < count else { throw error("unexpected end of input", at: position) }
            guard bytes[position] == literal.utf8Start[index] else {
                throw error("invalid literal, expected '\(literal)'", at: start)
            }
        }
        return start + length
    }

    // MARK: - Bytes

    private func skipByteOrderMark() -> Int {
        count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    @inline(__always)
    private func skipWhitespace(from start: Int) -> Int {
        var position = start
        while position < count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            position += 1
        }
        return position
    }

    @inline(__always)
    private func skipDigits(from start: Int) -> Int {
        var position = start
        while position < count && isDigit(bytes[position]) { position += 1 }
        return position
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The length of the well-formed UTF-8 scalar (two to four bytes) at `start`, or nil (RFC 3629 table 3-7).
    static func utf8ScalarLength(in bytes: UnsafeRawBufferPointer, at start: Int) -> Int? {
        let lead = bytes[start]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard start + length <= bytes.count else { return nil }
        let second = bytes[start + 1]
        guard second >= low && second <= high else { return nil }
        for index in (start + 2)..<(start + length) where bytes[index] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    // MARK: - Errors

    private func error(_ message: String, at offset: Int) -> JSONParseError {
        JSONParseError(message: message, offset: offset, in: bytes)
    }

    /// Names the character at `position` for a message without ever echoing a control character.
    private func describeCharacter(at position: Int) -> String {
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return unicodeName(UInt32(byte)) }
        guard let length = Self.utf8ScalarLength(in: bytes, at: position) else { return "invalid UTF-8" }
        let scalar = String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + length)]),
            as: UTF8.self
        ).unicodeScalars.first
        return unicodeName(scalar?.value ?? 0xFFFD)
    }

    private func unicodeName(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// Builds a `JSONValue` from the scanner's tokens, without recursion.
///
/// Finished values wait on one flat stack; when a container closes, its elements are the tail of that stack
/// (and, for objects, the tail of the key stack), so nothing is copied twice.
struct JSONTreeBuilder: JSONScanHandler {
    private let bytes: UnsafeRawBufferPointer
    private var values: [JSONValue] = []
    private var keys: [String] = []
    private var frames: [(valueStart: Int, keyStart: Int)] = []

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The document's value; only meaningful after a successful scan.
    var result: JSONValue {
        values.last ?? .null
    }

    mutating func containerOpened(isObject: Bool, at offset: Int, depth: Int) {
        frames.append((values.count, keys.count))
    }

    mutating func containerClosed(isObject: Bool, at offset: Int, depth: Int, isEmpty: Bool) {
        let frame = frames.removeLast()
        let value: JSONValue
        if isObject {
            value = .object(
                JSONObject(keys: Array(keys[frame.keyStart...]), values: Array(values[frame.valueStart...])))
            keys.removeSubrange(frame.keyStart...)
        } else {
            value = .array(Array(values[frame.valueStart...]))
        }
        values.removeSubrange(frame.valueStart...)
        values.append(value)
    }

    mutating func keyScanned(start: Int, end: Int, hasEscapes: Bool, depth: Int) {
        keys.append(decodeString(start: start, end: end, hasEscapes: hasEscapes))
    }

    mutating func scalarScanned(_ kind: JSONTokenKind, start: Int, end: Int, hasEscapes: Bool, depth: Int) {
        switch kind {
        case .string:
            values.append(.string(decodeString(start: start, end: end, hasEscapes: hasEscapes)))
        case .number:
            values.append(
                .number(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)))
        case .bool:
            values.append(.bool(bytes[start] == UInt8(ascii: "t")))
        case .null, .key, .punctuation:
            values.append(.null)
        }
    }

    private func decodeString(start: Int, end: Int, hasEscapes: Bool) -> String {
        Self.decodeString(in: bytes, start: start, end: end, hasEscapes: hasEscapes)
    }

    /// Decodes a validated string token (quotes included). Unpaired surrogate escapes become U+FFFD, since a
    /// Swift `String` cannot hold them. `JSONTape` decodes the strings a query reads with it, so both agree.
    static func decodeString(in bytes: UnsafeRawBufferPointer, start: Int, end: Int, hasEscapes: Bool) -> String {
        let content = UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)])
        guard hasEscapes else { return String(decoding: content, as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(content.count)
        var position = 0
        while position < content.count {
            let byte = content[position]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                position += 1
                continue
            }
            let escape = content[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexUnit(content, at: position)
                position += 4
                if (0xD800..<0xDC00).contains(scalar), position + 6 <= content.count,
                    content[position] == UInt8(ascii: "\\"), content[position + 1] == UInt8(ascii: "u")
                {
                    let low = hexUnit(content, at: position + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        position += 6
                    }
                }
                utf8.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}")!)
            default: utf8.append(escape)  // \" \\ \/
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    private static func hexUnit(_ content: UnsafeRawBufferPointer, at position: Int) -> UInt32 {
        var unit: UInt32 = 0
        for index in position..<(position + 4) {
            unit = unit << 4 | UInt32(JSONScanner.hexValue(content[index]) ?? 0)
        }
        return unit
    }
}

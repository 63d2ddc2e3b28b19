extension JSONValue {
    /// The value as JSON text, members in their stored order.
    ///
    /// Strings are escaped per RFC 8259 (`\"`, `\\`, `\n` and friends, other controls as `\u00XX`); DEL, C1
    /// controls and bidi controls (Unicode's Bidi_Control, `\u202e`) are escaped too, so the text is always safe to
    /// show in a terminal. Numbers are written as their literal text. With `pretty`, the layout is the one `JSONPrettyPrinter` produces, without the final
    /// line break.
    public func serialized(pretty: Bool = false) -> String {
        var output: [UInt8] = []
        write(to: &output, pretty: pretty, depth: 0)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8], pretty: Bool, depth: Int) {
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text):
            output.append(contentsOf: text.utf8)
        case .string(let string):
            Self.writeEscaped(string, to: &output)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, pretty: pretty, depth: depth) {
                $1.write(to: &$0, pretty: pretty, depth: depth + 1)
            }
        case .object(let object):
            writeContainer(object, open: "{", close: "}", to: &output, pretty: pretty, depth: depth) {
                Self.writeEscaped($1.key, to: &$0)
                $0.append(UInt8(ascii: ":"))
                if pretty { $0.append(UInt8(ascii: " ")) }
                $1.value.write(to: &$0, pretty: pretty, depth: depth + 1)
            }
        }
    }

    private func writeContainer<Elements: Collection>(
        _ elements: Elements,
        open: Unicode.Scalar,
        close: Unicode.Scalar,
        to output: inout [UInt8],
        pretty: Bool,
        depth: Int,
        writeElement: (inout [UInt8], Elements.Element) -> Void
    ) {
        output.append(UInt8(ascii: open))
        var isFirst = true
        for element in elements {
            if !isFirst { output.append(UInt8(ascii: ",")) }
            isFirst = false
            if pretty { Self.writeLineBreak(depth: depth + 1, to: &output) }
            writeElement(&output, element)
        }
        if pretty && !elements.isEmpty { Self.writeLineBreak(depth: depth, to: &output) }
        output.append(UInt8(ascii: close))
    }

    private static func writeLineBreak(depth: Int, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    private static func writeEscaped(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        appendEscapedContents(of: string.utf8, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// The inside of a JSON string (no quotes) holding the UTF-8 text `utf8`, escaped as `serialized()` escapes
    /// strings: for writing a long string piece by piece. Each piece must end at a character boundary.
    /// C0, DEL, C1 and the bidi controls (U+061C, U+200E/F, U+202A-E, U+2066-9) become `\uXXXX`, so no JSON text
    /// apix writes can reorder or drive a terminal; the lead bytes of a multi-byte control are taken back once its
    /// last byte shows what it is.
    package static func appendEscapedContents(of utf8: some Sequence<UInt8>, to output: inout [UInt8]) {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in utf8 {
            defer {
                beforePrevious = previous
                previous = byte
            }
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x00..<0x20, 0x7F:
                appendUnicodeEscape(UInt16(byte), to: &output)
            case 0x80..<0xA0 where previous == 0xC2:
                // A C1 control (U+0080...U+009F): replace the 0xC2 already written.
                output.removeLast()
                appendUnicodeEscape(UInt16(byte), to: &output)
            case 0x9C where previous == 0xD8:
                output.removeLast()
                appendUnicodeEscape(0x061C, to: &output)
            case 0x8E where previous == 0x80 && beforePrevious == 0xE2,
                0x8F where previous == 0x80 && beforePrevious == 0xE2,
                0xAA...0xAE where previous == 0x80 && beforePrevious == 0xE2,
                0xA6...0xA9 where previous == 0x81 && beforePrevious == 0xE2:
                output.removeLast(2)
                appendUnicodeEscape(0x2000 | UInt16(previous & 0x3F) << 6 | UInt16(byte & 0x3F), to: &output)
            default:
                output.append(byte)
            }
        }
    }

    private static func appendUnicodeEscape(_ code: UInt16, to output: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        output.append(contentsOf: #"\u"#.utf8)
        for shift in [12, 8, 4, 0] as [UInt16] { output.append(digits[Int((code >> shift) & 0xF)]) }
    }
}

/// Untrusted text made safe for a terminal: control characters and escape sequences are shown escaped
/// (`\e[2J`, `\x07`, `\r`), never passed through, so a response cannot move the cursor, retitle the window or
/// clear the screen.
package enum SafeText {
    /// Escapes every C0/C1 control character and DEL; keeps `\n` when `keepNewlines` (callers splitting lines)
    /// and expands tabs to spaces.
    package static func escape(_ text: some StringProtocol, keepNewlines: Bool = false) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepNewlines:
                output.unicodeScalars.append(scalar)
            case 0x09:
                output += "    "
            case 0x1B:
                output += "\\e"
            case 0x0D:
                output += "\\r"
            case 0x0A:
                output += "\\n"
            case 0x00..<0x20, 0x7F, 0x80..<0xA0:
                output += "\\x" + hex(scalar.value)
            case 0x061C, 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                // Zero-width and bidi controls (all of Unicode's Bidi_Control) can disguise text; show them too.
                output += "\\u{" + String(scalar.value, radix: 16) + "}"
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Whether `text` needs no escaping (fast path for the common case).
    static func isClean(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let value = scalar.value
            return value >= 0x20 && value != 0x7F && !(0x80..<0xA0).contains(value) && value != 0x061C
                && !(0x200B...0x200F).contains(value) && !(0x202A...0x202E).contains(value)
                && !(0x2066...0x2069).contains(value) && value != 0xFEFF
        }
    }

    /// Bytes decoded by `charset` (UTF-8: invalid sequences shown as `\xNN`), then escaped.
    package static func decode(
        _ bytes: some Collection<UInt8>, charset: MediaType.TextCharset, keepNewlines: Bool = false
    ) -> String {
        guard charset != .utf8, let text = charset.decode(bytes) else {
            return decode(bytes, keepNewlines: keepNewlines)
        }
        return escape(text, keepNewlines: keepNewlines)
    }

    /// Bytes decoded as UTF-8 with invalid sequences shown as `\xNN`, then escaped.
    package static func decode(_ bytes: some Collection<UInt8>, keepNewlines: Bool = false) -> String {
        var output = ""
        var decoder = UTF8()
        // `position` trails `iterator` by whole scalars, so after an error decoding resumes one byte later.
        var position = bytes.makeIterator()
        var iterator = position
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                for _ in 0..<UTF8.width(scalar) { _ = position.next() }
                output += escape(String(scalar), keepNewlines: keepNewlines)
            case .emptyInput:
                return output
            case .error:
                if let byte = position.next() { output += "\\x" + hex(UInt32(byte)) }
                iterator = position
            }
        }
    }

    package static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}

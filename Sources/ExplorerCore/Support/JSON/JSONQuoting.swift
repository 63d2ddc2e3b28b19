/// The one escaping rule JSON strings and RFC 9535 normalized paths share: the quote and `\` escaped, `\b` `\f`
/// `\n` `\r` `\t` for those controls, `\u00xx` (lower-case hex) for the other controls below U+0020, every other
/// character as it is. JSON quotes with `"` (the history's columns, written as `JSONEncoder` writes them), a
/// normalized path's names with `'`.
package enum JSONQuoting {
    /// Appends `value` quoted with `quote` to `text`.
    package static func append(_ value: String, quote: Unicode.Scalar = "\"", to text: inout String) {
        text.unicodeScalars.append(quote)
        let quoteByte = UInt8(quote.value)
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == quoteByte || $0 == UInt8(ascii: "\\") }) else {
            text += value
            text.unicodeScalars.append(quote)
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case quote, "\\":
                text += "\\"
                text.unicodeScalars.append(scalar)
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text.unicodeScalars.append(quote)
    }
}

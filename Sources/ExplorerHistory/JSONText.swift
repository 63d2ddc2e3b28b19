/// A JSON object written field by field, and JSON strings, as `JSONEncoder` writes them with `.sortedKeys` and
/// `.withoutEscapingSlashes` (fields must come in sorted order): in strings `"` and `\` are escaped, control
/// characters written `\n`-style or `\u00XX`, all other characters as they are; a whole number as a double has no
/// `.0`.
struct JSONText {
    private var text = "{"

    mutating func field(_ name: String, _ value: Int64) {
        key(name)
        text += String(value)
    }
    mutating func field(_ name: String, _ value: Double) {
        key(name)
        let written = "\(value)"
        text += written.hasSuffix(".0") ? String(written.dropLast(2)) : written
    }
    mutating func field(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }
    mutating func field(_ name: String, string value: String) {
        key(name)
        Self.append(value, to: &text)
    }

    /// The object's text.
    func closingObject() -> String { text + "}" }

    private mutating func key(_ name: String) {
        if text.utf8.count > 1 { text += "," }
        text += "\""
        text += name
        text += "\":"
    }

    /// Appends `value` as a JSON string.
    static func append(_ value: String, to text: inout String) {
        text += "\""
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        else {
            text += value
            text += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
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
        text += "\""
    }
}

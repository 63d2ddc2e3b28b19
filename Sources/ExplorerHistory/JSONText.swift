import ExplorerCore

/// A JSON object written field by field, and JSON strings, as `JSONEncoder` writes them with `.sortedKeys` and
/// `.withoutEscapingSlashes` (fields must come in sorted order): strings by `JSONQuoting`'s rule, a whole number as
/// a double without `.0`.
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
        JSONQuoting.append(value, to: &text)
    }
}

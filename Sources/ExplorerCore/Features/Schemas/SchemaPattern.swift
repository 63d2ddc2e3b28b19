import Foundation

/// A `pattern` / `patternProperties` regular expression (ECMA-262 as JSON Schema says, run on ICU), compiled once
/// when the schema is, and matched with a bound on the work: ICU calls back every so often while it matches
/// (`reportProgress`), and past `maxCallbacks` the match stops and counts as a failure ("pattern too expensive"),
/// so a catastrophic pattern (`^(a+)+$` on a long run of `a`s and a `!`) costs one match a few tens of
/// milliseconds at most. The callbacks are also counted against the validation's step bound, so many expensive
/// matches stop the validation as a whole.
///
/// Every regular expression the validator runs goes through here, so a shared bound (issue 31) can replace this
/// one in one place.
struct SchemaPattern: @unchecked Sendable {
    // @unchecked: NSRegularExpression is immutable once made and safe to use from several threads at once.
    let source: String
    private let expression: NSRegularExpression

    /// The progress callbacks allowed for one match before it is abandoned (ICU calls back about every 10,000
    /// steps of its matching engine; 50 is about 50 ms here).
    static let maxCallbacks = 50
    /// What one callback counts against `SchemaOptions.maxSteps`.
    static let stepsPerCallback = 20_000

    init?(_ source: String) {
        guard let expression = try? NSRegularExpression(pattern: Self.translate(source)) else { return nil }
        self.source = source
        self.expression = expression
    }

    /// Whether the pattern is found in `text`; nil when matching took too much work. `steps` grows by the work.
    func matches(_ text: String, steps: inout Int) -> Bool? {
        if text.isEmpty || Self.isLiteral(source) {
            return text.isEmpty
                ? expression.firstMatch(in: text, range: NSRange(location: 0, length: 0)) != nil
                : text.contains(source)
        }
        var found = false
        var callbacks = 0
        var abandoned = false
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        expression.enumerateMatches(in: text, options: [.reportProgress], range: range) { result, _, stop in
            if result != nil {
                found = true
                stop.pointee = true
                return
            }
            callbacks += 1
            if callbacks > Self.maxCallbacks {
                abandoned = true
                stop.pointee = true
            }
        }
        steps += callbacks * Self.stepsPerCallback
        return abandoned && !found ? nil : found
    }

    /// A pattern with no special character matches wherever its text occurs.
    private static func isLiteral(_ source: String) -> Bool {
        !source.unicodeScalars.contains { "\\^$.|?*+()[]{}".unicodeScalars.contains($0) }
    }

    /// ECMA-262's ASCII-only `\d` and `\w` in ICU's spelling (ICU's own are Unicode-wide).
    static func translate(_ source: String) -> String {
        var output = ""
        var escaped = false
        var inClass = false
        for character in source {
            if escaped {
                escaped = false
                switch character {
                case "d": output += inClass ? "0-9" : "[0-9]"
                case "D" where !inClass: output += "[^0-9]"
                case "w": output += inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]"
                case "W" where !inClass: output += "[^a-zA-Z0-9_]"
                default: output += "\\" + String(character)
                }
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[" where !inClass:
                inClass = true
                output.append(character)
            case "]" where inClass:
                inClass = false
                output.append(character)
            default: output.append(character)
            }
        }
        if escaped { output += "\\" }
        return output
    }
}

import Foundation

/// A `pattern` / `patternProperties` regular expression (ECMA-262 as JSON Schema says, run on ICU), compiled once
/// when the schema is, and matched through `BoundedRegex` with a budget of its own: a catastrophic pattern
/// (`^(a+)+$` on a long run of `a`s and a `!`) costs one match `matchLimit` of CPU time at most and counts as a
/// failure ("pattern too expensive"). The time spent is also counted against the validation's step bound, so many
/// expensive matches stop the validation as a whole.
struct SchemaPattern: @unchecked Sendable {
    // @unchecked: `BoundedRegex` holds an NSRegularExpression, immutable once made and safe to use from several
    // threads at once.
    let source: String
    private let regex: BoundedRegex

    /// The CPU time one match may take before it is abandoned.
    static let matchLimit: Duration = .milliseconds(50)
    /// Nanoseconds of matching per step counted against `SchemaOptions.maxSteps` (a whole `matchLimit` is a
    /// million steps).
    static let nanosecondsPerStep: Int64 = 50

    init?(_ source: String) {
        guard let regex = BoundedRegex(Self.translate(source)) else { return nil }
        self.source = source
        self.regex = regex
    }

    /// Whether the pattern is found in `text`; nil when matching took too much work. `steps` grows by the work.
    func matches(_ text: String, steps: inout Int) -> Bool? {
        if !text.isEmpty, Self.isLiteral(source) { return text.contains(source) }
        var budget = RegexBudget(limit: Self.matchLimit)
        defer { steps += Int(budget.spentNanoseconds / Self.nanosecondsPerStep) }
        return try? regex.isFound(in: text, budget: &budget)
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

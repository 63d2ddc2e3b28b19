import Foundation

/// Regular expressions of `capture:` and `expect:` (ICU syntax, as `NSRegularExpression` reads it), run bounded on
/// what the server sent (`BoundedRegex`, a budget per check).
enum TextPattern {
    /// Whether the pattern is found in `text`; nil when the pattern does not compile.
    static func found(_ pattern: String, in text: String) throws(RegexTooExpensive) -> Bool? {
        guard let regex = BoundedRegex(pattern) else { return nil }
        return try regex.firstMatch(in: text) != nil
    }

    /// The first group of the first match (the whole match when the pattern has no group); nil when nothing
    /// matches or the pattern does not compile.
    static func firstCapture(_ pattern: String, in text: String) throws(RegexTooExpensive) -> String? {
        guard let regex = BoundedRegex(pattern), let match = try regex.firstMatch(in: text) else { return nil }
        let range = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
        guard range.location != NSNotFound, let found = Range(range, in: text) else { return nil }
        return String(text[found])
    }

    /// Whether the pattern compiles (checked when a profile loads).
    static func isValid(_ pattern: String) -> Bool {
        RegexCache.shared.expression(for: pattern) != nil
    }
}

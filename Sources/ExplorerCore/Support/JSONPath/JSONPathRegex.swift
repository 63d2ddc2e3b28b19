import Foundation

/// `match()` and `search()`: I-Regexp patterns (RFC 9485) run on ICU's engine.
///
/// I-Regexp is a subset of what ICU accepts, with one difference that matters: its `.` matches any character but
/// line feed and carriage return (ICU's also skips U+2028, U+2029 and U+0085), so `.` outside a character class
/// becomes `[^\n\r]`. `match` anchors the whole string (`\A(?:…)\z`). Compiled patterns are kept per thread of
/// use by a small cache, since a filter applies one pattern to every element of an array.
enum JSONPathRegex {
    /// Whether `text` matches `pattern` wholly (`match`) or somewhere (`search`); false for an invalid pattern.
    static func matches(_ text: String, pattern: String, whole: Bool) -> Bool {
        guard let expression = compiled(translate(pattern), whole: whole) else { return false }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }

    /// The ICU spelling of an I-Regexp pattern.
    static func translate(_ pattern: String) -> String {
        var output = ""
        var inClass = false
        var escaped = false
        for character in pattern {
            if escaped {
                output.append(character)
                escaped = false
                continue
            }
            switch character {
            case "\\":
                escaped = true
                output.append(character)
            case "[" where !inClass:
                inClass = true
                output.append(character)
            case "]" where inClass:
                inClass = false
                output.append(character)
            case "." where !inClass:
                output.append("[^\\n\\r]")
            default:
                output.append(character)
            }
        }
        return output
    }

    private static let cache = RegexCache.shared

    private static func compiled(_ pattern: String, whole: Bool) -> NSRegularExpression? {
        let source = whole ? "\\A(?:\(pattern))\\z" : pattern
        return cache.expression(for: source)
    }
}

import Foundation

/// `match()` and `search()`: I-Regexp patterns (RFC 9485) run on ICU's engine.
///
/// I-Regexp is a subset of what ICU accepts, with one difference that matters: its `.` matches any character but
/// line feed and carriage return (ICU's also skips U+2028, U+2029 and U+0085), so `.` outside a character class
/// becomes `[^\n\r]`. `match` anchors the whole string (`\A(?:…)\z`). Compiled patterns are kept per thread of
/// use by a small cache, since a filter applies one pattern to every element of an array. The pattern may come
/// from the document itself (`match(@.name, $.pattern)`), so it runs bounded (`BoundedRegex`, on the query's budget).
enum JSONPathRegex {
    /// Whether `text` matches `pattern` wholly (`match`) or somewhere (`search`); false for an invalid pattern.
    static func matches(
        _ text: String, pattern: String, whole: Bool, budget: inout RegexBudget
    ) throws(RegexTooExpensive) -> Bool {
        let translated = translate(pattern)
        guard let regex = BoundedRegex(whole ? "\\A(?:\(translated))\\z" : translated) else { return false }
        do {
            return try regex.isFound(in: text, budget: &budget)
        } catch {
            // Named as written, not as translated for ICU.
            throw RegexTooExpensive(pattern: pattern, limit: error.limit)
        }
    }

    /// The ICU spelling of an I-Regexp pattern. Read scalar by scalar, as ICU reads it: by characters, a `[`, `]`
    /// or `.` followed by a combining mark was not one, so `[\u{301}.]` (U+0301 or a dot) became a class holding
    /// `[^\n\r]`, which ICU reads as a union matching almost anything.
    static func translate(_ pattern: String) -> String {
        var output = String.UnicodeScalarView()
        var inClass = false
        var escaped = false
        for scalar in pattern.unicodeScalars {
            if escaped {
                output.append(scalar)
                escaped = false
                continue
            }
            switch scalar {
            case "\\":
                escaped = true
                output.append(scalar)
            case "[" where !inClass:
                inClass = true
                output.append(scalar)
            case "]" where inClass:
                inClass = false
                output.append(scalar)
            case "." where !inClass:
                output.append(contentsOf: "[^\\n\\r]".unicodeScalars)
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }
}

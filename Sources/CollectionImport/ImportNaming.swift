import Foundation

/// Names shared by the importers: profile and endpoint ids, secret-looking variable names.
package enum ImportNaming {
    /// `Groups API (v2)` → `groups-api-v2`; `fallback` when nothing is left.
    package static func slug(_ text: String, fallback: String = "api") -> String {
        var result = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                result.append(character)
            } else if !result.isEmpty, result.last != "-" {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? fallback : result
    }

    /// `id`, else `id-2`, `id-3`…: the first not yet used (then used).
    package static func unique(_ id: String, in used: inout Set<String>) -> String {
        var candidate = id
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(id)-\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }

    private static let secretWords = [
        "token", "secret", "password", "passwd", "apikey", "api_key", "api-key", "credential", "session", "cookie",
        "auth", "private",
    ]

    /// A variable that looks like it holds a credential: it goes to the secrets file.
    static func looksSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        return secretWords.contains { lower.contains($0) } || lower == "key" || lower.hasSuffix("_key")
            || lower.hasSuffix("-key") || name.hasSuffix("Key")
    }

    /// The names of `{{name}}` references in `text`, trimmed, in order, without repeats.
    static func references(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty, !names.contains(name) { names.append(name) }
            rest = rest[close.upperBound...]
        }
        return names
    }

    /// A single line, at most `limit` characters (cut with an ellipsis).
    static func line(_ text: String, limit: Int = 60) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count <= limit ? words : String(words.prefix(limit - 1)) + "…"
    }
}

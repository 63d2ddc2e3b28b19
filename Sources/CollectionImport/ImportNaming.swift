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
        // Over the UTF-8 bytes, once: `Substring.range(of:)` bridged the rest of the text to an NSString at every
        // step, quadratic in the text, and the import scans the whole profile's YAML (82 s for a 1.4 MB Postman
        // collection).
        var names: [String] = []
        var seen: Set<String> = []
        var text = text
        text.makeContiguousUTF8()
        _ = text.utf8.withContiguousStorageIfAvailable { bytes in
            let brace = UInt8(ascii: "{")
            let closing = UInt8(ascii: "}")
            var index = 0
            while index + 1 < bytes.count {
                guard bytes[index] == brace, bytes[index + 1] == brace else {
                    index += 1
                    continue
                }
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == closing && bytes[end + 1] == closing) { end += 1 }
                guard end + 1 < bytes.count else { break }
                let name = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                    .trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, seen.insert(name).inserted { names.append(name) }
                index = end + 2
            }
        }
        return names
    }

    /// A single line, at most `limit` characters (cut with an ellipsis).
    static func line(_ text: String, limit: Int = 60) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count <= limit ? words : String(words.prefix(limit - 1)) + "…"
    }
}

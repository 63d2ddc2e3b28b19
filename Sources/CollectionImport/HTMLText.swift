import Foundation

/// HTML in imported descriptions as plain text. Stripe's OpenAPI document writes every description as
/// `<p>…</p>`, Postman and Insomnia descriptions may hold HTML too; a profile holds text a terminal shows, so tags
/// go, the common entities are decoded, and paragraphs stay paragraphs (a blank line between them, a line break for
/// `<br>` and list items), which the importers' first-paragraph rules then read.
package enum HTMLText {
    /// Tags that end a paragraph (a blank line follows them).
    static let paragraphTags: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "pre", "blockquote",
    ]
    /// Tags that start a line (their closing tags do nothing).
    static let lineTags: Set<String> = ["br", "li", "tr", "dt", "dd"]

    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
        "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "copy": "©", "reg": "®",
        "trade": "™", "bull": "•", "middot": "·", "times": "×",
    ]

    /// `text` without tags and entities; text with neither comes back as it was.
    package static func plain(_ text: String) -> String {
        guard text.contains("<") || text.contains("&") else { return text }
        // In HTML a line break is a space; only tags break lines. Text with entities alone keeps its lines.
        let isHTML = text.indices.contains { text[$0] == "<" && tag(at: text[$0...]) != nil }
        func copy(_ piece: Substring) -> String {
            isHTML ? piece.replacingOccurrences(of: "\n", with: " ") : String(piece)
        }
        var output = ""
        var rest = Substring(text)
        while let first = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            output += copy(rest[..<first])
            rest = rest[first...]
            if rest.first == "<", let (name, after) = tag(at: rest) {
                if paragraphTags.contains(name) {
                    output += "\n\n"
                } else if lineTags.contains(name), rest.dropFirst().first != "/" {
                    output += "\n"  // `<li>` starts a line; its `</li>` adds nothing
                }
                rest = after
            } else if rest.first == "&", let (decoded, after) = entity(at: rest) {
                output += decoded
                rest = after
            } else {
                output.append(rest.removeFirst())
            }
        }
        output += copy(rest)
        return tidy(output)
    }

    /// The lower-cased name of the tag (or comment) `text` starts with, and the text after it; nil when `<` does
    /// not start a tag (`a < b`).
    private static func tag(at text: Substring) -> (String, Substring)? {
        let body = text.dropFirst()
        guard let next = body.first, next.isLetter || next == "/" || next == "!" else { return nil }
        if body.hasPrefix("!--") {
            guard let end = body.range(of: "-->") else { return nil }
            return ("", body[end.upperBound...])
        }
        guard let close = body.firstIndex(of: ">") else { return nil }
        let name = body[..<close].drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
        return (name, body[body.index(after: close)...])
    }

    /// The character `text`'s entity (`&amp;`, `&#39;`, `&#x2014;`) stands for, and the text after it.
    private static func entity(at text: Substring) -> (String, Substring)? {
        guard let semicolon = text.prefix(12).firstIndex(of: ";") else { return nil }
        let name = text[text.index(after: text.startIndex)..<semicolon]
        let after = text[text.index(after: semicolon)...]
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, let scalar = Unicode.Scalar(value) else { return nil }
            return (String(Character(scalar)), after)
        }
        return entities[String(name)].map { ($0, after) }
    }

    /// Spaces within lines collapsed, lines trimmed, at most one blank line between paragraphs, none at the ends.
    private static func tidy(_ text: String) -> String {
        var paragraphs: [String] = []
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if words.isEmpty {
                if !lines.isEmpty { paragraphs.append(lines.joined(separator: "\n")) }
                lines = []
            } else {
                lines.append(words)
            }
        }
        if !lines.isEmpty { paragraphs.append(lines.joined(separator: "\n")) }
        return paragraphs.joined(separator: "\n\n")
    }
}

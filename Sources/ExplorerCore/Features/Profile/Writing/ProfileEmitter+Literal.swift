/// Text of several lines (a GraphQL query) as a YAML literal block, so a saved profile shows it as written:
///
///     query: |-
///       query User($id: ID!) {
///         user(id: $id) { name }
///       }
///
/// only when the loader reads the block back as the same text; anything else stays one double-quoted line.
extension ProfileEmitter {
    /// A literal block for text of several lines that a block keeps exactly, else the quoted string.
    package static func lines(_ text: String) -> Value {
        literalSafe(text) ? .literal(text) : .string(text)
    }

    /// True for text a literal block reads back as itself: several lines; the first not starting with a space or
    /// tab (the block's indentation is taken from it); no line ending in a space or tab (a line of spaces alone is
    /// read as an empty one); at most one newline at the end (kept by `|`, none by `|-`); printable characters,
    /// tabs and newlines only (no CR, which YAML reads as a line break).
    static func literalSafe(_ text: String) -> Bool {
        guard text.contains("\n"), let first = text.first, first != " ", first != "\t", first != "\n",
            !text.hasSuffix("\n\n")
        else { return false }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false)
        where line.last == " " || line.last == "\t" {
            return false
        }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar == "\n" || scalar == "\t"
                || (scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
                    && scalar.value != 0xFEFF && scalar.value != 0x2028 && scalar.value != 0x2029)
        }
    }

    /// `|-` (or `|` when the text ends with a newline), then each line at `indent` (empty lines empty), ending with a
    /// newline: what follows `key: `.
    static func literalBlock(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        let keepsNewline = text.hasSuffix("\n")
        let body = keepsNewline ? String(text.dropLast()) : text
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }
        return (keepsNewline ? "|" : "|-") + "\n" + lines.joined(separator: "\n") + "\n"
    }

    /// True when a literal block is somewhere in `value`: such a collection is written in block style.
    static func containsLiteral(_ value: Value) -> Bool {
        switch value {
        case .literal: true
        case .scalar: false
        case .sequence(let items): items.contains(where: containsLiteral)
        case .mapping(let entries): entries.contains { containsLiteral($0.value) }
        }
    }
}

/// POSIX shell word splitting and quoting, for curl command lines: single quotes keep everything, double quotes
/// keep everything but `\` before `$`, `` ` ``, `"`, `\` and newline; a backslash outside quotes escapes the next
/// character, and backslash-newline joins lines. `$'…'` (bash's ANSI-C quoting, used by browsers' "copy as cURL")
/// is understood too. Variables and command substitutions are not expanded.
///
/// Read and written scalar by scalar, as a shell reads bytes: by characters, a quote followed by a combining mark
/// (`'` + U+0301) is one character that is not a quote, so `quote` let it through unescaped and a pasted export ended
/// its quoted word there (what followed ran as a command).
enum ShellWords {
    package static func split(_ line: String) throws(InteropError) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var inWord = false
        var characters = Array(line.unicodeScalars)[...]
        while let character = characters.popFirst() {
            switch character {
            case " ", "\t", "\n", "\r":
                if inWord { words.append(String(word)) }
                word = String.UnicodeScalarView()
                inWord = false
            case "\\":
                guard let next = characters.popFirst() else { throw InteropError(.syntax(trailingBackslash)) }
                if next != "\n" {
                    word.append(next)
                    inWord = true
                }
            case "'":
                inWord = true
                guard let close = characters.firstIndex(of: "'") else {
                    throw InteropError(.syntax("an unclosed single quote"))
                }
                word.append(contentsOf: characters[..<close])
                characters = characters[(close + 1)...]
            case "\"":
                inWord = true
                var closed = false
                while let inner = characters.popFirst() {
                    if inner == "\"" {
                        closed = true
                        break
                    }
                    if inner == "\\", let escaped = characters.first, "$`\"\\\n".unicodeScalars.contains(escaped) {
                        characters.removeFirst()
                        if escaped != "\n" { word.append(escaped) }
                    } else {
                        word.append(inner)
                    }
                }
                if !closed { throw InteropError(.syntax("an unclosed double quote")) }
            case "$" where characters.first == "'":
                characters.removeFirst()
                inWord = true
                word.append(contentsOf: try ansiC(&characters).unicodeScalars)
            default:
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(String(word)) }
        return words
    }

    /// The body of `$'…'` up to its closing quote, escapes decoded.
    private static func ansiC(_ characters: inout ArraySlice<Unicode.Scalar>) throws(InteropError) -> String {
        var bytes: [UInt8] = []
        while let character = characters.popFirst() {
            if character == "'" { return String(decoding: bytes, as: UTF8.self) }
            guard character == "\\", let escape = characters.popFirst() else {
                bytes.append(contentsOf: Array(String(character).utf8))
                continue
            }
            switch escape {
            case "n": bytes.append(0x0A)
            case "t": bytes.append(0x09)
            case "r": bytes.append(0x0D)
            case "0": bytes.append(0)
            case "x", "u":
                var hex = ""
                while hex.count < (escape == "x" ? 2 : 4), let digit = characters.first,
                    digit.properties.isASCIIHexDigit
                {
                    hex.unicodeScalars.append(digit)
                    characters.removeFirst()
                }
                guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw InteropError(.syntax("a bad \\\(escape) escape in $'…'"))
                }
                if escape == "x" {
                    bytes.append(UInt8(truncatingIfNeeded: value))
                } else {
                    bytes.append(contentsOf: Array(String(scalar).utf8))
                }
            default: bytes.append(contentsOf: Array(String(escape).utf8))
            }
        }
        throw InteropError(.syntax("an unclosed $' quote"))
    }

    /// Characters a shell word may hold without quotes.
    static let safeCharacters: Set<Unicode.Scalar> = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:=@%+,-".unicodeScalars)

    /// `word` as one shell word: as is when only safe characters, else single-quoted.
    /// Whether `line` ends with a backslash that escapes the newline after it (outside quotes), so a shell would
    /// read the next line as part of it (a curl command pasted over several lines).
    static func continuesOnNextLine(_ line: String) -> Bool {
        guard line.hasSuffix("\\") else { return false }
        do {
            _ = try split(line)
        } catch {
            return error.reason == .syntax(trailingBackslash)
        }
        return false
    }

    static let trailingBackslash = "a trailing backslash"

    static func quote(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { safeCharacters.contains($0) }
        if safe, !word.isEmpty { return word }
        return "'" + word.replacingScalars(["'": "'\\''"]) + "'"
    }

    /// Double-quoted, for words where `$NAME` must expand: `"`, `\`, `$` and `` ` `` in `literal` are escaped.
    static func doubleQuotedLiteral(_ literal: String) -> String {
        literal.replacingScalars(["\"": "\\\"", "\\": "\\\\", "$": "\\$", "`": "\\`"])
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// glibc's `wcwidth`: Swift's Glibc module hides it (it is declared only under `_XOPEN_SOURCE`), and the curses
/// module is for the terminal backend alone. Plain C ABI: `int wcwidth(wchar_t)`.
@_silgen_name("wcwidth")
private func systemWidth(_ character: wchar_t) -> Int32

/// Display width of text in terminal columns, from the C library's `wcwidth` under a UTF-8 locale.
enum TextWidth {
    /// Makes sure `LC_CTYPE` is a UTF-8 locale (the user's when it is one, else `C.UTF-8`), once per process.
    /// `wcwidth` and ncurses' wide-character output both depend on it.
    static let localeReady: Bool = {
        if let name = setlocale(LC_ALL, ""), String(cString: name).lowercased().contains("utf") { return true }
        if let current = setlocale(LC_CTYPE, nil), String(cString: current).lowercased().contains("utf") {
            return true
        }
        return setlocale(LC_CTYPE, "C.UTF-8") != nil
    }()

    /// Columns one grapheme takes: 0, 1 or 2. Control characters count as 1 (they are escaped before drawing).
    package static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return 1 }
        _ = localeReady
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation
        let width = Int(systemWidth(wchar_t(first.value)))
        if width < 0 { return 1 }
        if width == 0 && scalars.count == 1 { return 0 }
        return max(1, width)
    }

    /// Columns a string takes.
    package static func width(of text: some StringProtocol) -> Int {
        if !text.utf8.contains(where: { $0 >= 0x80 }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// The longest prefix of `text` that fits in `columns`, with `…` marking a cut when `ellipsis`.
    static func truncate(_ text: String, to columns: Int, ellipsis: Bool = true) -> String {
        guard columns > 0 else { return "" }
        if text.utf8.count <= columns, !text.utf8.contains(where: { $0 >= 0x80 }) { return text }
        guard width(of: text) > columns else { return text }
        let budget = ellipsis ? columns - 1 : columns
        var result = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > budget { break }
            result.append(character)
            used += w
        }
        return ellipsis ? result + "…" : result
    }

    /// `text` in lines of at most `columns`, broken after spaces where it can be and inside a word longer than a line.
    /// The one word wrap of the TUI (messages, help, hints, problems); `cut` is its cell-exact form for bodies.
    static func wrap(_ text: String, to columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = width(of: word)
            let gap = line.isEmpty ? 0 : 1
            if used + gap + wordWidth <= columns {
                if gap == 1 { line += " " }
                line += word
                used += gap + wordWidth
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            used = 0
            for character in word {
                let w = width(of: character)
                if used + w > columns {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                line.append(character)
                used += w
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` padded with spaces (or cut) to exactly `columns`.
    package static func pad(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        let missing = columns - width(of: cut)
        return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
    }

    /// Styled pieces of one line in rows of at most `columns` cells, cut at the edge whatever is there (a body's
    /// soft wrap: code and JSON have no words to break at), styles kept; a wide character that does not fit starts
    /// the next row.
    static func cut<Role>(_ pieces: [(text: String, role: Role)], to columns: Int) -> [[(text: String, role: Role)]] {
        guard columns > 0 else { return [pieces] }
        var rows: [[(text: String, role: Role)]] = [[]]
        var used = 0
        for piece in pieces {
            var text = ""
            for character in piece.text {
                let characterWidth = width(of: character)
                if used + characterWidth > columns, used > 0 {
                    if !text.isEmpty { rows[rows.count - 1].append((text, piece.role)) }
                    rows.append([])
                    text = ""
                    used = 0
                }
                text.append(character)
                used += characterWidth
            }
            if !text.isEmpty { rows[rows.count - 1].append((text, piece.role)) }
        }
        return rows
    }
}

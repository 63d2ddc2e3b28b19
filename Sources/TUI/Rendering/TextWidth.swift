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

    /// `items` joined by `separator` to fit `columns`: when they do not, items are left out whole, in the order
    /// `leavingOut` gives (by index; the rest from the end), and `…` says so. A list of facts never ends in half a
    /// figure, and the one that matters most can stay.
    static func fitted(_ items: [String], separator: String, to columns: Int, leavingOut: [Int] = []) -> String {
        let whole = items.joined(separator: separator)
        guard width(of: whole) > columns else { return whole }
        var kept = Array(items.indices)
        let order =
            leavingOut.filter(items.indices.contains) + items.indices.reversed().filter { !leavingOut.contains($0) }
        for index in order {
            kept.removeAll { $0 == index }
            let line = kept.map { items[$0] }.joined(separator: separator)
            // Room is kept for the `…` that says something was left out.
            if !kept.isEmpty, width(of: line) + 2 <= columns { return line + " …" }
        }
        return truncate(whole, to: columns)
    }

    /// `text` cut in its middle to fit `columns`, `…` where the cut is: for a URL, the origin and the end of the path
    /// (with the query) both stay in sight.
    static func elideMiddle(_ text: String, to columns: Int) -> String {
        guard columns > 0, width(of: text) > columns else { return columns > 0 ? text : "" }
        guard columns > 8 else { return truncate(text, to: columns) }
        let characters = Array(text)
        // A URL keeps its origin whole when that leaves a dozen columns for the end.
        var headBudget = (columns - 1) / 2
        if let scheme = text.range(of: "://") {
            let origin = text[..<(text[scheme.upperBound...].firstIndex(of: "/") ?? text.endIndex)]
            headBudget = max(headBudget, min(width(of: origin), columns - 1 - 12))
        }
        var tailBudget = columns - 1 - headBudget
        var head = ""
        var used = 0
        for character in characters {
            let w = width(of: character)
            if used + w > headBudget { break }
            head.append(character)
            used += w
        }
        tailBudget += headBudget - used
        var tail: [Character] = []
        used = 0
        for character in characters.reversed() {
            let w = width(of: character)
            if used + w > tailBudget { break }
            tail.append(character)
            used += w
        }
        return head + "…" + String(tail.reversed())
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

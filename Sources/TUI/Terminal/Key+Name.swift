/// Keys by name, as `keys.yaml` writes them: a single character (`x`, `?`, `-`), `Space`, `Enter`, `Esc`, `Tab`,
/// `Shift-Tab`, `Backspace`, `Up` / `Down` / `Left` / `Right` (or the arrows help shows), `Home`, `End`, `PgUp`,
/// `PgDn`, `Ins`, `Del`, `F1`…`F12`, `Ctrl-X` (also `Ctrl+X`, `C-x`, `^X`), `Ctrl-Left`, `Ctrl-Right`. Named keys
/// are read case-insensitively; every label `?` shows reads back as its key.
extension Key {
    package init?(name: String) {
        if let key = Self.named[name.lowercased()] {
            self = key
            return
        }
        if name.count == 1, let character = name.first {
            guard !character.isWhitespace, let scalar = character.unicodeScalars.first, scalar.value >= 0x20,
                scalar.value != 0x7F
            else { return nil }
            self = .character(character)
            return
        }
        let lower = name.lowercased()
        for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lower.hasPrefix(prefix) {
            let rest = lower.dropFirst(prefix.count)
            if rest == "left" || rest == "←" {
                self = .wordLeft
                return
            }
            if rest == "right" || rest == "→" {
                self = .wordRight
                return
            }
            guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter else { return nil }
            self = .control(letter)
            return
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            self = .function(number)
            return
        }
        return nil
    }

    private static let named: [String: Key] = [
        "space": .character(" "), "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape,
        "tab": .tab, "shift-tab": .backTab, "backtab": .backTab, "backspace": .backspace,
        "up": .up, "↑": .up, "down": .down, "↓": .down, "left": .left, "←": .left, "right": .right, "→": .right,
        "home": .home, "end": .end, "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "ins": .insert, "insert": .insert, "del": .delete, "delete": .delete,
    ]
}

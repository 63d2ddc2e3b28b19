/// A one-line text field: grapheme-aware cursor, insert, delete, Home/End and word jumps.
///
/// The cursor is an index into `characters` (graphemes), so a wide CJK character or an emoji moves and deletes
/// as one; `cursorColumn` gives its display column.
package struct LineEditor: Hashable, Sendable {
    package private(set) var characters: [Character]
    package private(set) var cursor: Int
    /// The whole text is selected (a prompt's prefilled text): typing or pasting replaces it, Backspace or Delete
    /// clears it, and any other key keeps it and ends the selection.
    package private(set) var isSelected: Bool
    /// Earlier texts for Ctrl-Z, and what it took back for Ctrl-Y (bounded: `historyLimit`).
    private var undoStack: [Snapshot] = []
    private var redoStack: [Snapshot] = []
    /// The character the last key typed, while a run of typing goes on (a word and the spaces after it undo as one).
    private var lastTyped: Character?

    private struct Snapshot: Hashable, Sendable {
        var characters: [Character]
        var cursor: Int
    }

    /// Changes kept for undo; a field's text is one line, so each is a copy of it.
    static let historyLimit = 100

    /// `text` with the cursor at its end; `selected`: the text is a suggestion that typing replaces.
    package init(_ text: String = "", selected: Bool = false) {
        characters = Array(text)
        cursor = characters.count
        isSelected = selected && !text.isEmpty
    }

    package var text: String { String(characters) }

    /// Display column of the cursor.
    var cursorColumn: Int {
        characters[..<cursor].reduce(0) { $0 + TextWidth.width(of: $1) }
    }

    /// What a key does to the text: true when the key was an editing key (handled), false otherwise. Ctrl-Z takes
    /// back the last change, Ctrl-Y makes it again.
    @discardableResult
    package mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .control("z"): return step(undo: true)
        case .control("y"): return step(undo: false)
        default: break
        }
        let before = Snapshot(characters: characters, cursor: cursor)
        let handled = apply(key)
        if characters != before.characters {
            var typed: Character?
            if case .character(let c) = key { typed = c }
            record(before, typed: typed)
        } else if cursor != before.cursor {
            lastTyped = nil
        }
        return handled
    }

    /// Keeps `before` for undo unless the change extends a run of typing; any change drops what was undone.
    private mutating func record(_ before: Snapshot, typed: Character?) {
        redoStack.removeAll()
        let extends = typed != nil && lastTyped != nil && !(lastTyped == " " && typed != " ")
        if !extends {
            undoStack.append(before)
            if undoStack.count > Self.historyLimit { undoStack.removeFirst() }
        }
        lastTyped = typed
    }

    /// Undo (or redo): the text goes back to the last one kept, the current one is kept for redo (or undo). True
    /// (handled) even with nothing to take back.
    private mutating func step(undo: Bool) -> Bool {
        lastTyped = nil
        isSelected = false
        guard let snapshot = undo ? undoStack.popLast() : redoStack.popLast() else { return true }
        let current = Snapshot(characters: characters, cursor: cursor)
        if undo { redoStack.append(current) } else { undoStack.append(current) }
        (characters, cursor) = (snapshot.characters, snapshot.cursor)
        return true
    }

    private mutating func apply(_ key: Key) -> Bool {
        if isSelected {
            isSelected = false
            switch key {
            case .character:
                clear()
            case .backspace, .delete, .control("h"), .control("d"):
                clear()
                return true
            default:
                break
            }
        }
        switch key {
        case .character(let c): insert(c)
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .wordLeft: cursor = previousWordStart()
        case .wordRight: cursor = nextWordEnd()
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"):
            let start = previousWordStart()
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }

    package mutating func insert(_ character: Character) {
        characters.insert(character, at: cursor)
        cursor += 1
    }

    package mutating func insert(_ text: String) {
        for character in text { insert(character) }
    }

    /// Inserts pasted text. One line has no line breaks: a backslash at a line's end joins the lines as a shell
    /// does (a curl command pasted over several lines), other line breaks and tabs become spaces, and line breaks
    /// at the end go (a paste never presses Enter).
    package mutating func paste(_ text: String) {
        let before = Snapshot(characters: characters, cursor: cursor)
        defer { if characters != before.characters { record(before, typed: nil) } }
        if isSelected { clear() }
        isSelected = false
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        var joined = ""
        for (index, line) in lines.enumerated() {
            if index == lines.count - 1 {
                joined += line
            } else if line.hasSuffix("\\") {
                joined += line.dropLast()
            } else {
                joined += line + " "
            }
        }
        insert(String(joined.map { $0 == "\t" ? " " : $0 }))
    }

    private mutating func clear() {
        characters = []
        cursor = 0
    }

    private func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private func previousWordStart() -> Int {
        var index = cursor
        while index > 0, !isWord(characters[index - 1]) { index -= 1 }
        while index > 0, isWord(characters[index - 1]) { index -= 1 }
        return index
    }

    private func nextWordEnd() -> Int {
        var index = cursor
        while index < characters.count, !isWord(characters[index]) { index += 1 }
        while index < characters.count, isWord(characters[index]) { index += 1 }
        return index
    }

    /// The visible slice for a field `columns` wide, scrolled so the cursor stays in view, and the cursor's column
    /// inside it.
    package func visible(columns: Int) -> (text: String, cursor: Int) {
        guard columns > 1 else { return ("", 0) }
        var start = 0
        var column = cursorColumn
        // Scroll right until the cursor (plus one cell for it) fits.
        while column >= columns, start < cursor {
            column -= TextWidth.width(of: characters[start])
            start += 1
        }
        var text = ""
        var used = 0
        var index = start
        while index < characters.count {
            let w = TextWidth.width(of: characters[index])
            if used + w > columns { break }
            text.append(characters[index])
            used += w
            index += 1
        }
        return (text, column)
    }
}

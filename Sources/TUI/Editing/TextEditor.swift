/// The built-in multi-line editor for request bodies, used when `$EDITOR` is not set.
package struct TextEditor: Hashable, Sendable {
    package private(set) var lines: [[Character]]
    package private(set) var row: Int
    package private(set) var column: Int
    /// First line shown.
    package var top: Int = 0
    /// What undo and redo restore (`TextEditHistory`).
    private var history = TextEditHistory()

    package init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        if lines.isEmpty { lines = [[]] }
        row = 0
        column = 0
    }

    package var text: String { lines.map { String($0) }.joined(separator: "\n") }

    /// Applies an editing key; false when the key is not an editing key.
    @discardableResult
    package mutating func handle(_ key: Key, pageHeight: Int = 10) -> Bool {
        switch key {
        case .character(let c):
            // A run of typing on one line undoes as one change: a word and the spaces after it.
            edit(rows: row..<row + 1, typed: c) {
                $0.lines[$0.row].insert(c, at: $0.column)
                $0.column += 1
            }
        case .enter:
            edit(rows: row..<row + 1) {
                let rest = Array($0.lines[$0.row][$0.column...])
                $0.lines[$0.row].removeSubrange($0.column...)
                // Keep the indentation of the line being split.
                let indent = $0.lines[$0.row].prefix { $0 == " " }
                $0.lines.insert(Array(indent) + rest, at: $0.row + 1)
                $0.row += 1
                $0.column = indent.count
            }
        case .tab:
            edit(rows: row..<row + 1) {
                $0.lines[$0.row].insert(contentsOf: "  ", at: $0.column)
                $0.column += 2
            }
        case .backspace:
            if column > 0 {
                edit(rows: row..<row + 1) {
                    $0.lines[$0.row].remove(at: $0.column - 1)
                    $0.column -= 1
                }
            } else if row > 0 {
                edit(rows: row - 1..<row + 1) {
                    $0.column = $0.lines[$0.row - 1].count
                    $0.lines[$0.row - 1].append(contentsOf: $0.lines[$0.row])
                    $0.lines.remove(at: $0.row)
                    $0.row -= 1
                }
            }
        case .delete:
            if column < lines[row].count {
                edit(rows: row..<row + 1) { $0.lines[$0.row].remove(at: $0.column) }
            } else if row + 1 < lines.count {
                edit(rows: row..<row + 2) {
                    $0.lines[$0.row].append(contentsOf: $0.lines[$0.row + 1])
                    $0.lines.remove(at: $0.row + 1)
                }
            }
        case .left:
            if column > 0 {
                column -= 1
            } else if row > 0 {
                row -= 1
                column = lines[row].count
            }
        case .right:
            if column < lines[row].count {
                column += 1
            } else if row + 1 < lines.count {
                row += 1
                column = 0
            }
        case .wordLeft: jumpWordLeft()
        case .wordRight: jumpWordRight()
        case .up: move(to: row - 1)
        case .down: move(to: row + 1)
        case .pageUp: move(to: row - pageHeight)
        case .pageDown: move(to: row + pageHeight)
        case .home: column = 0
        case .end: column = lines[row].count
        default: return false
        }
        return true
    }

    /// Inserts pasted text at the cursor exactly as it is: its line breaks split lines, and no indentation is
    /// added (Enter's auto-indent is for typing). The cursor ends after the text. One change for undo.
    package mutating func paste(_ text: String) {
        let pasted = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let first = pasted.first, let last = pasted.last else { return }
        edit(rows: row..<row + 1) {
            let rest = Array($0.lines[$0.row][$0.column...])
            if pasted.count == 1 {
                $0.lines[$0.row].insert(contentsOf: first, at: $0.column)
                $0.column += first.count
                return
            }
            $0.lines[$0.row].replaceSubrange($0.column..., with: first)
            $0.lines.insert(contentsOf: pasted[1...].map { $0 }, at: $0.row + 1)
            $0.row += pasted.count - 1
            $0.column = last.count
            $0.lines[$0.row].append(contentsOf: rest)
        }
    }

    /// Replaces the whole text (a body formatted), one change for undo; the cursor keeps its line, clamped.
    package mutating func replaceAll(with text: String) {
        let replacement = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        edit(rows: 0..<lines.count) {
            $0.lines = replacement.isEmpty ? [[]] : replacement
            $0.row = min($0.row, $0.lines.count - 1)
            $0.column = min($0.column, $0.lines[$0.row].count)
        }
    }

    /// Replaces `columns` of line `row` with `text` (one line), the cursor after it: a value picked for a field.
    package mutating func replace(row: Int, columns: Range<Int>, with text: String) {
        guard lines.indices.contains(row), columns.lowerBound >= 0, columns.upperBound <= lines[row].count else {
            return
        }
        let replacement = Array(text.filter { $0 != "\n" })
        edit(rows: row..<row + 1) {
            $0.lines[row].replaceSubrange(columns, with: replacement)
            $0.row = row
            $0.column = columns.lowerBound + replacement.count
        }
    }

    /// Takes back the last change (a run of typing, a paste, a line joined or split), the cursor where it was.
    /// False when there is nothing to undo.
    @discardableResult
    package mutating func undo() -> Bool {
        guard let change = history.undo(lines: &lines) else { return false }
        (row, column) = change
        return true
    }

    /// Makes again the last change undone. False when there is nothing to redo.
    @discardableResult
    package mutating func redo() -> Bool {
        guard let change = history.redo(lines: &lines) else { return false }
        (row, column) = change
        return true
    }

    /// Puts the cursor at `row` and `column` (0-based, clamped to the text): where a located error points.
    package mutating func place(row newRow: Int, column newColumn: Int) {
        move(to: newRow)
        column = min(max(0, newColumn), lines[row].count)
    }

    /// Runs `change`, which rewrites only the lines `rows` (into as many as it likes), and records it for undo.
    private mutating func edit(rows: Range<Int>, typed: Character? = nil, _ change: (inout TextEditor) -> Void) {
        let before = Array(lines[rows])
        let cursor = (row, column)
        let count = lines.count
        change(&self)
        let after = rows.lowerBound..<rows.upperBound + lines.count - count
        // Nothing changed (an empty paste): nothing to undo.
        guard !lines[after].elementsEqual(before) else { return }
        history.record(
            TextEditHistory.Change(
                start: rows.lowerBound, before: before, after: Array(lines[after]), cursorBefore: cursor,
                cursorAfter: (row, column)),
            typed: typed)
    }

    /// To the start of the word before the cursor (the line before's end at a line's start).
    private mutating func jumpWordLeft() {
        guard column > 0 else {
            if row > 0 { (row, column) = (row - 1, lines[row - 1].count) }
            return
        }
        let line = lines[row]
        while column > 0, !Self.isWord(line[column - 1]) { column -= 1 }
        while column > 0, Self.isWord(line[column - 1]) { column -= 1 }
    }

    /// To the end of the word after the cursor (the next line's start at a line's end).
    private mutating func jumpWordRight() {
        let line = lines[row]
        guard column < line.count else {
            if row + 1 < lines.count { (row, column) = (row + 1, 0) }
            return
        }
        while column < line.count, !Self.isWord(line[column]) { column += 1 }
        while column < line.count, Self.isWord(line[column]) { column += 1 }
    }

    private static func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private mutating func move(to newRow: Int) {
        row = min(max(0, newRow), lines.count - 1)
        column = min(column, lines[row].count)
    }

    /// Keeps the cursor's line within `height` visible lines.
    mutating func scrollIntoView(height: Int) {
        if row < top { top = row }
        if height > 0, row >= top + height { top = row - height + 1 }
    }

    /// Display column of the cursor in its line.
    var cursorColumn: Int {
        lines[row][..<column].reduce(0) { $0 + TextWidth.width(of: $1) }
    }
}

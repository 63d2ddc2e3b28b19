/// The built-in multi-line editor for request bodies, used when `$EDITOR` is not set.
package struct TextEditor: Hashable, Sendable {
    package private(set) var lines: [[Character]]
    package private(set) var row: Int
    package private(set) var column: Int
    /// First line shown.
    package var top: Int = 0

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
            lines[row].insert(c, at: column)
            column += 1
        case .enter:
            let rest = Array(lines[row][column...])
            lines[row].removeSubrange(column...)
            // Keep the indentation of the line being split.
            let indent = lines[row].prefix { $0 == " " }
            lines.insert(Array(indent) + rest, at: row + 1)
            row += 1
            column = indent.count
        case .tab:
            lines[row].insert(contentsOf: "  ", at: column)
            column += 2
        case .backspace:
            if column > 0 {
                lines[row].remove(at: column - 1)
                column -= 1
            } else if row > 0 {
                column = lines[row - 1].count
                lines[row - 1].append(contentsOf: lines[row])
                lines.remove(at: row)
                row -= 1
            }
        case .delete:
            if column < lines[row].count {
                lines[row].remove(at: column)
            } else if row + 1 < lines.count {
                lines[row].append(contentsOf: lines[row + 1])
                lines.remove(at: row + 1)
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
    /// added (Enter's auto-indent is for typing). The cursor ends after the text.
    package mutating func paste(_ text: String) {
        let pasted = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let first = pasted.first, let last = pasted.last else { return }
        let rest = Array(lines[row][column...])
        if pasted.count == 1 {
            lines[row].insert(contentsOf: first, at: column)
            column += first.count
            return
        }
        lines[row].replaceSubrange(column..., with: first)
        lines.insert(contentsOf: pasted[1...].map { $0 }, at: row + 1)
        row += pasted.count - 1
        column = last.count
        lines[row].append(contentsOf: rest)
    }

    /// Replaces `columns` of line `row` with `text` (one line), the cursor after it: a value picked for a field.
    package mutating func replace(row: Int, columns: Range<Int>, with text: String) {
        guard lines.indices.contains(row), columns.lowerBound >= 0, columns.upperBound <= lines[row].count else {
            return
        }
        let replacement = Array(text.filter { $0 != "\n" })
        lines[row].replaceSubrange(columns, with: replacement)
        self.row = row
        column = columns.lowerBound + replacement.count
    }

    /// Puts the cursor at `row` and `column` (0-based, clamped to the text): where a located error points.
    package mutating func place(row newRow: Int, column newColumn: Int) {
        move(to: newRow)
        column = min(max(0, newColumn), lines[row].count)
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

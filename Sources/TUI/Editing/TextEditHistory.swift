/// The built-in editor's undo and redo: each change as the lines it replaced and the lines it wrote, so a step costs
/// the lines it touched, not the whole text (a 50 MB body is not copied per key). Bounded: the oldest changes go
/// past `limit` changes or `characterLimit` characters kept.
struct TextEditHistory: Hashable, Sendable {
    struct Change: Hashable, Sendable {
        /// The first line changed; `before` were lines `start..<start + before.count`, `after` replaced them.
        var start: Int
        var before: [[Character]]
        var after: [[Character]]
        var cursorBefore: Cursor
        var cursorAfter: Cursor

        init(start: Int, before: [[Character]], after: [[Character]], cursorBefore: (Int, Int), cursorAfter: (Int, Int))
        {
            self.start = start
            self.before = before
            self.after = after
            self.cursorBefore = Cursor(row: cursorBefore.0, column: cursorBefore.1)
            self.cursorAfter = Cursor(row: cursorAfter.0, column: cursorAfter.1)
        }

        var characters: Int { before.reduce(0) { $0 + $1.count } + after.reduce(0) { $0 + $1.count } }
    }

    struct Cursor: Hashable, Sendable {
        var row: Int
        var column: Int
    }

    static let limit = 500
    static let characterLimit = 4_000_000

    private var undone: [Change] = []
    private var done: [Change] = []
    /// The characters `done` holds, kept as it changes (summing them per key would cost a large paste's lines).
    private var kept = 0
    /// The character the last change typed, when it was typing that the next typed character may extend.
    private var typed: Character?

    /// Records a change just made; `typed`: the character it typed, when it was typing. Typing right after typing
    /// on the same line, where the last left the cursor, extends that change, so a word and the spaces after it
    /// undo together. Any change clears what was undone.
    mutating func record(_ change: Change, typed: Character?) {
        undone.removeAll()
        let extends = typed != nil && self.typed != nil && !(self.typed == " " && typed != " ")
        if extends, var last = done.last, last.start == change.start, last.after.count == 1,
            change.before.count == 1, change.after.count == 1, last.cursorAfter == change.cursorBefore
        {
            kept += change.after[0].count - last.after[0].count
            last.after = change.after
            last.cursorAfter = change.cursorAfter
            done[done.count - 1] = last
        } else {
            done.append(change)
            kept += change.characters
        }
        self.typed = typed
        trim()
    }

    /// Puts back the lines of the last change; the cursor it had before, or nil with nothing to undo.
    mutating func undo(lines: inout [[Character]]) -> (Int, Int)? {
        guard let change = done.popLast() else { return nil }
        lines.replaceSubrange(change.start..<change.start + change.after.count, with: change.before)
        kept -= change.characters
        undone.append(change)
        typed = nil
        return (change.cursorBefore.row, change.cursorBefore.column)
    }

    /// Makes the last undone change again; the cursor it left, or nil with nothing to redo.
    mutating func redo(lines: inout [[Character]]) -> (Int, Int)? {
        guard let change = undone.popLast() else { return nil }
        lines.replaceSubrange(change.start..<change.start + change.before.count, with: change.after)
        done.append(change)
        kept += change.characters
        typed = nil
        return (change.cursorAfter.row, change.cursorAfter.column)
    }

    private mutating func trim() {
        var drop = 0
        while drop < done.count - 1, done.count - drop > Self.limit || kept > Self.characterLimit {
            kept -= done[drop].characters
            drop += 1
        }
        if drop > 0 { done.removeFirst(drop) }
    }
}

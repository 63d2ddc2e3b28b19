/// A text being edited in place by offsets (Unicode scalars, as `YAMLSpan` counts them), with the line arithmetic
/// `ProfileSplicer` needs: which line an offset is on, where lines start and end, which lines are blank or comments.
/// Edits are collected against the original text and applied together, so every offset stays the original's.
struct SpliceText {
    /// One replacement: `range` of the original text becomes `text` (an empty range inserts).
    struct Edit {
        var range: Range<Int>
        var text: String

        init(_ range: Range<Int>, _ text: String) {
            self.range = range
            self.text = text
        }

        /// `text` inserted at `offset`.
        static func insert(_ text: String, at offset: Int) -> Edit { Edit(offset..<offset, text) }
    }

    struct Overlap: Error {}

    let scalars: [Unicode.Scalar]
    /// Offset of each line's first scalar, 1-based line `n` at `[n - 1]`; one more entry, the text's end.
    private let starts: [Int]

    /// `text` with a line feed added at the end when it has none (every line then ends with one).
    init(_ text: String) {
        var scalars = Array(text.unicodeScalars)
        if let last = scalars.last, last != "\n" { scalars.append("\n") }
        var starts = [0]
        for (offset, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(offset + 1) }
        self.scalars = scalars
        self.starts = starts
    }

    var lineCount: Int { starts.count - 1 }

    /// The 1-based line `offset` is on.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The 0-based column of `offset` on its line.
    func column(of offset: Int) -> Int { offset - lineStart(line(of: offset)) }

    /// Where line `number` starts; the text's end for the line after the last.
    func lineStart(_ number: Int) -> Int { starts[min(max(number - 1, 0), starts.count - 1)] }

    /// Where line `number`'s line feed is.
    func lineEnd(_ number: Int) -> Int { lineStart(number + 1) - 1 }

    /// Line `number` without its line feed.
    func lineText(_ number: Int) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[lineStart(number)..<lineEnd(number)])
        return String(text)
    }

    /// Whether only spaces come before `offset` on its line.
    func onlySpacesBefore(_ offset: Int) -> Bool {
        scalars[lineStart(line(of: offset))..<offset].allSatisfy { $0 == " " }
    }

    /// Whether what comes before `offset` on its line is a dash between spaces (`  - `), and the dash's column.
    func dashColumn(before offset: Int) -> Int? {
        let start = lineStart(line(of: offset))
        let before = scalars[start..<offset]
        guard let dash = before.firstIndex(of: "-"), before[..<dash].allSatisfy({ $0 == " " }),
            before[(dash + 1)...].allSatisfy({ $0 == " " }), dash + 1 < offset
        else { return nil }
        return dash - start
    }

    /// Whether line `number` is empty, spaces, or a comment.
    func isBlankOrComment(_ number: Int) -> Bool {
        for scalar in scalars[lineStart(number)..<lineEnd(number)] where scalar != " " && scalar != "\t" {
            return scalar == "#"
        }
        return true
    }

    /// The last of lines `start...end` that is not blank or a comment (never before `start`): where a span ends
    /// when the comments and blank lines after it belong to what follows.
    func trimmedEnd(from start: Int, to end: Int) -> Int {
        var last = min(end, lineCount)
        while last > start, isBlankOrComment(last) { last -= 1 }
        return max(last, start)
    }

    /// The text with `edits` applied. Insertions at one offset keep their order and go before a replacement that
    /// starts there; edits that overlap are a mistake of the caller's.
    func applying(_ edits: [Edit]) throws(Overlap) -> String {
        let ordered = edits.enumerated().sorted { a, b in
            if a.element.range.lowerBound != b.element.range.lowerBound {
                return a.element.range.lowerBound < b.element.range.lowerBound
            }
            let aInsert = a.element.range.isEmpty
            if aInsert != b.element.range.isEmpty { return aInsert }
            return a.offset < b.offset
        }
        var output = String.UnicodeScalarView()
        var cursor = 0
        for edit in ordered.map(\.element) {
            guard edit.range.lowerBound >= cursor else { throw Overlap() }
            output.append(contentsOf: scalars[cursor..<edit.range.lowerBound])
            output.append(contentsOf: edit.text.unicodeScalars)
            cursor = edit.range.upperBound
        }
        output.append(contentsOf: scalars[cursor...])
        return String(output)
    }
}

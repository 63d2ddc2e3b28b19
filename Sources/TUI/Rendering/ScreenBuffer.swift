import ExplorerCore

/// A frame of cells that views draw into; the terminal backend copies it to the screen, and tests read it back
/// as text lines.
///
/// Every write is clipped to a limit column and to the buffer, so a view can never draw outside its rectangle.
/// Control characters that reach a write are replaced (callers escape untrusted text with `SafeText` first).
package struct ScreenBuffer: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package private(set) var cells: [Cell]

    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    package var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    package subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Fills `rect` with blanks in `style`.
    package mutating func fill(_ rect: Rect, style: Style = .plain, character: Character = " ") {
        let x0 = max(0, rect.x)
        let x1 = min(width, rect.maxX)
        let y0 = max(0, rect.y)
        let y1 = min(height, rect.maxY)
        guard x0 < x1, y0 < y1 else { return }
        let cell = Cell(String(character), width: 1, style: style)
        for y in y0..<y1 {
            for x in x0..<x1 { cells[y * width + x] = cell }
        }
    }

    /// Writes `text` at (`x`, `y`) without going past column `limit` (exclusive); returns the column after it.
    @discardableResult
    package mutating func write(_ text: some StringProtocol, x: Int, y: Int, limit: Int? = nil, style: Style = .plain)
        -> Int
    {
        let end = min(limit ?? width, width)
        guard y >= 0, y < height else { return x }
        var column = x
        let ascii = !text.utf8.contains(where: { $0 >= 0x80 || $0 < 0x20 || $0 == 0x7F })
        if ascii {
            for byte in text.utf8 {
                guard column < end else { break }
                if column >= 0 { set(column, y, Cell(String(UnicodeScalar(byte)), width: 1, style: style)) }
                column += 1
            }
            return column
        }
        for character in text {
            guard column < end else { break }
            var grapheme = String(character)
            if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) {
                grapheme = "\u{FFFD}"
            }
            let w = TextWidth.width(of: Character(grapheme))
            if w == 0 {
                continue  // a lone combining mark: nothing to attach it to safely
            }
            if column + w > end {
                // A wide character that does not fit: pad the rest of the row instead of overflowing.
                while column < end {
                    if column >= 0 { set(column, y, Cell(" ", width: 1, style: style)) }
                    column += 1
                }
                break
            }
            if column >= 0 {
                set(column, y, Cell(grapheme, width: w, style: style))
                if w == 2 { set(column + 1, y, Cell("", width: 0, style: style)) }
            }
            column += w
        }
        return column
    }

    /// Writes styled pieces one after another; returns the column after the last.
    @discardableResult
    package mutating func write(_ pieces: [StyledText.Piece], x: Int, y: Int, limit: Int? = nil) -> Int {
        var column = x
        for piece in pieces {
            column = write(piece.text, x: column, y: y, limit: limit, style: piece.style)
            if column >= (limit ?? width) { break }
        }
        return column
    }

    /// Changes the style of cells already written in `rect` (selection highlight, search matches).
    mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let x0 = max(0, rect.x)
        let x1 = min(width, rect.maxX)
        let y0 = max(0, rect.y)
        let y1 = min(height, rect.maxY)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 { change(&cells[y * width + x].style) }
        }
    }

    private mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
        guard x >= 0, x < width else { return }
        let index = y * width + x
        // Overwriting half of a wide character blanks its other half so no stray glyph remains.
        if cells[index].width == 2, cell.width != 2, x + 1 < width {
            cells[index + 1] = Cell(" ", style: cells[index].style)
        }
        if cells[index].isContinuation, x > 0 { cells[index - 1] = Cell(" ", style: cells[index - 1].style) }
        cells[index] = cell
    }

    /// The frame as text, one string per row, trailing spaces removed: what tests compare.
    package var lines: [String] {
        (0..<height).map { line($0) }
    }

    package func line(_ y: Int) -> String {
        var text = ""
        for x in 0..<width {
            let cell = cells[y * width + x]
            if !cell.isContinuation { text += cell.text }
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// All rows joined with newlines, for readable test failures.
    package var text: String { lines.joined(separator: "\n") }
}

/// Large type for a device login's user code (RFC 8628 section 3.3 asks that it be easy to read off the screen):
/// each letter or digit drawn from a 3 × 5 pixel font in half blocks, three terminal rows tall.
enum BlockLetters {
    /// Rows of pixels, top to bottom (`#` set). Letters that would look alike (O and 0, S and 5) differ.
    private static let font: [Character: [String]] = [
        "0": ["###", "#.#", "#.#", "#.#", "###"], "1": [".#.", "##.", ".#.", ".#.", "###"],
        "2": ["###", "..#", "###", "#..", "###"], "3": ["###", "..#", "###", "..#", "###"],
        "4": ["#.#", "#.#", "###", "..#", "..#"], "5": ["###", "#..", "###", "..#", "###"],
        "6": ["###", "#..", "###", "#.#", "###"], "7": ["###", "..#", "..#", "..#", "..#"],
        "8": ["###", "#.#", "###", "#.#", "###"], "9": ["###", "#.#", "###", "..#", "###"],
        "A": ["###", "#.#", "###", "#.#", "#.#"], "B": ["##.", "#.#", "##.", "#.#", "##."],
        "C": ["###", "#..", "#..", "#..", "###"], "D": ["##.", "#.#", "#.#", "#.#", "##."],
        "E": ["###", "#..", "###", "#..", "###"], "F": ["###", "#..", "###", "#..", "#.."],
        "G": ["###", "#..", "#.#", "#.#", "###"], "H": ["#.#", "#.#", "###", "#.#", "#.#"],
        "I": ["###", ".#.", ".#.", ".#.", "###"], "J": ["..#", "..#", "..#", "#.#", "###"],
        "K": ["#.#", "#.#", "##.", "#.#", "#.#"], "L": ["#..", "#..", "#..", "#..", "###"],
        "M": ["#.#", "###", "#.#", "#.#", "#.#"], "N": ["##.", "#.#", "#.#", "#.#", "#.#"],
        "O": [".#.", "#.#", "#.#", "#.#", ".#."], "P": ["###", "#.#", "###", "#..", "#.."],
        "Q": ["###", "#.#", "#.#", "###", "..#"], "R": ["###", "#.#", "##.", "#.#", "#.#"],
        "S": [".##", "#..", ".#.", "..#", "##."], "T": ["###", ".#.", ".#.", ".#.", ".#."],
        "U": ["#.#", "#.#", "#.#", "#.#", "###"], "V": ["#.#", "#.#", "#.#", "#.#", ".#."],
        "W": ["#.#", "#.#", "#.#", "###", "#.#"], "X": ["#.#", "#.#", ".#.", "#.#", "#.#"],
        "Y": ["#.#", "#.#", ".#.", ".#.", ".#."], "Z": ["###", "..#", ".#.", "#..", "###"],
        "-": ["...", "...", "###", "...", "..."], " ": ["...", "...", "...", "...", "..."],
    ]

    /// The three rows of `text` in large type, or nil when a character has no glyph (the code is then shown only
    /// as text) or the rows would be wider than `width`.
    static func rows(_ text: String, width: Int) -> [String]? {
        let glyphs = text.uppercased().map { font[$0] }
        guard !glyphs.isEmpty, glyphs.count * 4 - 1 <= width else { return nil }
        var pixels = Array(repeating: "", count: 6)
        for (index, glyph) in glyphs.enumerated() {
            guard let glyph else { return nil }
            for row in 0..<5 { pixels[row] += (index > 0 ? "." : "") + glyph[row] }
        }
        pixels[5] = String(repeating: ".", count: pixels[0].count)
        // Two pixel rows per terminal row: upper half, lower half, both, or neither.
        return stride(from: 0, to: 6, by: 2).map { top in
            String(
                zip(pixels[top], pixels[top + 1]).map { upper, lower in
                    switch (upper == "#", lower == "#") {
                    case (true, true): "█"
                    case (true, false): "▀"
                    case (false, true): "▄"
                    case (false, false): " "
                    }
                })
        }
    }
}

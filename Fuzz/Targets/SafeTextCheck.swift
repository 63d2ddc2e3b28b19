// Shared by the fuzz targets that show server text: what may never reach a terminal.

enum SafeTextCheck {
    /// Traps when `text` holds a scalar that can steer a terminal or reorder text (C0 but `\n` when allowed, DEL,
    /// C1, Unicode's Bidi_Control).
    static func require(_ text: String, newlines: Bool = false) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if newlines, value == 0x0A { continue }
            let unsafe =
                value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x061C || value == 0x200E || value == 0x200F
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            if unsafe { fatalError("unsafe scalar U+\(String(value, radix: 16)) survived SafeText") }
        }
    }
}

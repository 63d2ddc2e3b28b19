import Foundation

/// What may reach a terminal from `apix run`: its own progress line control (`\r\e[K`) and nothing else that steers
/// a terminal or reorders text: no ESC, other C0 controls but newline and tab, DEL, C1 controls or bidi controls
/// (Unicode's Bidi_Control).
enum TerminalSafety {
    /// The offending scalars in `output` (a pseudo-terminal's `\r\n` read as a newline), as `U+XXXX` at an offset.
    /// `truncated`: `output` is the first part of what was written, so it may end inside a `\r\n` or a `\r\e[K`
    /// (seen once: a lone `\r` as the last byte kept), which is then not counted.
    static func unsafeScalars(in output: [UInt8], truncated: Bool = false) -> [String] {
        var output = output[...]
        let cuts = ["\r\u{1B}[", "\r\u{1B}", "\r"].map { Array($0.utf8) }
        if truncated, let cut = cuts.first(where: { output.suffix($0.count).elementsEqual($0) }) {
            output = output.dropLast(cut.count)
        }
        let text = String(decoding: output, as: UTF8.self)
            .replacingOccurrences(of: "\r\u{1B}[K", with: "")
            .replacingOccurrences(of: "\r\n", with: "\n")
        var found: [String] = []
        for (offset, scalar) in text.unicodeScalars.enumerated() where isUnsafe(scalar.value) {
            found.append("U+" + String(scalar.value, radix: 16, uppercase: true) + " at \(offset)")
            if found.count == 5 { break }
        }
        return found
    }

    static func isUnsafe(_ value: UInt32) -> Bool {
        switch value {
        case 0x0A, 0x09: false
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

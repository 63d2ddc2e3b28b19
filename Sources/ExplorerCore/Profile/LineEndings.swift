/// A profile file's line endings, so the in-place editors (`ProfileSplicer`, `ProfileMerger`), which work on LF
/// lines, can edit a file written with CR LF (on Windows, say) and give it back as it was written.
struct LineEndings {
    /// The text with LF line ends: what the editors read.
    let lf: String
    /// Whether the file ends its lines with CR LF (all of them).
    let crlf: Bool

    /// Nil when the text mixes LF and CR LF, or holds a CR that ends no line: an edit could not keep both.
    init?(_ text: String) {
        var lineFeeds = 0
        var carriageReturns = 0
        var pairs = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x0A {
                lineFeeds += 1
                if previous == 0x0D { pairs += 1 }
            } else if byte == 0x0D {
                carriageReturns += 1
            }
            previous = byte
        }
        guard carriageReturns == pairs, pairs == 0 || pairs == lineFeeds else { return nil }
        crlf = pairs > 0
        lf = crlf ? Self.replacing(text, "\r\n", with: "\n") : text
    }

    /// `edited` (LF text from an editor) with this file's line endings.
    func restoring(_ edited: String) -> String {
        crlf ? Self.replacing(edited, "\n", with: "\r\n") : edited
    }

    /// `text` split into lines, each with its `\n` (one is added to a last line without it): the editors' lines.
    static func lines(of text: String) -> [String] {
        var text = text
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { String($0) + "\n" }
    }

    /// Byte-wise replacement (Swift compares `"\r\n"` as one character, so `String`'s own search would not find a
    /// lone `\n` inside one).
    private static func replacing(_ text: String, _ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 16)
        var index = 0
        while index < bytes.count {
            if bytes[index] == needle[0], index + needle.count <= bytes.count,
                Array(bytes[index..<(index + needle.count)]) == needle
            {
                output += replacement.utf8
                index += needle.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

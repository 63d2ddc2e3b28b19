import Foundation

/// A profile file's line endings, so the in-place editors (`ProfileSplicer`, `ProfileMerger`), which work on LF
/// lines, can edit a file written with CR LF (on Windows, say) and give it back as it was written; and the two
/// line rules those editors share.
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
        // Every CR ends a line here, so dropping them all leaves LF.
        lf = crlf ? String(decoding: text.utf8.filter { $0 != 0x0D }, as: UTF8.self) : text
    }

    /// `edited` (LF text from an editor) with this file's line endings.
    func restoring(_ edited: String) -> String {
        guard crlf else { return edited }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(edited.utf8.count + edited.utf8.count / 16)
        for byte in edited.utf8 {
            if byte == 0x0A { bytes.append(0x0D) }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` split into lines, each with its `\n` (one is added to a last line without it): the editors' lines.
    static func lines(of text: String) -> [String] {
        var text = text
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { String($0) + "\n" }
    }

    /// The last of `lines[start..<end]` that is not blank or a comment, as a line count (never below `start`):
    /// where an editor's span ends when the comments and blank lines after it belong to what follows.
    static func trimmedEnd(of lines: [String], from start: Int, to end: Int) -> Int {
        var last = min(end, lines.count)
        while last > start {
            let text = lines[last - 1].trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.isEmpty || text.hasPrefix("#") else { break }
            last -= 1
        }
        return last
    }
}

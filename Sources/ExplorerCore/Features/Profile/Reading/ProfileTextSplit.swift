import Foundation

/// A long profile's text cut in two YAML documents that compose independently, so two threads can share the work:
/// `head` is the file with the second half of the top-level `endpoints:` list blanked out, `tail` is that half
/// alone, after as many empty lines as precede it. Blank lines keep every line and column where it is in the file,
/// so the marks (and the located problems made from them) are those of composing the whole file.
///
/// Only plain cases are cut: a block list under a column-0 `endpoints:` key, no anchors or aliases (an alias in one
/// half could name an anchor in the other), no document markers or directives. A cut that lands inside a multi-line
/// scalar or flow collection leaves one half unterminated, so that half fails to compose; the caller then composes
/// the whole file, and errors are always reported from that.
struct ProfileTextSplit {
    let head: String
    let tail: String
    /// The 0-based line where the tail's first item starts.
    let tailLine: Int

    init?(_ text: String, minimumItems: Int) {
        // `endpoints:` and the items are lines of their own: a text of fewer lines (most profiles) is not copied and
        // scanned for anchors, line breaks and items only to find too few.
        guard Self.hasLines(text, atLeast: minimumItems + 1),
            let split = Self.cut(Array(text.utf8), minimumItems: minimumItems)
        else { return nil }
        self = split
    }

    private init(head: String, tail: String, tailLine: Int) {
        self.head = head
        self.tail = tail
        self.tailLine = tailLine
    }

    private static func cut(_ bytes: [UInt8], minimumItems: Int) -> ProfileTextSplit? {
        guard !hasAnchorsOrAliases(bytes), !hasOtherLineBreaks(bytes) else { return nil }
        // Line starts (byte offsets), and a final sentinel at the end.
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        if starts.last != bytes.count { starts.append(bytes.count) }
        let lineCount = starts.count - 1
        func line(_ index: Int) -> ArraySlice<UInt8> {
            var end = starts[index + 1]
            while end > starts[index], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
            return bytes[starts[index]..<end]
        }
        func indentation(_ text: ArraySlice<UInt8>) -> Int { text.prefix { $0 == 0x20 }.count }
        /// Blank or comment-only lines belong to whatever surrounds them.
        func isNeutral(_ text: ArraySlice<UInt8>) -> Bool {
            let rest = text.drop { $0 == 0x20 }
            return rest.isEmpty || rest.first == UInt8(ascii: "#")
        }
        func isItem(_ text: ArraySlice<UInt8>, at column: Int) -> Bool {
            guard indentation(text) == column else { return false }
            let rest = text.dropFirst(column)
            return rest.first == UInt8(ascii: "-") && (rest.count == 1 || rest.dropFirst().first == 0x20)
        }

        var keyLine: Int?
        for index in 0..<lineCount {
            let text = line(index)
            if text.starts(with: "---".utf8) || text.starts(with: "...".utf8) || text.first == UInt8(ascii: "%") {
                return nil
            }
            if keyLine == nil, text.starts(with: "endpoints:".utf8) {
                let rest = text.dropFirst("endpoints:".utf8.count).drop { $0 == 0x20 }
                guard rest.isEmpty || rest.first == UInt8(ascii: "#") else { return nil }
                keyLine = index
            }
        }
        guard let keyLine else { return nil }
        guard let first = (keyLine + 1..<lineCount).first(where: { !isNeutral(line($0)) }) else { return nil }
        let column = indentation(line(first))
        guard isItem(line(first), at: column) else { return nil }

        var items: [Int] = []
        var end = lineCount
        for index in first..<lineCount {
            let text = line(index)
            if isNeutral(text) { continue }
            if isItem(text, at: column) {
                items.append(index)
            } else if indentation(text) < column || (column == 0 && indentation(text) == 0) {
                end = index
                break
            }
        }
        guard items.count >= minimumItems else { return nil }
        let middle = items[items.count / 2]

        var head = Array(bytes[0..<starts[middle]])
        head += [UInt8](repeating: 0x0A, count: end - middle)
        head += bytes[starts[end]...]
        var tail = [UInt8](repeating: 0x0A, count: middle)
        tail += bytes[starts[middle]..<starts[end]]
        return ProfileTextSplit(
            head: String(decoding: head, as: UTF8.self), tail: String(decoding: tail, as: UTF8.self), tailLine: middle)
    }

    /// True when `text` has `count` lines or more (line feeds are counted: a file may lack the last one). The feeds
    /// are found with `memchr`, so a short profile costs a few calls, not a loop over its bytes.
    private static func hasLines(_ text: String, atLeast count: Int) -> Bool {
        guard count > 1 else { return true }
        // A text not stored as contiguous UTF-8 (bridged) is left to `cut` to count.
        return text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard var cursor = bytes.baseAddress else { return false }
            let end = cursor + bytes.count
            var feeds = 0
            while cursor < end, let feed = memchr(cursor, 0x0A, end - cursor) {
                feeds += 1
                if feeds >= count - 1 { return true }
                cursor = UnsafePointer(feed.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return false
        } ?? true
    }

    /// True when the text has a line break other than LF or CR LF: libyaml also counts a lone CR, NEL (U+0085),
    /// LS (U+2028) and PS (U+2029), and the tail's padding (LF lines) would then not line up with the file's lines.
    private static func hasOtherLineBreaks(_ bytes: [UInt8]) -> Bool {
        for index in bytes.indices {
            switch bytes[index] {
            case 0x0D where index + 1 == bytes.count || bytes[index + 1] != 0x0A: return true
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return true
            case 0xE2
            where index + 2 < bytes.count && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                return true
            default: continue
            }
        }
        return false
    }

    /// True when `&name` or `*name` may start an anchor or alias: where a node may begin, that is with nothing but
    /// spaces between it and the line's start or one of `:` `-` `?` `[` `{` `,`. Inside text (`Use **bold**`, a
    /// URL's `&b=2`) neither can, so such a file is still cut. A tag (`!`) in node position counts too: an anchor may
    /// follow it (`!!str &a`). Quoted text in node position (`"*x"` on a line of its own) can trip it, and then the
    /// file is simply not cut.
    private static func hasAnchorsOrAliases(_ bytes: [UInt8]) -> Bool {
        // The last byte before the current run of spaces on this line (a line feed at the line's start).
        var lastNonSpace: UInt8 = 0x0A
        let nodeStarts: [UInt8] = [
            0x0A, UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "{"),
            UInt8(ascii: ","),
        ]
        for (index, byte) in bytes.enumerated() {
            if byte == 0x20 || byte == 0x09 { continue }
            defer { lastNonSpace = byte }
            guard byte == UInt8(ascii: "&") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "!"),
                nodeStarts.contains(lastNonSpace)
            else { continue }
            if index + 1 < bytes.count, ![0x20, 0x0A, 0x0D].contains(bytes[index + 1]) { return true }
        }
        return false
    }
}

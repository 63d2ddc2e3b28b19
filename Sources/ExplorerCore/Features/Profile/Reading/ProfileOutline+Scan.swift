#if canImport(Glibc)
    import Glibc
#endif

/// Reading a profile's names line by line, for completion on every Tab: composing a 2,000-endpoint profile (1.4 MB)
/// costs tens of milliseconds, a scan of its lines a few. It reads the shapes profiles are written in (block
/// sections at the top level, endpoints as a block list, flow mappings on one line) and returns nil for anything
/// else (tabs, anchors, aliases, tags, document markers, complex keys, a flow collection over several lines): the
/// caller composes the file instead. The scan may decline, it never guesses; `ProfileOutlineTests` checks it agrees
/// with the composed outline.
extension ProfileOutline {
    static func scan(_ text: String) -> ProfileOutline? {
        scan(Array(text.utf8))
    }

    /// Lines are offsets into the bytes, and only the few lines that name something become strings: a generic
    /// split of the text's UTF-8 view took 30 ms for 1.4 MB, this loop well under one.
    static func scan(_ bytes: [UInt8]) -> ProfileOutline? {
        lines(bytes).flatMap { scan(lines: $0) }
    }

    /// The outline from the file's `lines`.
    static func scan(lines: [Line]) -> ProfileOutline? {
        var outline = ProfileOutline()
        var auths: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.indent == 0 else { continue }
            guard let (key, value) = line.pair else { return nil }
            var end = index
            while end < lines.count, lines[end].indent > 0 || lines[end].startsWithDash { end += 1 }
            let section = lines[index..<end]
            index = end
            switch key {
            case "endpoints":
                guard value.isEmpty, let ids = endpointIDs(section) else { return nil }
                outline.endpoints = ids
            case "environments":
                guard let environments = mapping(value, section) else { return nil }
                for (name, body) in environments where !YAMLReader.isExtension(name) {
                    outline.environments.append(name)
                    guard let entry = body.entry("auths") else { continue }
                    guard let names = mapping(entry.value, entry.lines) else { return nil }
                    auths += names.map(\.key).filter { !YAMLReader.isExtension($0) }
                }
            case "auths":
                guard let names = mapping(value, section) else { return nil }
                auths = names.map(\.key).filter { !YAMLReader.isExtension($0) } + auths
            default:
                continue
            }
        }
        var seen: Set<String> = []
        outline.auths = auths.filter { seen.insert($0).inserted }
        return outline
    }

    /// The file's lines that hold something (comments and blank lines left out); nil when one holds what the scan
    /// does not read (a tab in the indentation, a document marker or directive).
    static func lines(_ bytes: [UInt8]) -> [Line]? {
        var lines: [Line] = []
        lines.reserveCapacity(bytes.count / 40)
        let ends = bytes.withUnsafeBufferPointer { buffer in
            // Line ends by memchr: a Swift loop over 1.4 MB with bounds checks was most of the scan.
            var ends: [Int] = []
            ends.reserveCapacity(buffer.count / 40)
            guard let base = buffer.baseAddress else { return ends }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                ends.append(end)
                offset = end + 1
            }
            ends.append(buffer.count)
            return ends
        }
        var start = 0
        for end in ends where start <= end {
            guard let line = Line(bytes, start, end) else { return nil }
            if !line.isBlank { lines.append(line) }
            start = end + 1
        }
        return lines
    }

    /// The ids of a block list of endpoints: `- id: x`, `- { id: x, … }`, or `id: x` among the item's keys.
    private static func endpointIDs(_ section: ArraySlice<Line>) -> [String]? {
        guard let dash = section.first(where: \.startsWithDash)?.indent else { return section.isEmpty ? [] : nil }
        var ids: [String] = []
        var seen: Set<String> = []
        var current: String?
        func finish() {
            if let id = current, seen.insert(id).inserted { ids.append(id) }
            current = nil
        }
        for line in section {
            if line.indent == dash && line.startsWithDash {
                finish()
                let item = Line(text: line.text, indent: dash + 2, start: line.start + 2, end: line.end)
                if item.first == UInt8(ascii: "{") {
                    guard let pairs = flowPairs(item.string) else { return nil }
                    current = pairs.first { $0.key == "id" }.map { unquoted($0.value) }
                } else if item.startsWith("id:") {
                    guard let id = item.value(after: 3) else { return nil }
                    current = id
                }
            } else if line.indent == dash + 2, current == nil, line.startsWith("id:") {
                guard let id = line.value(after: 3) else { return nil }
                current = id
            } else if line.indent < dash {
                return nil
            }
        }
        finish()
        return ids
    }

    /// A mapping's keys with what each holds: written in flow on the key's line, or as a block below it.
    private static func mapping(_ value: Substring, _ lines: ArraySlice<Line>) -> [(key: String, value: Entry)]? {
        if value.first == "{" {
            guard lines.isEmpty, let pairs = flowPairs(value) else { return nil }
            return pairs.map { ($0.key, Entry(value: $0.value, lines: [])) }
        }
        guard value.isEmpty else { return nil }
        guard let indent = lines.first?.indent else { return [] }
        var result: [(key: String, value: Entry)] = []
        var index = lines.startIndex
        while index < lines.endIndex {
            let line = lines[index]
            guard line.indent == indent, let (key, value) = line.pair else { return nil }
            index += 1
            var end = index
            while end < lines.endIndex, lines[end].indent > indent { end += 1 }
            result.append((key, Entry(value: value, lines: lines[index..<end])))
            index = end
        }
        return result
    }

    /// What a key holds: its text on the key's line and the lines below it.
    private struct Entry {
        var value: Substring
        var lines: ArraySlice<Line>

        func entry(_ key: String) -> Entry? {
            if value.first == "{" {
                return ProfileOutline.flowPairs(value)?.first { $0.key == key }.map {
                    Entry(value: $0.value, lines: [])
                }
            }
            guard let indent = lines.first?.indent else { return nil }
            for position in lines.indices where lines[position].indent == indent {
                guard let (name, text) = lines[position].pair, name == key else { continue }
                var end = position + 1
                while end < lines.endIndex, lines[end].indent > indent { end += 1 }
                return Entry(value: text, lines: lines[(position + 1)..<end])
            }
            return nil
        }
    }

    /// The top-level pairs of a one-line flow mapping (`{ a: 1, b: { c: 2 } }`), values as written; nil when it
    /// does not close on the line or holds what the scan does not read.
    static func flowPairs(_ text: Substring) -> [(key: String, value: Substring)]? {
        guard text.first == "{" else { return nil }
        var pairs: [(key: String, value: Substring)] = []
        var depth = 0
        var quote: Character?
        var start = text.index(after: text.startIndex)
        var index = start
        func add(upTo end: Substring.Index) -> Bool {
            let piece = trimmed(text[start..<end])
            guard !piece.isEmpty else { return true }
            guard let colon = piece.firstIndex(of: ":") else { return false }
            let key = unquoted(piece[..<colon])
            let value = trimmed(piece[piece.index(after: colon)...])
            guard !key.isEmpty, !"&*!?".contains(value.first ?? " ") else { return false }
            pairs.append((key, value))
            return true
        }
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else {
                switch character {
                case "\"", "'": quote = character
                case "{", "[": depth += 1
                case "}" where depth == 0:
                    guard add(upTo: index) else { return nil }
                    let rest = trimmed(text[text.index(after: index)...])
                    return rest.isEmpty || rest.first == "#" ? pairs : nil
                case "}", "]": depth -= 1
                case "," where depth == 0:
                    guard add(upTo: index) else { return nil }
                    start = text.index(after: index)
                default: break
                }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// A scalar as YAML reads it when it is plain or quoted on one line, without a trailing comment (no escapes:
    /// ids with escapes are rare enough to read through the composer's outline, which the tests compare).
    static func unquoted(_ value: Substring) -> String {
        var text = trimmed(value)
        if let first = text.first, first == "\"" || first == "'" {
            guard let close = text.dropFirst().firstIndex(of: first) else { return String(text) }
            return String(text[text.index(after: text.startIndex)..<close])
        }
        var previous: Character = " "
        for index in text.indices {
            if text[index] == "#" && previous == " " {
                text = trimmed(text[..<index])
                break
            }
            previous = text[index]
        }
        return String(text)
    }

    static func trimmed(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { $0 != " " }), let last = text.lastIndex(where: { $0 != " " }) else {
            return text.prefix(0)
        }
        return text[first...last]
    }

    /// One line: its indentation and what follows it (comments and blank lines are blank), as offsets into the
    /// file's bytes (`text`, shared by every line).
    struct Line {
        var text: [UInt8]
        var indent: Int
        var start: Int
        var end: Int

        init(text: [UInt8], indent: Int, start: Int, end: Int) {
            self.text = text
            self.indent = indent
            self.start = start
            self.end = end
        }

        /// Nil for what the scan does not read: a tab in the indentation, a document marker or directive.
        init?(_ text: [UInt8], _ lineStart: Int, _ lineEnd: Int) {
            self.text = text
            end = lineEnd > lineStart && text[lineEnd - 1] == UInt8(ascii: "\r") ? lineEnd - 1 : lineEnd
            start = lineStart
            while start < end && text[start] == UInt8(ascii: " ") { start += 1 }
            indent = start - lineStart
            if first == UInt8(ascii: "\t") { return nil }
            if indent == 0, first == UInt8(ascii: "%") || startsWith("---") || startsWith("...") { return nil }
        }

        var first: UInt8? { start < end ? text[start] : nil }

        /// The content as a string (only for the lines the scan reads).
        var string: Substring { Substring(String(decoding: text[start..<end], as: UTF8.self)) }

        var isBlank: Bool { start == end || text[start] == UInt8(ascii: "#") }

        var startsWithDash: Bool {
            first == UInt8(ascii: "-") && (end - start == 1 || text[start + 1] == UInt8(ascii: " "))
        }

        func startsWith(_ prefix: StaticString) -> Bool {
            prefix.withUTF8Buffer { prefix in
                end - start >= prefix.count && prefix.indices.allSatisfy { text[start + $0] == prefix[$0] }
            }
        }

        /// The scalar after the first `count` bytes (`id:`), read byte by byte: 2,000 ids through `pair`'s
        /// Character walk cost milliseconds. Plain or quoted without escapes, a comment dropped; nil for anything
        /// else (the scan declines).
        func value(after count: Int) -> String? {
            var from = start + count
            guard from < end, text[from] == UInt8(ascii: " ") else { return nil }
            while from < end && text[from] == UInt8(ascii: " ") { from += 1 }
            guard from < end else { return nil }
            let quote = text[from]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                var close = from + 1
                while close < end && text[close] != quote && text[close] != UInt8(ascii: "\\") { close += 1 }
                guard close < end, text[close] == quote else { return nil }
                var after = close + 1
                while after < end && text[after] == UInt8(ascii: " ") { after += 1 }
                guard after == end || text[after] == UInt8(ascii: "#") else { return nil }
                return String(decoding: text[(from + 1)..<close], as: UTF8.self)
            }
            guard !"&*!|>{[@`%".utf8.contains(quote) else { return nil }
            var last = from
            var index = from
            while index < end {
                if text[index] == UInt8(ascii: "#") && text[index - 1] == UInt8(ascii: " ") { break }
                if text[index] != UInt8(ascii: " ") { last = index }
                index += 1
            }
            return String(decoding: text[from...last], as: UTF8.self)
        }

        /// `key: value` (the value as written), nil for a line that is not a plain or quoted key, or whose value is
        /// an anchor, alias or tag.
        var pair: (key: String, value: Substring)? {
            let text = string
            guard let first = text.first, !"-?[{&*!|>".contains(first) else { return nil }
            var quote: Character?
            var previous: Character = " "
            for index in text.indices {
                let character = text[index]
                if let open = quote {
                    if character == open { quote = nil }
                } else if (character == "\"" || character == "'") && index == text.startIndex {
                    quote = character
                } else if character == "#" && previous == " " {
                    return nil
                } else if character == ":" {
                    let next = text.index(after: index)
                    guard next == text.endIndex || text[next] == " " else {
                        previous = character
                        continue
                    }
                    let key = ProfileOutline.unquoted(text[..<index])
                    var value = ProfileOutline.trimmed(text[next...])
                    if value.first == "#" { value = value.prefix(0) }
                    guard !key.isEmpty, !"&*!".contains(value.first ?? " ") else { return nil }
                    return (key, value)
                }
                previous = character
            }
            return nil
        }
    }
}

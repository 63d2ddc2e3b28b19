import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A validated JSON document read in place, for JSONPath on response bodies (checks and captures).
///
/// A `JSONValue` tree of a 64 MiB body takes several hundred MB. The tape keeps the body's bytes as they are (a
/// spooled body mapped, not read) and, from the one validating pass of `JSONScanner`, an index of the containers
/// that span `indexedSpan` bytes or more: where each starts and ends, 8 bytes per container, sorted by start. A node
/// is the offset where its value starts. Walking a container reads its bytes, which the scanner has validated, so
/// reading needs no checks; a large child is stepped over through the index, a small one by reading it. Strings and
/// numbers are decoded when a query reads them, and only the nodes a check or capture uses become `JSONValue`s.
///
/// The index holds at most one entry per 8 bytes of body (about 6 KB for a MiB of typical API JSON, 0.25 times the
/// body at worst for flat shapes); containers past that are read through, slower but never larger.
final class JSONTape {
    /// Containers shorter than this are stepped over by reading them (at most this many bytes).
    static let indexedSpan = 32

    /// A member's key: its token, quotes included.
    struct Key {
        var start: Int
        var end: Int
        var hasEscapes: Bool
    }

    /// The document's bytes, alive as long as the tape.
    let bytes: UnsafeRawBufferPointer
    /// Where the document's value starts (after a byte order mark and whitespace).
    let root: Int
    private let release: () -> Void
    private let starts: [UInt32]
    private let ends: [UInt32]

    private init(bytes: UnsafeRawBufferPointer, release: @escaping () -> Void) throws(JSONParseError) {
        var recorder = IndexRecorder(capacity: bytes.count < Int(UInt32.max) ? bytes.count / 8 : 0)
        do {
            try JSONScanner(bytes: bytes).scan(into: &recorder)
        } catch {
            release()
            throw error
        }
        self.bytes = bytes
        self.release = release
        starts = recorder.starts.withUnsafeBufferPointer { Array($0) }  // trimmed to size
        ends = recorder.ends.withUnsafeBufferPointer { Array($0) }
        var position = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        root = position
    }

    deinit { release() }

    /// Memory held by the index, in bytes (for tests and measurements).
    var indexBytes: Int { (starts.capacity + ends.capacity) * MemoryLayout<UInt32>.stride }

    /// Validates and indexes a copy of `data`. Throws the error `JSONValue.parse` would.
    convenience init(data: Data) throws(JSONParseError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
        _ = data.copyBytes(to: copy.bindMemory(to: UInt8.self))
        try self.init(bytes: UnsafeRawBufferPointer(rebasing: copy[0..<data.count])) { copy.deallocate() }
    }

    /// Validates and indexes the file at `path`, mapped read-only: its pages are the file's, read as a query
    /// touches them. Throws `JSONParseError` for a body that is not JSON, another error when the file cannot be read.
    static func mapping(file path: String) throws -> JSONTape {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw CocoaError(.fileReadUnknown) }
        let size = Int(status.st_size)
        guard size > 0 else { return try JSONTape(data: Data()) }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        // Unmapped once, when the tape goes (the address kept as an integer: a pointer is not Sendable).
        let address = Int(bitPattern: base)
        return try JSONTape(bytes: UnsafeRawBufferPointer(start: base, count: size)) {
            munmap(UnsafeMutableRawPointer(bitPattern: address), size)
        }
    }

    // MARK: - Reading values

    func kind(at offset: Int) -> JSONPathNodeKind {
        switch bytes[offset] {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        default: .number
        }
    }

    /// One past the last byte of the value at `offset`.
    func end(of offset: Int) -> Int {
        switch bytes[offset] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): containerEnd(at: offset)
        case UInt8(ascii: "\""): stringEnd(at: offset).end
        case UInt8(ascii: "t"), UInt8(ascii: "n"): offset + 4
        case UInt8(ascii: "f"): offset + 5
        default: numberEnd(at: offset)
        }
    }

    /// Calls `body` with each element (index, nil, value) or member (index, key, value) of the container at
    /// `offset`, in order, until it returns false; nothing for a scalar.
    func forEachChild<Failure: Error>(
        of offset: Int, _ body: (Int, Key?, Int) throws(Failure) -> Bool
    ) throws(Failure) {
        let isObject = bytes[offset] == UInt8(ascii: "{")
        guard isObject || bytes[offset] == UInt8(ascii: "[") else { return }
        var position = skipWhitespace(from: offset + 1)
        var index = 0
        while bytes[position] != UInt8(ascii: "}") && bytes[position] != UInt8(ascii: "]") {
            var key: Key?
            if isObject {
                let (end, hasEscapes) = stringEnd(at: position)
                key = Key(start: position, end: end, hasEscapes: hasEscapes)
                position = skipWhitespace(from: skipWhitespace(from: end) + 1)  // past ':'
            }
            guard try body(index, key, position) else { return }
            index += 1
            position = skipWhitespace(from: end(of: position))
            if bytes[position] == UInt8(ascii: ",") { position = skipWhitespace(from: position + 1) }
        }
    }

    /// The member name `key` stands for.
    func name(of key: Key) -> String {
        JSONTreeBuilder.decodeString(in: bytes, start: key.start, end: key.end, hasEscapes: key.hasEscapes)
    }

    /// Whether `key` names `name`, by `String` equality as `JSONObject` looks keys up. ASCII keys without escapes
    /// are compared as bytes; others are decoded (a non-ASCII key can equal an ASCII name: U+212A is "K").
    func key(_ key: Key, equals name: String) -> Bool {
        if !key.hasEscapes, name.utf8.allSatisfy({ $0 < 0x80 }) {
            let raw = UnsafeRawBufferPointer(rebasing: bytes[(key.start + 1)..<(key.end - 1)])
            if raw.allSatisfy({ $0 < 0x80 }) { return raw.elementsEqual(name.utf8) }
        }
        return self.name(of: key) == name
    }

    /// The string at `offset`, decoded; nil when the value there is not a string.
    func string(at offset: Int) -> String? {
        guard bytes[offset] == UInt8(ascii: "\"") else { return nil }
        let (end, hasEscapes) = stringEnd(at: offset)
        return JSONTreeBuilder.decodeString(in: bytes, start: offset, end: end, hasEscapes: hasEscapes)
    }

    /// The value at `offset` as a tree (what `JSONValue.parse` gives for its bytes).
    func value(at offset: Int) -> JSONValue {
        switch kind(at: offset) {
        case .array, .object:
            let range = UnsafeRawBufferPointer(rebasing: bytes[offset..<end(of: offset)])
            return (try? JSONValue.parse(range)) ?? .null  // validated: parsing it again cannot fail
        default: return shallowValue(at: offset)
        }
    }

    /// The value at `offset`, with an array or object given as an empty one of its kind: all a comparison with a
    /// scalar or a type check needs, however large the container.
    func shallowValue(at offset: Int) -> JSONValue {
        switch kind(at: offset) {
        case .null: .null
        case .bool: .bool(bytes[offset] == UInt8(ascii: "t"))
        case .number:
            .number(
                String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<numberEnd(at: offset)]), as: UTF8.self)
            )
        case .string: .string(string(at: offset) ?? "")
        case .array: .array([])
        case .object: .object(JSONObject())
        }
    }

    /// The number of elements or members of the container at `offset`; nil for a scalar.
    func childCount(at offset: Int) -> Int? {
        guard kind(at: offset).isContainer else { return nil }
        var count = 0
        forEachChild(of: offset) { _, _, _ in
            count += 1
            return true
        }
        return count
    }

    /// The value at `offset` as `JSONValue.serialized()` writes it, or a prefix of at least `limit` bytes of it:
    /// enough to show, without reading a large value whole.
    func serialized(at offset: Int, limit: Int) -> String {
        if end(of: offset) - offset <= max(limit, 64 << 10) { return value(at: offset).serialized() }
        var output: [UInt8] = []
        write(offset, to: &output, limit: limit)
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes the value at `offset`, stopping once `output` holds `limit` bytes; true when it was written whole. A
    /// container cut short gets no closing bracket, nor do the ones around it: what is written is always a prefix of
    /// the whole serialisation, never a shorter value that looks complete.
    @discardableResult
    private func write(_ offset: Int, to output: inout [UInt8], limit: Int) -> Bool {
        switch kind(at: offset) {
        case .array, .object:
            output.append(bytes[offset])
            var whole = true
            forEachChild(of: offset) { index, key, value in
                guard output.count < limit else {
                    whole = false
                    return false
                }
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if let key {
                    guard writeString(at: key.start, to: &output, limit: limit) else {
                        whole = false
                        return false
                    }
                    output.append(UInt8(ascii: ":"))
                }
                guard write(value, to: &output, limit: limit) else {
                    whole = false
                    return false
                }
                return true
            }
            if whole { output.append(bytes[offset] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")) }
            return whole
        case .string:
            return writeString(at: offset, to: &output, limit: limit)
        default:
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<end(of: offset)]))
            return true
        }
    }

    /// Writes the string at `offset` escaped, cut after about `limit` bytes of its content (at an escape's or a
    /// character's start, so a long string is never decoded whole for a preview).
    @discardableResult
    private func writeString(at offset: Int, to output: inout [UInt8], limit: Int) -> Bool {
        let (end, hasEscapes) = stringEnd(at: offset)
        var cut = offset + 1
        while cut < end - 1, cut - offset <= limit {
            cut += bytes[cut] == UInt8(ascii: "\\") ? (bytes[cut + 1] == UInt8(ascii: "u") ? 6 : 2) : 1
        }
        while cut < end - 1, bytes[cut] & 0xC0 == 0x80 { cut += 1 }  // not inside a UTF-8 sequence
        let text = JSONTreeBuilder.decodeString(in: bytes, start: offset, end: cut + 1, hasEscapes: hasEscapes)
        output.append(UInt8(ascii: "\""))
        JSONValue.appendEscapedContents(of: text.utf8, to: &output)
        guard cut == end - 1 else { return false }
        output.append(UInt8(ascii: "\""))
        return true
    }

    // MARK: - Bytes

    private func containerEnd(at offset: Int) -> Int {
        let start = UInt32(truncatingIfNeeded: offset)
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < start { low = middle + 1 } else { high = middle }
        }
        if low < starts.count, starts[low] == start, offset < Int(UInt32.max) { return Int(ends[low]) }
        // Not indexed: short, or past the index's capacity. Read to the matching closer.
        var depth = 0
        var position = offset
        while true {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position = stringEnd(at: position).end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return position + 1 }
            default: break
            }
            position += 1
        }
    }

    private func stringEnd(at start: Int) -> (end: Int, hasEscapes: Bool) {
        var position = start + 1
        var hasEscapes = false
        while true {
            switch bytes[position] {
            case UInt8(ascii: "\""): return (position + 1, hasEscapes)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                position += 2
            default: position += 1
            }
        }
    }

    private func numberEnd(at start: Int) -> Int {
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                position += 1
            default: return position
            }
        }
        return position
    }

    private func skipWhitespace(from start: Int) -> Int {
        var position = start
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        return position
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

/// Records every container of `JSONTape.indexedSpan` bytes or more, in the order they open (so by start).
private struct IndexRecorder: JSONScanHandler {
    let capacity: Int
    var starts: [UInt32] = []
    var ends: [UInt32] = []
    /// Per open container, its entry, or -1 when the index was full.
    private var open: [Int] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    mutating func containerOpened(isObject: Bool, at offset: Int, depth: Int) {
        guard starts.count < capacity else {
            open.append(-1)
            return
        }
        open.append(starts.count)
        starts.append(UInt32(offset))
        ends.append(0)
    }

    mutating func containerClosed(isObject: Bool, at offset: Int, depth: Int, isEmpty: Bool) {
        let entry = open.removeLast()
        guard entry >= 0 else { return }
        if offset + 1 - Int(starts[entry]) < JSONTape.indexedSpan {
            // Its descendants were shorter still, so already taken out: it is the last entry.
            starts.removeLast()
            ends.removeLast()
        } else {
            ends[entry] = UInt32(offset + 1)
        }
    }

    mutating func keyScanned(start: Int, end: Int, hasEscapes: Bool, depth: Int) {}

    mutating func scalarScanned(_ kind: JSONTokenKind, start: Int, end: Int, hasEscapes: Bool, depth: Int) {}
}

import Foundation

/// Line-by-line access to the pretty-printed form of a large JSON body, without building the text.
///
/// Built once in a single validating pass over the raw bytes, it keeps only each output line's source offset
/// and indent depth, about 2.7 bytes per line: typically 0.15 to 0.35 times the body's size, at most about 1.3
/// times it for a minified array of one-digit numbers. `line(_:in:)` then formats just the lines on screen, in
/// time proportional to `maxLength` however long the line is.
///
/// The index does not keep the bytes: pass the same bytes to `line(_:in:)` every time.
///
/// ```swift
/// let index = try JSONLineIndex(bytes: body)      // throws JSONParseError: fall back to plain text
/// for n in top..<min(top + height, index.lineCount) {
///     let line = index.line(n, in: body, maxLength: width)
///     // draw line.text, colouring line.spans
/// }
/// ```
package struct JSONLineIndex: Sendable {
    private let table: JSONLineTable
    private let byteCount: Int

    /// Number of lines of the pretty-printed document (at least one).
    package var lineCount: Int { table.count }

    /// Memory held by the index, in bytes (for measurements).
    var memoryFootprint: Int { table.storageBytes + MemoryLayout<Self>.size }

    /// Validates `bytes` as JSON and indexes its pretty-printed lines.
    ///
    /// - Throws: `JSONParseError` locating the first problem; callers then show the body as plain text.
    package init(bytes: UnsafeRawBufferPointer) throws(JSONParseError) {
        var recorder = LineRecorder(table: JSONLineTable())
        try JSONScanner(bytes: bytes).scan(into: &recorder)
        recorder.table.finish()
        table = recorder.table
        byteCount = bytes.count
    }

    /// Validates and indexes JSON held in `Data`, an array of bytes or any other contiguous storage.
    package init(bytes: some ContiguousBytes) throws(JSONParseError) {
        self = try bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try JSONLineIndex(bytes: buffer) }
        }.get()
    }

    /// Formats line `number` (0-based) with its colour spans.
    ///
    /// - Parameters:
    ///   - bytes: the bytes the index was built from.
    ///   - maxLength: the most Unicode scalars to produce; the rest of a longer line is skipped cheaply and
    ///     `isTruncated` is set. Pass the visible width (plus any horizontal scroll) so a multi-megabyte string
    ///     does not cost a multi-megabyte `String` per frame.
    package func line(_ number: Int, in bytes: UnsafeRawBufferPointer, maxLength: Int = .max) -> JSONLine {
        precondition(bytes.count == byteCount, "JSONLineIndex.line(_:in:) needs the bytes the index was built from")
        precondition(table.count > number && number >= 0, "line \(number) is out of range 0..<\(table.count)")
        let depth = table.depth(ofLine: number)
        let capacity = min(maxLength, 256)
        var formatter = JSONLineFormatter(bytes: bytes, sink: JSONSpanRecorder(capacity: capacity))
        let step = formatter.formatLine(
            at: table.offset(ofLine: number), depth: depth, startsWithKey: table.startsWithKey(number),
            maxLength: maxLength)
        return formatter.sink.line(depth: depth, isTruncated: step.isTruncated)
    }

    /// Source offset of line `number`'s first token: where a match found in the raw bytes belongs on screen.
    package func sourceOffset(ofLine number: Int) -> Int {
        table.offset(ofLine: number)
    }

    /// Formats line `number` of JSON held in `Data` or other contiguous storage.
    package func line(_ number: Int, in bytes: some ContiguousBytes, maxLength: Int = .max) -> JSONLine {
        bytes.withUnsafeBytes { line(number, in: $0, maxLength: maxLength) }
    }

    /// Formats a range of lines, such as one screen.
    package func lines(_ numbers: Range<Int>, in bytes: some ContiguousBytes, maxLength: Int = .max) -> [JSONLine] {
        bytes.withUnsafeBytes { buffer in numbers.map { line($0, in: buffer, maxLength: maxLength) } }
    }
}

/// Records a line for every array element or top-level value, every object key, and every closer of a
/// non-empty container: exactly where `JSONLineFormatter` starts lines.
private struct LineRecorder: JSONScanHandler {
    var table: JSONLineTable
    /// A member's value shares its key's line.
    private var afterKey = false

    init(table: JSONLineTable) {
        self.table = table
    }

    @inline(__always)
    mutating func containerOpened(isObject: Bool, at offset: Int, depth: Int) {
        recordValue(at: offset, depth: depth)
    }

    @inline(__always)
    mutating func containerClosed(isObject: Bool, at offset: Int, depth: Int, isEmpty: Bool) {
        if !isEmpty { table.append(offset: offset, depth: depth, startsWithKey: false) }
    }

    @inline(__always)
    mutating func keyScanned(start: Int, end: Int, hasEscapes: Bool, depth: Int) {
        table.append(offset: start, depth: depth, startsWithKey: true)
        afterKey = true
    }

    @inline(__always)
    mutating func scalarScanned(_ kind: JSONTokenKind, start: Int, end: Int, hasEscapes: Bool, depth: Int) {
        recordValue(at: start, depth: depth)
    }

    @inline(__always)
    private mutating func recordValue(at offset: Int, depth: Int) {
        if afterKey {
            afterKey = false
        } else {
            table.append(offset: offset, depth: depth, startsWithKey: false)
        }
    }
}

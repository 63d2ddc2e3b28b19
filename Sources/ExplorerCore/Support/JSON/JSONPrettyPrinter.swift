import Foundation

/// Pretty-prints a whole JSON document in chunks, optionally with ANSI colours, for the CLI.
///
/// The format is exactly that of `JSONLineIndex` (both use one line formatter): each of its lines followed by
/// `\n`, the last one included. The document is validated before the first byte is written, so invalid JSON
/// throws and the sink receives nothing; callers then print the body as it is.
///
/// ```swift
/// try JSONPrettyPrinter(colors: isatty(1) != 0).write(body) { chunk in
///     FileHandle.standardOutput.write(Data(chunk))
/// }
/// ```
package struct JSONPrettyPrinter: Sendable {
    /// Wrap tokens in ANSI SGR colour codes: keys bold blue, strings green, numbers cyan, booleans yellow,
    /// null grey; punctuation uncoloured.
    package var colors: Bool
    /// Bytes gathered before each call of the sink (the last chunk may be shorter).
    var chunkSize: Int

    /// A printer writing chunks of about `chunkSize` bytes.
    package init(colors: Bool = false, chunkSize: Int = 64 * 1024) {
        self.colors = colors
        self.chunkSize = max(1, chunkSize)
    }

    /// Validates `bytes`, then writes the pretty-printed document to `sink` in chunks.
    ///
    /// - Parameter sink: called with each chunk; the buffer is only valid during the call.
    /// - Throws: `JSONParseError` before anything is written, if `bytes` is not valid JSON.
    /// - Parameter passed: called with an offset every `window` bytes or so of each of the two passes (validating,
    ///   then printing), below which neither pass reads again: the caller may release those bytes (a mapped file's
    ///   pages), so a body of any size keeps about a window resident.
    package func write(
        _ bytes: UnsafeRawBufferPointer,
        to sink: (UnsafeRawBufferPointer) -> Void,
        window: Int = 4 << 20, passed: ((Int) -> Void)? = nil
    ) throws(JSONParseError) {
        var validator = Validator(window: window, passed: passed ?? { _ in })
        try JSONScanner(bytes: bytes).scan(into: &validator)
        passed?(0)  // the printing pass starts over

        // The sink is only called before this method returns; the chunk sink merely needs to store it.
        withoutActuallyEscaping(sink) { sink in
            let output = ChunkSink(colors: colors, chunkSize: chunkSize, flush: sink)
            var formatter = JSONLineFormatter(bytes: bytes, sink: output)
            var position = JSONLineFormatter<ChunkSink>.firstTokenOffset(in: bytes)
            var depth = 0
            // Whether the container at each depth is an object, so its lines start with a key.
            var inObject = [Bool](repeating: false, count: JSONScanner.maximumDepth + 1)
            var nextMark = window
            while position < bytes.count {
                let startsWithKey = depth > 0 && inObject[depth - 1] && bytes[position] == UInt8(ascii: "\"")
                let step = formatter.formatLine(at: position, depth: depth, startsWithKey: startsWithKey)
                formatter.sink.append(UInt8(ascii: "\n"))
                if let openedObject = step.openedObject { inObject[depth] = openedObject }
                // Validated input always moves forward; the check only guards against an endless loop.
                guard step.next > position else { break }
                position = step.next
                depth = step.nextDepth
                if position >= nextMark, let passed {
                    passed(position)
                    nextMark = position + window
                }
            }
            formatter.sink.flushRemainder()
        }
    }

    /// Validates and writes JSON held in `Data` or other contiguous storage.
    package func write(
        _ bytes: some ContiguousBytes,
        to sink: (UnsafeRawBufferPointer) -> Void
    ) throws(JSONParseError) {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try write(buffer, to: sink) }
        }.get()
    }

    /// The whole pretty-printed document as a string; convenient for small bodies.
    package func string(for bytes: some ContiguousBytes) throws(JSONParseError) -> String {
        var output: [UInt8] = []
        try write(bytes) { output.append(contentsOf: $0) }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Scans without recording anything: the printer only needs to know the document is valid. Says every `window`
/// bytes or so how far the scan has gone (token ends; the scanner never looks back past a token it has ended).
private struct Validator: JSONScanHandler {
    let window: Int
    let passed: (Int) -> Void
    var nextMark: Int

    init(window: Int, passed: @escaping (Int) -> Void) {
        self.window = window
        self.passed = passed
        self.nextMark = window
    }

    private mutating func reached(_ offset: Int) {
        guard offset >= nextMark else { return }
        passed(offset)
        nextMark = offset + window
    }

    mutating func containerOpened(isObject: Bool, at offset: Int, depth: Int) { reached(offset) }
    mutating func containerClosed(isObject: Bool, at offset: Int, depth: Int, isEmpty: Bool) { reached(offset) }
    mutating func keyScanned(start: Int, end: Int, hasEscapes: Bool, depth: Int) { reached(start) }
    mutating func scalarScanned(_ kind: JSONTokenKind, start: Int, end: Int, hasEscapes: Bool, depth: Int) {
        reached(start)
    }
}

/// Gathers output bytes and hands them to the caller's sink in chunks, adding colour codes around tokens.
private struct ChunkSink: JSONLineSink {
    private let colors: Bool
    private let chunkSize: Int
    private let flush: (UnsafeRawBufferPointer) -> Void
    private var buffer: [UInt8] = []
    private var isColoring = false

    init(colors: Bool, chunkSize: Int, flush: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.colors = colors
        self.chunkSize = chunkSize
        self.flush = flush
        buffer.reserveCapacity(chunkSize + 256)
    }

    mutating func beginToken(_ kind: JSONTokenKind) {
        guard colors, let code = Self.colorCode(kind) else { return }
        buffer.append(contentsOf: code)
        isColoring = true
    }

    mutating func endToken() {
        guard isColoring else { return }
        buffer.append(contentsOf: Self.reset)
        isColoring = false
        flushIfFull()
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        // A long string token goes straight through instead of growing the buffer past a chunk.
        if bytes.count >= chunkSize && !isColoring {
            flushRemainder()
            flush(bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if !isColoring { flushIfFull() }
    }

    mutating func append(_ byte: UInt8) {
        buffer.append(byte)
        if byte == UInt8(ascii: "\n") { flushIfFull() }
    }

    mutating func appendSpaces(_ count: Int) {
        buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    mutating func flushRemainder() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { flush($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func flushIfFull() {
        if buffer.count >= chunkSize { flushRemainder() }
    }

    private static let reset = Array("\u{1B}[0m".utf8)
    private static let keyCode = Array("\u{1B}[1;34m".utf8)
    private static let stringCode = Array("\u{1B}[32m".utf8)
    private static let numberCode = Array("\u{1B}[36m".utf8)
    private static let boolCode = Array("\u{1B}[33m".utf8)
    private static let nullCode = Array("\u{1B}[90m".utf8)

    private static func colorCode(_ kind: JSONTokenKind) -> [UInt8]? {
        switch kind {
        case .key: keyCode
        case .string: stringCode
        case .number: numberCode
        case .bool: boolCode
        case .null: nullCode
        case .punctuation: nil
        }
    }
}

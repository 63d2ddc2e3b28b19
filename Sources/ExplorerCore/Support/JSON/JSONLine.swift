/// One line of pretty-printed JSON with the spans to colour, made on demand by `JSONLineIndex`.
package struct JSONLine: Sendable, Equatable {
    /// A coloured piece of `text`. Text outside every span (indentation, the space after ':') is plain.
    package struct Span: Sendable, Equatable {
        /// Where the piece is in `text`.
        package var range: Range<String.Index>
        /// What the piece is, for choosing its colour.
        package var kind: JSONTokenKind
    }

    /// The line without a line break. Never contains control characters: string contents appear as escaped in
    /// the source, and DEL and C1 controls are shown as `\u007f`...`\u009f`.
    package let text: String
    /// Coloured pieces in order, not overlapping.
    package let spans: [Span]
    /// Indent level; the text starts with `2 * depth` spaces (unless truncated inside them).
    package let depth: Int
    /// True when the line was cut at `maxLength` scalars and more text would follow.
    package let isTruncated: Bool

    /// The text of each span with its kind, for tests and simple renderers.
    var coloredPieces: [(text: Substring, kind: JSONTokenKind)] {
        spans.map { (text[$0.range], $0.kind) }
    }
}

/// Collects a formatted line's bytes and the byte ranges of its tokens.
struct JSONSpanRecorder: JSONLineSink {
    private var utf8: [UInt8] = []
    private var spans: [(start: Int, end: Int, kind: JSONTokenKind)] = []
    private var tokenStart = 0
    private var tokenKind = JSONTokenKind.punctuation

    init(capacity: Int) {
        utf8.reserveCapacity(capacity)
    }

    mutating func beginToken(_ kind: JSONTokenKind) {
        tokenStart = utf8.count
        tokenKind = kind
    }

    mutating func endToken() {
        if utf8.count > tokenStart { spans.append((tokenStart, utf8.count, tokenKind)) }
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        utf8.append(contentsOf: bytes)
    }

    mutating func append(_ byte: UInt8) {
        utf8.append(byte)
    }

    mutating func appendSpaces(_ count: Int) {
        utf8.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    func line(depth: Int, isTruncated: Bool) -> JSONLine {
        let text = String(decoding: utf8, as: UTF8.self)
        let view = text.utf8
        // Byte offsets map one to one: the formatter only cuts between scalars of validated UTF-8.
        func index(_ offset: Int) -> String.Index {
            view.index(view.startIndex, offsetBy: min(offset, view.count))
        }
        let spans = spans.map { JSONLine.Span(range: index($0.start)..<index($0.end), kind: $0.kind) }
        return JSONLine(text: text, spans: spans, depth: depth, isTruncated: isTruncated)
    }
}

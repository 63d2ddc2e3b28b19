import ExplorerCore
import Foundation
import Synchronization

/// A response body prepared for display: JSON through a line index, text by line offsets, binary as a hex dump.
///
/// Built once off the main actor (`make`), then asked only for the lines on screen, so a 50 MB body costs the
/// same per frame as a small one. Immutable, so it is shared freely between the runtime and views.
package final class BodyDocument: Sendable {
    /// Decided by the core's `BodyClassifier`, the same as for `apix run`.
    package typealias Kind = BodyKind

    package let kind: Kind
    package let byteCount: Int
    /// Why a body announced as JSON is shown as text.
    let jsonError: String?
    /// How text lines are decoded (the content type's charset).
    let charset: MediaType.TextCharset
    let bytes: Data
    let index: JSONLineIndex?
    /// Start offset of every line as received (text, and the raw view of JSON).
    let lineStarts: [Int]
    /// The body parsed as a value, for JSONPath filters: parsed once, by the first filter that asks.
    private let parsed = Mutex<Task<Result<JSONValue, JSONPath.Filter.Failure>, Never>?>(nil)

    /// Bytes per hex dump row.
    static let hexRowBytes = 16

    init(
        kind: Kind, bytes: Data, index: JSONLineIndex?, lineStarts: [Int], jsonError: String?,
        charset: MediaType.TextCharset = .utf8
    ) {
        self.charset = charset
        self.kind = kind
        self.bytes = bytes
        self.byteCount = bytes.count
        self.index = index
        self.lineStarts = lineStarts
        self.jsonError = jsonError
    }

    /// Reads (memory-maps, for a body on disk) and indexes a response body. Slow for big bodies: call it off the
    /// main actor.
    package static func make(_ response: Response) -> BodyDocument {
        let data: Data
        if let path = response.body.filePath {
            data = (try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)) ?? Data()
        } else {
            data = (try? response.body.data()) ?? Data()
        }
        return make(bytes: data, contentType: response.contentType)
    }

    /// Indexes `bytes` as `BodyClassifier` says; JSON that does not parse is shown as text or binary.
    package static func make(bytes: Data, contentType: String?) -> BodyDocument {
        let prefix = bytes.prefix(BodyClassifier.prefixLength)
        var kind = BodyClassifier.kind(contentType: contentType, prefix: prefix)
        var jsonError: String?
        if kind == .json {
            do {
                let index = try JSONLineIndex(bytes: bytes)
                return BodyDocument(
                    kind: .json, bytes: bytes, index: index, lineStarts: lineStarts(of: bytes), jsonError: nil)
            } catch {
                (kind, jsonError) = BodyClassifier.kindAfterInvalidJSON(
                    contentType: contentType, prefix: prefix, error: error)
            }
        }
        switch kind {
        case .empty, .json:  // `plainKind` is never `.json`
            return BodyDocument(kind: .empty, bytes: bytes, index: nil, lineStarts: [], jsonError: nil)
        case .binary:
            return BodyDocument(kind: .binary, bytes: bytes, index: nil, lineStarts: [], jsonError: jsonError)
        case .text:
            return BodyDocument(
                kind: .text, bytes: bytes, index: nil, lineStarts: lineStarts(of: bytes), jsonError: jsonError,
                charset: .of(contentType))
        }
    }

    static func lineStarts(of bytes: Data) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            let count = buffer.count
            while offset < count,
                let hit = memchr(base + offset, 0x0A, count - offset)
            {
                let position = base.distance(to: UnsafeRawPointer(hit))
                if position + 1 < count { starts.append(position + 1) }
                offset = position + 1
            }
        }
        return starts
    }

    // MARK: - Lines

    /// Lines of the formatted view (pretty JSON, text, or hex dump).
    package var lineCount: Int {
        switch kind {
        case .empty: 0
        case .json: index?.lineCount ?? 0
        case .text: lineStarts.count
        case .binary: (byteCount + Self.hexRowBytes - 1) / Self.hexRowBytes
        }
    }

    /// Lines of the raw view: the body as received, split at line breaks (hex for binary).
    var rawLineCount: Int {
        kind == .json ? lineStarts.count : lineCount
    }

    /// Formatted line `number`, at most `maxColumns` wide, as roles for the theme to colour.
    package func line(_ number: Int, maxColumns: Int) -> [(text: String, role: TextRole)] {
        guard number >= 0, number < lineCount else { return [] }
        switch kind {
        case .empty: return []
        case .json:
            guard let index else { return [] }
            let line = index.line(number, in: bytes, maxLength: maxColumns)
            var pieces: [(String, TextRole)] = []
            var position = line.text.startIndex
            for span in line.spans {
                if position < span.range.lowerBound {
                    pieces.append((String(line.text[position..<span.range.lowerBound]), .plain))
                }
                pieces.append((SafeText.escape(line.text[span.range]), TextRole(span.kind)))
                position = span.range.upperBound
            }
            if position < line.text.endIndex { pieces.append((String(line.text[position...]), .plain)) }
            if line.isTruncated { pieces.append(("…", .muted)) }
            return pieces
        case .text:
            return [(textLine(number, maxColumns: maxColumns), .plain)]
        case .binary:
            return hexLine(number)
        }
    }

    /// Raw line `number`: text as received (JSON unformatted), hex for binary.
    func rawLine(_ number: Int, maxColumns: Int) -> [(text: String, role: TextRole)] {
        switch kind {
        case .empty: return []
        case .json:
            guard number >= 0, number < lineStarts.count else { return [] }
            return [(textLine(number, maxColumns: maxColumns), .plain)]
        case .text, .binary:
            return line(number, maxColumns: maxColumns)
        }
    }

    private func textLine(_ number: Int, maxColumns: Int) -> String {
        let start = lineStarts[number]
        var end = number + 1 < lineStarts.count ? lineStarts[number + 1] - 1 : byteCount
        // The last line of a body that ends with a line break: the break ends it, as every other line's does.
        if number + 1 == lineStarts.count, end > start, bytes[bytes.startIndex + end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[bytes.startIndex + end - 1] == 0x0D { end -= 1 }
        return decode(start..<max(start, end), maxColumns: maxColumns)
    }

    /// Decodes at most what `maxColumns` can show (escaped, so each byte may take up to 4 columns).
    private func decode(_ range: Range<Int>, maxColumns: Int) -> String {
        let limit = min(range.count, max(0, maxColumns) * 4 + 4)
        let lower = bytes.startIndex + range.lowerBound
        let slice = bytes[lower..<(lower + limit)]
        var text = SafeText.decode(slice, charset: charset)
        if range.count > limit || TextWidth.width(of: text) > maxColumns {
            text = TextWidth.truncate(text, to: maxColumns)
        }
        return text
    }

    private func hexLine(_ number: Int) -> [(text: String, role: TextRole)] {
        let start = number * Self.hexRowBytes
        let end = min(byteCount, start + Self.hexRowBytes)
        let row = bytes[(bytes.startIndex + start)..<(bytes.startIndex + end)]
        var offset = String(start, radix: 16)
        offset = String(repeating: "0", count: max(0, 8 - offset.count)) + offset
        var hex = ""
        var ascii = ""
        for (i, byte) in row.enumerated() {
            hex += SafeText.hex(UInt32(byte)).lowercased() + (i == 7 ? "  " : " ")
            ascii.append(byte >= 0x20 && byte < 0x7F ? Character(UnicodeScalar(byte)) : ".")
        }
        hex = hex.padding(toLength: Self.hexRowBytes * 3 + 1, withPad: " ", startingAt: 0)
        return [(offset + "  ", .muted), (hex, .plain), ("|" + ascii + "|", .muted)]
    }

    // MARK: - Values

    /// The body as a JSON value (or why it is not one). The first call parses it in a task of its own, which later
    /// calls share and a cancelled caller does not stop; call it off the main actor.
    func jsonValue() async -> Result<JSONValue, JSONPath.Filter.Failure> {
        guard kind == .json else { return .failure(.body(jsonError ?? "it is \(kind)")) }
        let bytes = self.bytes
        let task = parsed.withLock { current in
            if let current { return current }
            let started = Task.detached(priority: .userInitiated) { () -> Result<JSONValue, JSONPath.Filter.Failure> in
                do {
                    return .success(try JSONValue.parse(bytes))
                } catch {
                    return .failure(.body("\(error)"))
                }
            }
            current = started
            return started
        }
        return await task.value
    }
}

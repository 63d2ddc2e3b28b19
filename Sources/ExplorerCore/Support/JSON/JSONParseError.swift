import Foundation

/// Why a JSON document was rejected, and where.
///
/// `line` and `column` are 1-based. Lines are separated by `\n`; the column counts characters (grapheme
/// clusters) of that line before the error, plus one, so it matches what an editor shows. `offset` is the byte
/// offset into the input, for callers that want to highlight the raw bytes.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the error.
    public let line: Int
    /// 1-based column of the error, in characters of its line.
    public let column: Int
    /// 0-based byte offset of the error in the input.
    public let offset: Int
    /// What is wrong, in a few words, e.g. "expected ',' or '}' after object member".
    public let message: String

    /// Creates an error with an already computed location.
    package init(line: Int, column: Int, offset: Int, message: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
    }

    /// "JSON error at line 3, column 14: unterminated string", for a status bar.
    public var description: String {
        "JSON error at line \(line), column \(column): \(message)"
    }
}

extension JSONParseError {
    /// Locates `offset` in `bytes` by counting lines and characters; only runs once, when an error is thrown.
    init(message: String, offset: Int, in bytes: UnsafeRawBufferPointer) {
        let offset = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let prefix = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<offset])
        let column = String(decoding: prefix, as: UTF8.self).count + 1
        self.init(line: line, column: column, offset: offset, message: message)
    }
}

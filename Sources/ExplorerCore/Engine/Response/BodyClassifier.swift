import Foundation

/// Tells JSON, text and binary bodies apart, from the content type and the first bytes only, so a body of any size
/// costs the same to classify and the TUI and `apix run` always agree.
///
/// The rules, in order: no bytes is `.empty`; a JSON content type, or a first non-blank byte `{` or `[`, is `.json`
/// (shown as `plainKind` when it does not parse); a NUL byte is `.binary` whatever the content type says (a NUL
/// never belongs in text, and a terminal must not receive one); valid UTF-8 is `.text` (a character cut at the end
/// of the prefix still counts as valid); invalid UTF-8 is `.text` only when the content type says text (a Latin-1
/// page), otherwise `.binary`.
package enum BodyClassifier {
    /// How many bytes of a body's start are looked at.
    package static let prefixLength = 8192

    /// The kind of a body that starts with `prefix` (only its first `prefixLength` bytes are looked at).
    package static func kind(contentType: String?, prefix: Data) -> BodyKind {
        let sample = prefix.prefix(prefixLength)
        if sample.isEmpty { return .empty }
        if MediaType.isJSON(contentType) { return .json }
        let first = sample.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .json }
        return plainKind(contentType: contentType, prefix: sample)
    }

    /// The kind of a body, reading at most `prefixLength` bytes of it.
    package static func kind(of body: ResponseBody, contentType: String?) -> BodyKind {
        guard body.count > 0 else { return .empty }
        guard let prefix = try? body.data(limit: prefixLength) else { return .binary }
        return kind(contentType: contentType, prefix: prefix)
    }

    /// `.text` or `.binary` (`.empty` for no bytes), JSON aside: how a body that is not JSON, or that was taken for
    /// JSON and does not parse, is shown.
    package static func plainKind(contentType: String?, prefix: Data) -> BodyKind {
        let sample = prefix.prefix(prefixLength)
        if sample.isEmpty { return .empty }
        if sample.contains(0) { return .binary }
        if isUTF8(sample) { return .text }
        return MediaType.isText(contentType) ? .text : .binary
    }

    /// How a body taken for JSON is shown when `JSONScanner` (through `JSONLineIndex` or `JSONPrettyPrinter`,
    /// the one validation both front ends use) rejects it: as `plainKind`, with the parse error as the reason
    /// when the content type announced JSON (a body only sniffed as JSON needs no excuse).
    package static func kindAfterInvalidJSON(
        contentType: String?, prefix: Data, error: JSONParseError
    ) -> (kind: BodyKind, reason: String?) {
        (plainKind(contentType: contentType, prefix: prefix), MediaType.isJSON(contentType) ? error.description : nil)
    }

    /// Valid UTF-8, allowing the last character to be cut short (the prefix may end inside it).
    static func isUTF8(_ bytes: Data) -> Bool {
        if String(validating: bytes, as: UTF8.self) != nil { return true }
        var start = bytes.endIndex
        var continuations = 0
        while start > bytes.startIndex, continuations <= 3 {
            let byte = bytes[start - 1]
            start -= 1
            if byte & 0xC0 == 0x80 {
                continuations += 1
                continue
            }
            // A lead byte: it must announce more continuation bytes than follow it.
            guard (0xC2...0xF4).contains(byte) else { return false }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            guard continuations < length - 1 else { return false }
            return String(validating: bytes[bytes.startIndex..<start], as: UTF8.self) != nil
        }
        return false
    }
}

/// What libcurl's verbose text says about a TLS handshake and nowhere else in 7.88: the version and cipher
/// (`SSL connection using TLSv1.3 / TLS_AES_256_GCM_SHA384`) and the server's ALPN choice
/// (`ALPN: server accepted h2`).
///
/// Only those lines are read, each cut to `maxLine` bytes first: the rest of the verbose text (headers, data) is
/// ignored as it comes, so a long or hostile answer costs nothing here.
struct HandshakeNotes: Sendable, Equatable {
    var version: String?
    var cipher: String?
    var alpn: String?

    /// Longest line looked at, in bytes.
    static let maxLine = 200
    /// Longest value kept (a version, a cipher, a protocol name), in characters.
    static let maxValue = 64

    /// Whether the handshake resumed a TLS session; nil when not known (`apix_tls_session_resumed`, asked when the
    /// handshake's line is read: the connection is up then).
    var resumed: Bool?

    /// Reads one piece of libcurl's informational text (`CURLINFO_TEXT`); true when it was the line libcurl says
    /// once the handshake is done.
    @discardableResult
    mutating func read(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first, first == UInt8(ascii: "S") || first == UInt8(ascii: "A") else { return false }
        let line = String(decoding: bytes.prefix(Self.maxLine), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return read(line: line)
    }

    @discardableResult
    mutating func read(line: String) -> Bool {
        if line.hasPrefix("SSL connection using ") {
            let parts = line.dropFirst("SSL connection using ".count).split(separator: "/").map {
                Self.value($0)
            }
            version = parts.first ?? nil
            cipher = parts.count > 1 ? parts[1] : nil
            return true
        } else if line.hasPrefix("ALPN: server accepted ") {
            alpn = Self.value(line.dropFirst("ALPN: server accepted ".count))
        } else if line.hasPrefix("ALPN, server accepted to use ") {  // libcurl before 7.86
            alpn = Self.value(line.dropFirst("ALPN, server accepted to use ".count))
        }
        return false
    }

    /// The piece trimmed and bounded; nil when empty.
    private static func value(_ text: Substring) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : String(trimmed.prefix(maxValue))
    }
}

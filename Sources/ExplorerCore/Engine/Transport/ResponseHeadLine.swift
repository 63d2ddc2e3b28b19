/// One line of a response head as libcurl hands it over (line break included or not): a status line, a field
/// line, the empty line that ends a head, or anything else, which is ignored.
///
/// Kept apart from `CurlTransfer` so the rule is one pure function the header fuzzer can reach.
enum ResponseHeadLine: Equatable {
    /// `HTTP/1.1 200 OK`: a new head starts (an interim 1xx or the real one). A missing reason is the standard one.
    case status(version: String, code: Int, reason: String)
    /// `Name: value`, the value without the blanks around it.
    case field(name: String, value: String)
    /// The empty line after the fields.
    case end
    /// A line that is none of the above (obsolete line folding, garbage): not kept.
    case other

    /// Reads one line. Field lines are split on bytes, without Foundation: this runs for every header line.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> ResponseHeadLine {
        var length = bytes.count
        while length > 0, bytes[length - 1] == 0x0A || bytes[length - 1] == 0x0D { length -= 1 }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[..<length])
        if !raw.starts(with: "HTTP/".utf8), let colon = raw.firstIndex(of: UInt8(ascii: ":")) {
            var start = colon + 1
            var end = length
            while start < end, raw[start] == 0x20 || raw[start] == 0x09 { start += 1 }
            while end > start, raw[end - 1] == 0x20 || raw[end - 1] == 0x09 { end -= 1 }
            return .field(
                name: String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<colon]), as: UTF8.self),
                value: String(decoding: UnsafeRawBufferPointer(rebasing: raw[start..<end]), as: UTF8.self))
        }
        if length == 0 { return .end }
        let line = String(decoding: raw, as: UTF8.self)
        guard line.hasPrefix("HTTP/") else { return .other }
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        let code = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        return .status(
            version: parts.first.map(String.init) ?? "", code: code,
            reason: parts.count > 2 ? String(parts[2]) : HTTPStatus.reasonPhrase(for: code))
    }
}

import Foundation

/// A parsed HTTP/1.1 response as received by `RawHTTPClient`.
struct HTTPReply: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// Bytes that arrived after the head, before any Content-Length cut (to check HEAD sends no body).
    var rawBodyCount: Int

    /// The first value of header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw RawHTTPClient.Failure(description: "not a JSON object: \(text)")
        }
        return object
    }

    /// The body as a JSON array.
    func array() throws -> [Any] {
        guard let array = try JSONSerialization.jsonObject(with: Data(body)) as? [Any] else {
            throw RawHTTPClient.Failure(description: "not a JSON array: \(text)")
        }
        return array
    }

    init(parsing bytes: [UInt8], method: String) throws {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let headEnd = Self.firstRange(of: separator, in: bytes) else {
            throw RawHTTPClient.Failure(description: "no complete head in \(bytes.count) bytes")
        }
        let headLines = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = headLines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw RawHTTPClient.Failure(description: "bad status line \(headLines[0])")
        }
        self.status = status
        self.headers = headLines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        let rest = Array(bytes[(headEnd + separator.count)...])
        rawBodyCount = rest.count
        if method == "HEAD" || status == 204 || status == 304 {
            body = []
        } else if let length = headers.first(where: { $0.name.lowercased() == "content-length" }).flatMap({
            Int($0.value)
        }) {
            body = Array(rest.prefix(length))
        } else if headers.contains(where: { $0.name.lowercased() == "transfer-encoding" }) {
            body = try Self.dechunk(rest)
        } else {
            body = rest
        }
    }

    private static func dechunk(_ bytes: [UInt8]) throws -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        let crlf: [UInt8] = [13, 10]
        while true {
            guard let lineEnd = firstRange(of: crlf, in: Array(bytes[index...])).map({ $0 + index }),
                let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16)
            else { throw RawHTTPClient.Failure(description: "bad chunk") }
            if size == 0 { return result }
            result += bytes[(lineEnd + 2)..<(lineEnd + 2 + size)]
            index = lineEnd + 2 + size + 2
        }
    }

    private static func firstRange(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count)
        where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start
        }
        return nil
    }
}

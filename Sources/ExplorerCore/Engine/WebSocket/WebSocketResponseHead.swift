/// The server's answer to the upgrade request, read from the connection's first bytes: the head up to its empty
/// line, and what followed it (the first frames, when the server sent them at once).
struct WebSocketResponseHead: Sendable, Equatable {
    var status = 0
    var reason = ""
    var headers = HTTPHeaders()
    /// Bytes after the head: frames.
    var rest: [UInt8] = []

    /// The most a head may hold (libcurl's limit for a header line is 100 KiB; a whole head is bounded the same).
    static let maxHeadBytes = 100 * 1024

    enum Outcome: Equatable {
        case needMore
        case head(WebSocketResponseHead)
        case tooLarge
    }

    /// Reads `bytes` (everything received so far): the head when its end has arrived.
    static func parse(_ bytes: [UInt8]) -> Outcome {
        let end = bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard buffer.count >= 4 else { return nil }
            for index in 3..<min(buffer.count, maxHeadBytes + 4)
            where buffer[index] == 0x0A && buffer[index - 1] == 0x0D && buffer[index - 2] == 0x0A
                && buffer[index - 3] == 0x0D
            {
                return index + 1
            }
            return nil
        }
        guard let end else { return bytes.count > maxHeadBytes ? .tooLarge : .needMore }
        var head = WebSocketResponseHead()
        var lineStart = 0
        bytes.withUnsafeBytes { raw in
            for index in 0..<end where raw[index] == 0x0A {
                let line = UnsafeRawBufferPointer(rebasing: raw[lineStart...index])
                lineStart = index + 1
                switch ResponseHeadLine.parse(line) {
                case .status(_, let code, let reason) where head.status == 0:
                    head.status = code
                    head.reason = reason
                case .field(let name, let value): head.headers.add(name, value)
                default: continue
                }
            }
        }
        head.rest = Array(bytes[end...])
        return .head(head)
    }
}

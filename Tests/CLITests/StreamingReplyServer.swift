import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback test server (never the demo API users see) whose every connection gets a response head, then
/// whatever `body` writes to the socket, then a close: for bodies no framework sends on request (one that never
/// ends, a gzip bomb made as it is sent).
final class StreamingReplyServer: Sendable {
    let port: Int
    private let listener: Int32

    /// `body` writes to the socket with `StreamingReplyServer.send`; the connection closes when it returns.
    init(head: String, body: @escaping @Sendable (Int32) -> Void) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && listen(socket, 8) == 0
                    && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        listener = socket
        port = Int(UInt16(bigEndian: address.sin_port))
        let headBytes = Array(head.replacingOccurrences(of: "\n", with: "\r\n").utf8) + Array("\r\n".utf8)
        Thread {
            while true {
                let client = accept(socket, nil, nil)
                guard client >= 0 else { return }  // the listener was shut down
                Thread {
                    var request = [UInt8](repeating: 0, count: 65536)
                    _ = read(client, &request, request.count)
                    if Self.send(client, headBytes) { body(client) }
                    close(client)
                }.start()
            }
        }.start()
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Writes all of `bytes`; false once the peer is gone.
    @discardableResult
    static func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes {
                Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return false }
            sent += written
        }
        return true
    }

    /// A body that never ends: `block` again and again until the client goes away.
    static func endless(_ block: [UInt8] = Array(repeating: UInt8(ascii: "a"), count: 1 << 16))
        -> @Sendable (Int32) -> Void
    {
        { client in
            while send(client, block) {}
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}

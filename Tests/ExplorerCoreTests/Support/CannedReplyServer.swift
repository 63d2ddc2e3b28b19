import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback server that answers every connection with the same bytes, whatever was asked, then closes it: for
/// answers no real server framework would send (a 10 MB header line).
final class CannedReplyServer: Sendable {
    let port: Int
    private let listener: Int32

    init(reply: [UInt8]) throws {
        let made = try LoopbackListener(backlog: 8)
        let listener = made.socket
        self.listener = listener
        port = made.port
        Thread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }  // the listener was shut down
                var request = [UInt8](repeating: 0, count: 65536)
                _ = read(client, &request, request.count)
                var sent = 0
                while sent < reply.count {
                    let written = reply[sent...].withUnsafeBytes {
                        send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    }
                    guard written > 0 else { break }
                    sent += written
                }
                close(client)
            }
        }.start()
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}

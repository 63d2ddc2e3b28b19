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
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
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

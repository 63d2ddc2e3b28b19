import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback server that accepts connections and never answers: the kernel completes each handshake into the
/// listen queue, the request is written into it, and nobody ever reads or replies (a hung token server).
final class SilentListener: Sendable {
    let port: Int
    private let listener: Int32

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    deinit { close(listener) }
}

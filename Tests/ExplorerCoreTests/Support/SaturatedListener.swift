import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port whose connects never complete, for connect-timeout tests without a blackholed address: a socket
/// listening with a backlog of 0 whose accept queue is already full (nobody accepts), so Linux drops further SYNs
/// and the client waits in SYN_SENT.
final class SaturatedListener {
    let port: Int
    private let listener: Int32
    private var fillers: [Int32] = []

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
                bind(listener, pointer, length) == 0 && listen(listener, 0) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        // Non-blocking connects that fill the accept queue (one fits with a backlog of 0; the rest wait too).
        for _ in 0..<3 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard filler >= 0 else { continue }
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) }
            }
            fillers.append(filler)
        }
        // Let the handshakes that can complete do so before a client tries.
        usleep(50_000)
    }

    deinit {
        for filler in fillers { close(filler) }
        close(listener)
    }
}

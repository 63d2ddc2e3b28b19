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
        let made = try LoopbackListener(backlog: 0)
        listener = made.socket
        port = made.port
        var address = LoopbackListener.address(port: port)
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
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

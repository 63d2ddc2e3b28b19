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
        let made = try LoopbackListener(backlog: 16)
        listener = made.socket
        port = made.port
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    deinit { close(listener) }
}

/// Why a demo server could not start.
package enum DemoServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The configured host is not a loopback address; the demo only listens on loopback.
    case nonLoopbackHost(String)
    /// The server stopped before it was listening.
    case stoppedBeforeListening

    /// A one-line explanation for logs and the status bar.
    package var description: String {
        switch self {
        case .nonLoopbackHost(let host):
            "the demo server only listens on loopback (127.0.0.1, ::1, localhost), not on \(host)"
        case .stoppedBeforeListening:
            "the demo server stopped before it was listening"
        }
    }
}

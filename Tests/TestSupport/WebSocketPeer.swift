import Foundation

/// A real WebSocket server on loopback: `Tests/Peers/websocket_server.py`, the `websockets` library of
/// python3-websockets (scripts/setup.sh), started on 127.0.0.1 port 0 as a `PythonPeer`. It stops when its stdin
/// closes (when this value goes away, or at `stop()`).
package final class WebSocketPeer: Sendable {
    private let peer: PythonPeer
    private let scheme: String

    package var port: Int { peer.port }

    /// `tls`: serve wss:// with this certificate and key; with `clientCA`, require a client certificate it signed.
    package init(tls: (certificate: String, key: String)? = nil, clientCA: String? = nil) throws {
        scheme = tls == nil ? "ws" : "wss"
        peer = try PythonPeer(
            "websocket_server.py",
            arguments: (tls.map { [$0.certificate, $0.key] } ?? []) + (clientCA.map { [$0] } ?? []))
    }

    /// `ws://127.0.0.1:PORT` (`wss://` with TLS) + `path`.
    package func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    package func stop() { peer.stop() }
}

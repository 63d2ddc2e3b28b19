import Foundation

extension WebSocketConnection.Opened {
    /// The opening handshake as an exchange's answer (`101 Switching Protocols`, the server's headers, no body, the
    /// handshake's phases): what the TUI's Headers tab and the history show for a session.
    package var response: Response {
        Response(
            method: .get, url: url, statusCode: status, reason: reason, headers: headers, body: .empty,
            metrics: metrics)
    }
}

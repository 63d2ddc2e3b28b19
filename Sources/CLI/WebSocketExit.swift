import ExplorerCore

/// `apix ws`'s exit statuses and its last stderr line: how a session ended, for scripts (docs/WEBSOCKET.md).
enum WebSocketExit {
    /// The server closed with a code other than 1000/1001 (or none, 1005).
    static let serverClosedAbnormally: Int32 = 9
    /// The server broke the protocol; apix closed with 1002, 1007 or 1009 (curl's "weird server reply").
    static let protocolViolation: Int32 = 8
    /// The connection ended without a closing handshake (1006), or the server never answered apix's close
    /// (curl's "failure receiving network data").
    static let connectionLost: Int32 = 56
    /// The server did not accept the upgrade (not 101, or an invalid 101) (curl's `--fail` status).
    static let handshakeRefused: Int32 = 22
    /// Ctrl-C, SIGTERM or SIGHUP during the session: apix closed with 1001 and waited for the server's close (as for
    /// any interrupt in apix: 128 + SIGINT).
    static let interrupted: Int32 = 130

    static func status(for close: WebSocketClose) -> Int32 {
        if close.isNormal { return 0 }
        switch close.initiator {
        case .violation: return protocolViolation
        case .connection: return connectionLost
        case .server, .client: return serverClosedAbnormally
        }
    }

    static func status(for error: WebSocketConnection.OpenError) -> Int32 {
        switch error {
        case .transport(let error): error.exitCode
        case .handshake: handshakeRefused
        case .credentials: CLIFailure.Status.auth.rawValue
        }
    }

    /// `apix: connected to URL (subprotocol …), permessage-deflate`: the session's first stderr line.
    static func connectedLine(_ url: String, _ opened: WebSocketConnection.Opened) -> String {
        var line = "apix: connected to \(SafeText.escape(url))"
        if let chosen = opened.agreement.subprotocol { line += " (subprotocol \(SafeText.escape(chosen)))" }
        if opened.agreement.deflate != nil { line += ", permessage-deflate" }
        return line
    }

    /// `closed by the server: 1000 (bye)`, `closed by apix: 1002, the server broke the protocol (…)`, …
    static func describe(_ close: WebSocketClose) -> String { close.summary }
}

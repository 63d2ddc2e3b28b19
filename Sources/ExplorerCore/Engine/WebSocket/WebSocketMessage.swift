/// A whole message, as the session delivers it and the user sends it (RFC 6455 §5.6).
package enum WebSocketMessage: Sendable, Equatable {
    case text(String)
    case binary([UInt8])

    /// Its payload's size in bytes.
    package var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let bytes): bytes.count
        }
    }
}

/// What happened on a session, in the order it happened.
package enum WebSocketEvent: Sendable, Equatable {
    case message(WebSocketMessage)
    /// A ping from the server (answered with a pong by the session itself, §5.5.2).
    case ping([UInt8])
    case pong([UInt8])
    /// The session is over: the close that ended it.
    case closed(WebSocketClose)
}

/// How a session ended: the close code and reason, and who decided.
package struct WebSocketClose: Sendable, Equatable {
    package enum Initiator: Sendable, Equatable {
        /// The server sent a close frame first (apix answered it).
        case server
        /// apix closed (end of input, `--max-messages`, `--idle`, the user).
        case client
        /// apix closed because the server broke the protocol (the code is 1002, 1007 or 1009).
        case violation
        /// The connection ended without a closing handshake (code 1006), or the server's close never came.
        case connection
    }

    /// The code (1005 when the close frame had none, 1006 when there was no close frame).
    package let code: UInt16
    package let reason: String
    package let initiator: Initiator

    package init(code: UInt16, reason: String, initiator: Initiator) {
        self.code = code
        self.reason = reason
        self.initiator = initiator
    }

    /// Whether the session ended normally (1000/1001, whoever closed).
    package var isNormal: Bool { initiator != .violation && WebSocketCloseCode.isNormal(code) }
}

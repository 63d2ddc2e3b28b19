import ExplorerCore

/// A WebSocket session as the response pane shows it (`Exchange.webSocket`): where it is (connecting, open,
/// closing, closed), what the handshake agreed, the saved messages the endpoint offers, and where its frames are
/// written when asked. The frames themselves are the exchange's `events` (`EventRows` from the transcript).
package struct WebSocketSessionState: Sendable {
    package enum Phase: Sendable, Equatable {
        case connecting, open, closing, closed
    }

    package var phase = Phase.connecting
    /// The opening handshake as an answer (101, the server's headers, its phases), once open.
    package var handshake: Response?
    package var subprotocol: String?
    package var deflate = false
    package var close: WebSocketClose?
    /// The endpoint's saved messages (`messages:`), by name.
    package var savedMessages: [WebSocketEndpoint.SavedMessage] = []
    /// The file the frames are written to (`w`), while they are.
    package var file: String?

    package init(savedMessages: [WebSocketEndpoint.SavedMessage] = []) {
        self.savedMessages = savedMessages
    }

    /// Whether messages can be sent now.
    package var isOpen: Bool { phase == .open }

    /// `open · subprotocol chat.v2 · permessage-deflate · handshake 3.1 ms`, or how it closed.
    package var line: String {
        switch phase {
        case .connecting: return "connecting"
        case .closing: return "closing (1000 sent, waiting for the server's close)"
        case .closed: return close?.summary ?? "closed"
        case .open:
            var parts = ["open"]
            if let subprotocol { parts.append("subprotocol " + SafeText.escape(subprotocol)) }
            if deflate { parts.append("permessage-deflate") }
            if let handshake { parts.append("handshake " + Units.duration(handshake.metrics.total)) }
            return parts.joined(separator: " · ")
        }
    }
}

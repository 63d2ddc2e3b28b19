/// How a WebSocket session runs (the profile's `subprotocols`, `ping_interval`, `max_message`), and its bounds.
package struct WebSocketSettings: Sendable, Equatable {
    package var subprotocols: [String] = []
    /// A ping every so often while the session is open (keeps proxies from dropping an idle connection).
    package var pingInterval: Duration?
    /// The largest message kept, in bytes (after inflation): larger ones close the session with 1009.
    package var maxMessage = WebSocketSettings.defaultMaxMessage
    /// Whether `permessage-deflate` is offered.
    package var offersDeflate = true
    /// How long the server may take to answer the upgrade request, once connected.
    package var handshakeTimeout: Duration = .seconds(30)
    /// How long apix waits for the server's close after sending its own (RFC 6455 §7.1.1), then ends the
    /// connection. The wait counts silence: each byte the server sends meanwhile (the rest of a flood of frames
    /// that were on their way before its close) starts it again, up to `closeCeiling` in all.
    package var closeTimeout: Duration = .seconds(5)
    /// The longest apix goes on reading (and dropping) what a server sends after apix's close: a server that never
    /// stops sending and never closes is left after this.
    package var closeCeiling: Duration = .seconds(30)
    /// Received events not yet taken by the reader: past this, apix stops reading from the socket until the reader
    /// catches up (the server then waits on TCP), so a fast server cannot grow memory.
    package var maxQueuedEvents = 256
    /// Messages queued to send: past this `send` waits.
    package var maxQueuedOutgoing = 256

    package static let defaultMaxMessage = 64 * 1024 * 1024

    package init() {}
}

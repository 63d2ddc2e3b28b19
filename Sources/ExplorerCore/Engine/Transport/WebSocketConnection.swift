import Foundation

/// An open WebSocket session over a libcurl connection: `next()` gives what arrives, `send` and `close` queue what
/// goes. libcurl connects (`CURLOPT_CONNECT_ONLY`: TCP, proxy tunnel, TLS, client certificate, timeouts, as for
/// every request; `WebSocketLink`); the bytes on the connection are apix's (`WebSocketSession`), moved by one
/// thread per connection that polls the socket.
package final class WebSocketConnection: Sendable {
    /// What the opening handshake was: the request head written (as sent) and the server's answer.
    package struct Opened: Sendable {
        /// The URL as the user knows it (`ws://` or `wss://`).
        package let url: String
        package let status: Int
        package let reason: String
        package let headers: HTTPHeaders
        package let agreement: WebSocketHandshake.Agreement
        /// Time from the start to the server's answer.
        package let handshakeTime: Duration
        /// The upgrade request as written (headers in clear: mask before showing or keeping it).
        package let requestHead: String
        /// The handshake's phases (dns, connect, tls, send, wait), for the timing waterfall.
        package let metrics: Metrics
    }

    /// Why a session did not open.
    package enum OpenError: Error, Sendable {
        /// No connection (host not found, refused, TLS, timeout, …), as for any request.
        case transport(TransportError)
        /// Connected, but the server did not accept the upgrade (its status and headers when it answered).
        case handshake(WebSocketHandshake.Failure, status: Int, headers: HTTPHeaders)
        /// The credentials the handshake carries could not be obtained or refreshed (`ClientError.auth`): nothing
        /// was dialled.
        case credentials(String)

        package var message: String {
            switch self {
            case .handshake(let failure, _, _): "no WebSocket session: \(failure.message)"
            case .transport, .credentials: clientError.summary
            }
        }

        /// The failure as any exchange's (the history's record, the explorer's response pane, exit statuses): a
        /// refused upgrade is an answer apix could not use, and credentials that could not be had are `.auth`, as
        /// for `apix run`.
        package var clientError: ClientError {
            switch self {
            case .transport(let error): ClientError(.transport(error))
            case .handshake(let failure, _, _):
                ClientError(.transport(TransportError(.badResponse, "no WebSocket session: \(failure.message)")))
            case .credentials(let detail): ClientError(.auth(detail))
            }
        }
    }

    package let opened: Opened
    private let channel: WebSocketChannel

    init(opened: Opened, channel: WebSocketChannel) {
        self.opened = opened
        self.channel = channel
    }

    /// Connects to `request.url` (`ws://`, `wss://`, or `http(s)://` taken as such) with `request`'s headers and
    /// transfer options, and runs the opening handshake.
    package static func open(_ request: PreparedRequest, settings: WebSocketSettings) async -> Result<
        WebSocketConnection, OpenError
    > {
        let channel = WebSocketChannel(maxEvents: settings.maxQueuedEvents, maxOutgoing: settings.maxQueuedOutgoing)
        return await withCheckedContinuation { continuation in
            let link = WebSocketLink(request: request, settings: settings, channel: channel) { result in
                continuation.resume(returning: result.map { WebSocketConnection(opened: $0, channel: channel) })
            }
            let thread = Thread { link.run() }
            thread.name = "apix-websocket"
            thread.start()
        }
    }

    /// The next event (a message, a ping or pong, then `.closed` last); nil after the last.
    package func next() async -> WebSocketEvent? { await channel.next() }

    /// Queues `message` (waits while many are queued); ignored once closing.
    package func send(_ message: WebSocketMessage) async { await channel.send(message) }

    /// Starts the closing handshake; events keep coming until `.closed`.
    package func close(code: UInt16 = WebSocketCloseCode.normal, reason: String = "") {
        channel.requestClose(code: code, reason: reason)
    }

    /// `ws://` → `http://`, `wss://` → `https://` (what libcurl connects to), other URLs unchanged.
    package static func transportURL(_ url: String) -> String {
        let lower = url.lowercased()
        if lower.hasPrefix("ws://") { return "http://" + url.dropFirst(5) }
        if lower.hasPrefix("wss://") { return "https://" + url.dropFirst(6) }
        return url
    }

    /// `http://` → `ws://`, `https://` → `wss://` (how the session's URL is shown), other URLs unchanged.
    package static func shownURL(_ url: String) -> String {
        let lower = url.lowercased()
        if lower.hasPrefix("http://") { return "ws://" + url.dropFirst(7) }
        if lower.hasPrefix("https://") { return "wss://" + url.dropFirst(8) }
        return url
    }
}

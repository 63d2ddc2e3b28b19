import ExplorerCore
import Synchronization

/// One session the runtime holds: once open, its connection and its transcript (which outlives the connection, so
/// a closed session's frames can still be written to a file).
final class WebSocketRun: Sendable {
    struct Live: Sendable {
        let connection: WebSocketConnection
        let transcript: WebSocketTranscript
    }

    let live = Mutex<Live?>(nil)
    /// Esc before the session opened: close it as soon as it does.
    let abandoned = Mutex(false)

    var connection: WebSocketConnection? { live.withLock { $0?.connection } }
    var transcript: WebSocketTranscript? { live.withLock { $0?.transcript } }

    /// A graphql-transport-ws operation subscribed and not over yet: closing stops it the protocol's way first.
    let operationPending = Mutex(false)

    /// Closes the session (1000), or, before it opened, as soon as it does. A GraphQL subscription still running is
    /// ended with `complete` before the close, as `apix run` does on Ctrl-C: the server learns the operation was
    /// stopped, not that the connection failed.
    func close(code: UInt16 = WebSocketCloseCode.normal) {
        let live = live.withLock { live in
            abandoned.withLock { $0 = true }
            return live
        }
        guard let live else { return }
        let pending = operationPending.withLock { pending in
            defer { pending = false }
            return pending
        }
        guard pending else {
            live.connection.close(code: code)
            return
        }
        Task.detached {
            let complete = WebSocketMessage.text(GraphQLTransportWS.complete())
            live.transcript.sent(complete)
            await live.connection.send(complete)
            live.connection.close(code: code)
        }
    }
}

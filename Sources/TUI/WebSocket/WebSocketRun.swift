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

    /// Closes the session (1000), or, before it opened, as soon as it does.
    func close(code: UInt16 = WebSocketCloseCode.normal) {
        let connection = live.withLock { live in
            abandoned.withLock { $0 = true }
            return live?.connection
        }
        connection?.close(code: code)
    }
}

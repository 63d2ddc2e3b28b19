import ExplorerCore
import Foundation

/// A WebSocket session's record: one entry, the one rule `apix ws` and the explorer follow.
extension HistoryRecording {
    /// The entry of a session: the upgrade request as shown (credentials masked, `ws://`/`wss://`), the server's
    /// `101` and headers, the handshake's phases as the metrics (the timing waterfall), and as the body the session
    /// (`WebSocketSessionRecord`: counts, time to the first message, the close, the last `maxFrames` frames), every
    /// secret the exchange used removed from all of it, frames included. A session that did not open is recorded
    /// as a failed exchange.
    package static func entry(
        forSession exchange: ExchangePlan, origin: HistoryEntry.Origin,
        opened: Result<WebSocketConnection.Opened, ClientError>, transcript: WebSocketTranscript?, token: String?,
        credentials: PreparedRequest? = nil, maxFrames: Int = WebSocketSessionRecord.defaultMaxFrames
    ) -> HistoryEntry {
        let result: Result<Response, ClientError> = opened.map { opened in
            var response = opened.response
            if let transcript {
                let record = WebSocketSessionRecord(
                    snapshot: transcript.snapshot(), agreement: opened.agreement, maxFrames: maxFrames)
                response.body = ResponseBody(data: record.document)
            }
            return response
        }
        var (entry, _) = Self.entry(
            for: exchange, sent: exchange.request.request, origin: origin, result: result, token: token,
            credentials: credentials)
        entry.request.url = WebSocketConnection.shownURL(entry.request.url)
        return entry
    }
}

extension HistoryEntry {
    /// Whether the entry is a WebSocket session (its answer was the upgrade).
    package var isWebSocketSession: Bool { status == 101 }

    /// The session kept in the body of a WebSocket entry; nil for others (or a body not kept).
    package var webSocketSession: WebSocketSessionRecord? {
        guard isWebSocketSession, let body else { return nil }
        return WebSocketSessionRecord(document: body)
    }
}

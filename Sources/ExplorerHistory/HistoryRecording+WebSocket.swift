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
        if case .success(let opened) = opened {
            entry.request.headers = handshakeHeaders(shown: entry.request.headers, head: opened.requestHead)
        }
        return entry
    }

    /// The request's headers as the handshake sent them: the shown ones (masked) that the head carried, then the
    /// handshake's own (`Upgrade`, `Connection`, `Sec-WebSocket-*`), which hold no secret. Others are left out:
    /// what libcurl adds to an HTTP request (`Accept-Encoding`) is not in the head, and the head's own values are
    /// in clear (its `Cookie` from the jar among them).
    static func handshakeHeaders(shown: HTTPHeaders, head: String) -> HTTPHeaders {
        var sent = HTTPHeaders()
        for line in head.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            sent.add(
                String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        var result = HTTPHeaders()
        for field in shown where sent.contains(field.name) { result.add(field.name, field.value) }
        for field in sent where !result.contains(field.name) {
            let name = field.name.lowercased()
            if name == "upgrade" || name == "connection" || name.hasPrefix("sec-websocket-") {
                result.add(field.name, field.value)
            }
        }
        return result
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

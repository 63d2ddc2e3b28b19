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

    /// The request's headers as the handshake sent them, in its order: the shown ones (masked) that the head
    /// carried, the `Cookie` (the jar's and the request's own) with each value masked, and what holds no secret (`Host`, `User-Agent` and the
    /// handshake's own `Upgrade`, `Connection`, `Sec-WebSocket-*`). What libcurl adds to an HTTP request
    /// (`Accept-Encoding`) is not in the head; a field the head carries in clear that is not shown is left out.
    package static func handshakeHeaders(shown: HTTPHeaders, head: String) -> HTTPHeaders {
        var result = HTTPHeaders()
        var taken: Set<String> = []
        for field in headFields(head) {
            let name = field.name.lowercased()
            if name == "cookie" {
                // The jar's cookies and the request's own, in one field: each value masked, the names kept.
                result.add(field.name, RequestCookies.masked(field.value))
            } else if shown.contains(field.name) {
                guard taken.insert(name).inserted else { continue }
                for value in shown.values(for: field.name) { result.add(field.name, value) }
            } else if ["host", "user-agent", "upgrade", "connection"].contains(name) || name.hasPrefix("sec-websocket-")
            {
                result.add(field.name, field.value)
            }
        }
        return result
    }

    /// The header fields of a request head as written (`Name: value` lines after the request line), in clear.
    package static func headFields(_ head: String) -> HTTPHeaders {
        var fields = HTTPHeaders()
        for line in head.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields.add(
                String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        return fields
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

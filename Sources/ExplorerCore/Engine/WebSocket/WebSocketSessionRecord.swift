import Foundation

/// A whole session as the history keeps it, in the body of its entry: one JSON object a line, first the session
/// (`{"websocket":{…}}`: what the handshake agreed, the counts, the time to the first message, the close, how many
/// frames there were and how many are kept), then the frames kept, the last `maxFrames` at most
/// (`WebSocketFrameRecord.jsonObject`). `apix history show` and the TUI's history read it back.
package struct WebSocketSessionRecord: Sendable, Equatable {
    /// Frames a record keeps by default (the last ones).
    package static let defaultMaxFrames = 500

    package var subprotocol: String?
    package var deflate: Bool
    package var counts: WebSocketTranscript.Counts
    package var firstMessage: Duration?
    /// From the handshake's start to the first message received, and the longest gap between two (`StreamMetrics`).
    package var firstEvent: Duration?
    package var maxGap: Duration?
    package var duration: Duration
    package var close: WebSocketClose?
    /// Every frame of the session, those not kept included.
    package var frameCount: Int
    package var frames: [WebSocketFrameRecord]

    package init(
        snapshot: WebSocketTranscript.Snapshot, agreement: WebSocketHandshake.Agreement,
        maxFrames: Int = WebSocketSessionRecord.defaultMaxFrames
    ) {
        subprotocol = agreement.subprotocol
        deflate = agreement.deflate != nil
        counts = snapshot.counts
        firstMessage = snapshot.firstMessage
        firstEvent = snapshot.firstEvent
        maxGap = snapshot.maxGap
        duration = snapshot.elapsed
        close = snapshot.close
        frameCount = snapshot.frameCount
        frames = Array(snapshot.frames.suffix(max(0, maxFrames)))
    }

    /// The lines, as kept in the entry's body.
    package var document: Data {
        var session = JSONObject()
        if let subprotocol { session.append(key: "subprotocol", value: .string(subprotocol)) }
        session.append(key: "deflate", value: .bool(deflate))
        session.append(key: "sent", value: .number(String(counts.messagesSent)))
        session.append(key: "received", value: .number(String(counts.messagesReceived)))
        session.append(key: "bytes_sent", value: .number(String(counts.bytesSent)))
        session.append(key: "bytes_received", value: .number(String(counts.bytesReceived)))
        session.append(key: "pings", value: .number(String(counts.pings)))
        session.append(key: "pongs", value: .number(String(counts.pongs)))
        if let firstMessage {
            session.append(key: "first_message_ms", value: .number(String(Self.millis(firstMessage))))
        }
        if let firstEvent { session.append(key: "first_event_ms", value: .number(String(Self.millis(firstEvent)))) }
        if let maxGap { session.append(key: "max_gap_ms", value: .number(String(Self.millis(maxGap)))) }
        session.append(key: "duration_ms", value: .number(String(Self.millis(duration))))
        if let close {
            var closed = JSONObject()
            closed.append(key: "code", value: .number(String(close.code)))
            closed.append(key: "reason", value: .string(close.reason))
            closed.append(key: "by", value: .string(Self.name(close.initiator)))
            session.append(key: "close", value: .object(closed))
        }
        session.append(key: "frames", value: .number(String(frameCount)))
        session.append(key: "kept", value: .number(String(frames.count)))
        var head = JSONObject()
        head.append(key: "websocket", value: .object(session))
        var text = JSONValue.object(head).serialized() + "\n"
        for frame in frames { text += frame.jsonObject.serialized() + "\n" }
        return Data(text.utf8)
    }

    /// A record read back from `document`'s lines; nil when the first line is not a session.
    package init?(document: Data) {
        let lines = document.split(separator: UInt8(ascii: "\n"))
        guard let first = lines.first, let head = try? JSONValue.parse(Array(first)),
            let session = head["websocket"], session.objectValue != nil
        else { return nil }
        subprotocol = session["subprotocol"]?.stringValue
        deflate = session["deflate"] == .bool(true)
        var counts = WebSocketTranscript.Counts()
        counts.messagesSent = session["sent"]?.intValue ?? 0
        counts.messagesReceived = session["received"]?.intValue ?? 0
        counts.bytesSent = Int64(session["bytes_sent"]?.intValue ?? 0)
        counts.bytesReceived = Int64(session["bytes_received"]?.intValue ?? 0)
        counts.pings = session["pings"]?.intValue ?? 0
        counts.pongs = session["pongs"]?.intValue ?? 0
        self.counts = counts
        firstMessage = session["first_message_ms"]?.intValue.map { .milliseconds($0) }
        firstEvent = session["first_event_ms"]?.intValue.map { .milliseconds($0) }
        maxGap = session["max_gap_ms"]?.intValue.map { .milliseconds($0) }
        duration = .milliseconds(session["duration_ms"]?.intValue ?? 0)
        if let closed = session["close"], let code = closed["code"]?.intValue {
            close = WebSocketClose(
                code: UInt16(clamping: code), reason: closed["reason"]?.stringValue ?? "",
                initiator: Self.initiator(closed["by"]?.stringValue ?? ""))
        }
        frameCount = session["frames"]?.intValue ?? 0
        frames = lines.dropFirst().compactMap { line in
            (try? JSONValue.parse(Array(line))).flatMap(WebSocketFrameRecord.init(json:))
        }
    }

    /// The record as a transcript's snapshot (what the conversation view is drawn from).
    package var snapshot: WebSocketTranscript.Snapshot {
        WebSocketTranscript.Snapshot(
            frames: frames, frameCount: frameCount, counts: counts, firstMessage: firstMessage, elapsed: duration,
            rate: Double(counts.messagesSent + counts.messagesReceived) / max(1, duration.seconds), close: close,
            file: nil, version: 0, firstEvent: firstEvent, maxGap: maxGap)
    }

    /// `↑ 3 (12 B) · ↓ 5 (1 KB) · 2 pings · first message 12 ms · 4.2 s · closed: 1000`: the session in one line.
    package var summary: String {
        var parts = [counts.summary]
        if let firstMessage { parts.append("first message \(Units.duration(firstMessage))") }
        if let maxGap { parts.append("max gap \(StreamMetrics.short(maxGap))") }
        parts.append(Units.duration(duration))
        if let close { parts.append(close.summary) }
        return parts.joined(separator: " · ")
    }

    /// The lines `apix history show` prints: the summary, then each frame kept (`WebSocketFrameRecord.displayLines`).
    package var displayLines: [String] {
        var lines = [summary]
        if frames.count < frameCount { lines.append("(the last \(frames.count) of \(frameCount) frames kept)") }
        for frame in frames { lines += frame.displayLines }
        return lines
    }

    private static func millis(_ duration: Duration) -> Int64 { Int64(max(0, duration.milliseconds).rounded()) }

    private static func name(_ initiator: WebSocketClose.Initiator) -> String {
        switch initiator {
        case .server: "server"
        case .client: "client"
        case .violation: "violation"
        case .connection: "connection"
        }
    }

    private static func initiator(_ name: String) -> WebSocketClose.Initiator {
        switch name {
        case "server": .server
        case "client": .client
        case "violation": .violation
        default: .connection
        }
    }
}

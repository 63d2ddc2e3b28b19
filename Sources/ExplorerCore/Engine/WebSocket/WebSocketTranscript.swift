import Foundation
import Synchronization

/// What happened on one WebSocket session, for front ends and the history: the last `capacity` frames (a ring, as
/// a stream's events are kept), with counts of everything, the time to the first message received, rates, and the
/// close. Memory stays bounded however long the session runs: a frame keeps at most `previewLimit` bytes of its
/// payload. Asked to (`startWriting`), it writes the frames it keeps and every later one to a file, one JSON
/// object a line (`WebSocketFrameRecord.jsonObject`), so nothing the ring lets go is lost from then on.
package final class WebSocketTranscript: Sendable {
    /// Frames kept for display by default.
    package static let defaultCapacity = 1000
    /// Payload bytes a frame keeps.
    package static let previewLimit = 16 * 1024

    package struct Counts: Sendable, Equatable {
        package var messagesSent = 0
        package var messagesReceived = 0
        package var bytesSent: Int64 = 0
        package var bytesReceived: Int64 = 0
        package var pings = 0
        package var pongs = 0

        package init() {}

        /// `↑ 3 (1.2 KB) · ↓ 5 (4 KB) · 2 pings · 1 pong`.
        package var summary: String {
            var parts = [
                "↑ \(messagesSent) (\(Units.bytes(bytesSent)))",
                "↓ \(messagesReceived) (\(Units.bytes(bytesReceived)))",
            ]
            if pings > 0 { parts.append(pings == 1 ? "1 ping" : "\(pings) pings") }
            if pongs > 0 { parts.append(pongs == 1 ? "1 pong" : "\(pongs) pongs") }
            return parts.joined(separator: " · ")
        }
    }

    /// The transcript at one moment.
    package struct Snapshot: Sendable, Equatable {
        package var frames: [WebSocketFrameRecord]
        /// Every frame so far, those no longer kept included.
        package var frameCount: Int
        package var counts: Counts
        /// Time from the open to the first message received.
        package var firstMessage: Duration?
        /// Time since the open (to the close, once closed).
        package var elapsed: Duration
        /// Messages a second, both ways, over the last few seconds while open (over the whole session once closed).
        package var rate: Double
        package var close: WebSocketClose?
        /// Where frames are being written, when asked.
        package var file: String?
        package var version: Int
        /// From the start of the opening handshake's request to the first message received (`StreamMetrics`).
        package var firstEvent: Duration? = nil
        /// The longest time between two consecutive messages received.
        package var maxGap: Duration? = nil

        /// The server's messages as a stream's events: their count, first one, rate and longest gap.
        package var metrics: StreamMetrics {
            StreamMetrics(
                events: counts.messagesReceived, firstEvent: firstEvent, maxGap: maxGap,
                eventsPerSecond: Double(counts.messagesReceived) / max(1, elapsed.seconds))
        }

        /// `↑ 3 (1.2 KB) · ↓ 5 (4 KB) · 2 pings · 0.8 msg/s · first message 12 ms · max gap 1.2 s`, then how it
        /// closed.
        package var summary: String {
            var parts = [counts.summary, String(format: "%.1f msg/s", rate)]
            if let firstMessage { parts.append("first message \(Units.duration(firstMessage))") }
            if let maxGap { parts.append("max gap \(StreamMetrics.short(maxGap))") }
            if let close {
                parts.append("closed \(close.code)" + (close.reason.isEmpty ? "" : " " + SafeText.escape(close.reason)))
            }
            return parts.joined(separator: " · ")
        }
    }

    struct State {
        var ring: EventRing<WebSocketFrameRecord>
        var count = 0
        var counts = Counts()
        var firstMessage: Duration?
        /// The server's messages' times (since the open), for the longest gap between two.
        var gaps = EventGaps()
        var recent: [ContinuousClock.Instant] = []
        var closedAt: ContinuousClock.Instant?
        var close: WebSocketClose?
        var file: FileHandle?
        var path: String?
        var version = 0
    }

    package let capacity: Int
    package let openedAt: ContinuousClock.Instant
    /// The opening handshake's time, from its request's start to the open (its `Metrics.total`): the time to
    /// the first event counts from that start, as a stream's counts from its request's.
    package let handshake: Duration
    private let state: Mutex<State>

    package init(
        capacity: Int = WebSocketTranscript.defaultCapacity, openedAt: ContinuousClock.Instant = .now,
        handshake: Duration = .zero
    ) {
        self.capacity = max(1, capacity)
        self.openedAt = openedAt
        self.handshake = handshake
        state = Mutex(State(ring: EventRing(capacity: max(1, capacity))))
    }

    /// A message apix sent.
    package func sent(_ message: WebSocketMessage, at time: ContinuousClock.Instant = .now) {
        switch message {
        case .text(let text):
            append(.sent, .text, Array(text.utf8.prefix(Self.previewLimit)), size: text.utf8.count, at: time)
        case .binary(let bytes):
            append(.sent, .binary, Array(bytes.prefix(Self.previewLimit)), size: bytes.count, at: time)
        }
    }

    /// What the session delivered (a message, a ping or pong, the close).
    package func received(_ event: WebSocketEvent, at time: ContinuousClock.Instant = .now) {
        switch event {
        case .message(let message):
            switch message {
            case .text(let text):
                append(.received, .text, Array(text.utf8.prefix(Self.previewLimit)), size: text.utf8.count, at: time)
            case .binary(let bytes):
                append(.received, .binary, Array(bytes.prefix(Self.previewLimit)), size: bytes.count, at: time)
            }
        case .ping(let payload): append(.received, .ping, payload, size: payload.count, at: time)
        case .pong(let payload): append(.received, .pong, payload, size: payload.count, at: time)
        case .closed(let close):
            // Who closed decides the arrow: the server's close came in, apix's went out.
            let direction: WebSocketFrameRecord.Direction = close.initiator == .server ? .received : .sent
            let reason = Array(close.reason.utf8)
            append(direction, .close, reason, size: reason.count + 2, code: close.code, at: time)
            state.withLock {
                $0.close = close
                $0.closedAt = time
                try? $0.file?.close()
                $0.file = nil
                $0.version += 1
            }
        }
    }

    private func append(
        _ direction: WebSocketFrameRecord.Direction, _ kind: WebSocketFrameRecord.Kind, _ payload: [UInt8],
        size: Int, code: UInt16? = nil, at time: ContinuousClock.Instant
    ) {
        state.withLock { state in
            state.count += 1
            let elapsed = time - openedAt
            let frame = WebSocketFrameRecord(
                number: state.count, elapsed: elapsed, direction: direction, kind: kind, size: size, payload: payload,
                closeCode: code)
            state.ring.append(frame)
            switch (direction, kind) {
            case (.sent, .text), (.sent, .binary):
                state.counts.messagesSent += 1
                state.counts.bytesSent += Int64(size)
            case (.received, .text), (.received, .binary):
                state.counts.messagesReceived += 1
                state.counts.bytesReceived += Int64(size)
                if state.firstMessage == nil { state.firstMessage = elapsed }
                state.gaps.record(elapsed.seconds)
            case (_, .ping): state.counts.pings += 1
            case (_, .pong): state.counts.pongs += 1
            default: break
            }
            if !kind.isControl {
                state.recent.append(time)
                let since = time - .seconds(Self.rateWindow)
                if let drop = state.recent.firstIndex(where: { $0 > since }), drop > 0 {
                    state.recent.removeFirst(drop)
                }
            }
            if let file = state.file { Self.write(frame, to: file) }
            state.version += 1
        }
    }

    /// Writes the frames kept to `path` (created or emptied, 0600), then every later frame as it comes, until the
    /// session closes or `stopWriting`. Returns how many frames the ring had already let go (not in the file).
    package func startWriting(to path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        return state.withLock { state in
            try? state.file?.close()
            let frames = state.ring.events
            for frame in frames { Self.write(frame, to: handle) }
            if state.close == nil {
                state.file = handle
                state.path = path
            } else {
                try? handle.close()
            }
            state.version += 1
            return state.count - frames.count
        }
    }

    /// Stops writing to the file (if any).
    package func stopWriting() {
        state.withLock {
            try? $0.file?.close()
            $0.file = nil
            $0.path = nil
            $0.version += 1
        }
    }

    /// Changes with every frame, the close and the file.
    package var version: Int { state.withLock { $0.version } }

    package func snapshot(now: ContinuousClock.Instant = .now) -> Snapshot {
        state.withLock { state in
            let end = state.closedAt ?? now
            let elapsed = end - openedAt
            let rate: Double
            if state.closedAt != nil {
                rate = Double(state.counts.messagesSent + state.counts.messagesReceived) / max(1, elapsed.seconds)
            } else {
                let window = min(Self.rateWindow, max(1, elapsed.seconds))
                let since = now - .milliseconds(Int64(window * 1000))
                rate = Double(state.recent.reversed().prefix { $0 > since }.count) / window
            }
            return Snapshot(
                frames: state.ring.events, frameCount: state.count, counts: state.counts,
                firstMessage: state.firstMessage, elapsed: elapsed, rate: rate, close: state.close,
                file: state.file != nil ? state.path : nil, version: state.version,
                firstEvent: state.firstMessage.map { handshake + $0 },
                maxGap: state.gaps.longest.map(StreamMetrics.duration(seconds:)))
        }
    }

    private static func write(_ frame: WebSocketFrameRecord, to file: FileHandle) {
        try? file.write(contentsOf: Data((frame.jsonObject.serialized() + "\n").utf8))
    }

    /// Seconds the running rate looks back.
    static let rateWindow: Double = 5
}

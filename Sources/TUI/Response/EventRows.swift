import ExplorerCore
import Foundation

/// A stream's events as the Events view shows them: each event's lines (`StreamEvent.displayLines`, the text
/// `apix run` prints) laid end to end, with the core's summary (`EventStream.Snapshot.summary`). Built by the
/// runtime off the main actor from each snapshot, reusing the lines of events it already formatted. A WebSocket
/// session's conversation is shown the same way: one block per frame (`WebSocketFrameRecord.displayLines`), from
/// its transcript's snapshot (`WebSocketTranscript`), pings, pongs and closes dimmed.
package struct EventRows: Sendable, Equatable {
    package struct Line: Sendable, Equatable {
        package var text: String
        /// The event's first line (number, time, type, id).
        package var isHeadline: Bool
        /// A WebSocket control frame (ping, pong, close): drawn dimmed.
        package var isDimmed = false
    }

    struct Event: Sendable, Equatable {
        var number: Int
        var lines: [Line]
    }

    private(set) var events: [Event] = []
    package private(set) var lines: [Line] = []
    package private(set) var summary = ""
    /// Every event so far, those no longer kept included.
    package private(set) var count = 0
    package private(set) var isFinished = false

    package init() {}

    /// These rows brought up to `snapshot`: events the ring let go are dropped, new ones formatted.
    package func updated(with snapshot: EventStream.Snapshot, timeZone: TimeZone = .current) -> EventRows {
        var next = self
        let first = snapshot.events.first?.number ?? Int.max
        next.events.removeAll { $0.number < first }
        let known = next.events.last?.number ?? 0
        for event in snapshot.events where event.number > known {
            let shown = event.displayLines(timeZone: timeZone)
            next.events.append(
                Event(
                    number: event.number,
                    lines: shown.enumerated().map { Line(text: $0.element, isHeadline: $0.offset == 0) }))
        }
        next.lines = next.events.flatMap(\.lines)
        next.summary = snapshot.summary
        next.count = snapshot.count
        next.isFinished = snapshot.endedAt != nil
        return next
    }

    /// These rows brought up to a WebSocket transcript's `snapshot`: frames the ring let go are dropped, new ones
    /// formatted; the summary is the counts, rate, time to the first message and the close.
    package func updated(with snapshot: WebSocketTranscript.Snapshot) -> EventRows {
        var next = self
        let first = snapshot.frames.first?.number ?? Int.max
        next.events.removeAll { $0.number < first }
        let known = next.events.last?.number ?? 0
        for frame in snapshot.frames where frame.number > known {
            let dimmed = frame.kind.isControl
            next.events.append(
                Event(
                    number: frame.number,
                    lines: frame.displayLines.enumerated().map {
                        Line(text: $0.element, isHeadline: $0.offset == 0, isDimmed: dimmed)
                    }))
        }
        next.lines = next.events.flatMap(\.lines)
        next.summary = snapshot.summary
        next.count = snapshot.frameCount
        next.isFinished = snapshot.close != nil
        return next
    }
}

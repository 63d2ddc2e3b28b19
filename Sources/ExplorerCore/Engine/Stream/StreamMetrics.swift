import Foundation

/// What a stream's timing came to (issue 30): how long the first event took, how many came a second, and the
/// longest silence between two of them. For a streamed response (server-sent events, lines, chunks) and for the
/// messages a WebSocket server sent.
public struct StreamMetrics: Sendable, Equatable {
    /// Events received (for WebSocket: the server's text and binary messages).
    public var events: Int
    /// From the start of the request (the attempt that answered, its redirect hops included, as `ttfb` counts
    /// them; for WebSocket the opening handshake's request) to the first event; nil before one came.
    public var firstEvent: Duration?
    /// The longest time between two consecutive events; nil with fewer than two. The time from the last event
    /// to the end is not a gap: the end may be apix's (`--max-events`, Esc, Ctrl-C), not the server's.
    public var maxGap: Duration?
    /// Events a second (`EventStream.rate`: over the whole stream once it ended).
    public var eventsPerSecond: Double

    package init(events: Int, firstEvent: Duration?, maxGap: Duration?, eventsPerSecond: Double) {
        self.events = events
        self.firstEvent = firstEvent
        self.maxGap = maxGap
        self.eventsPerSecond = eventsPerSecond
    }

    /// `first 120 ms · max gap 1.2 s`: the parts known so far, for the summary lines.
    package var summaryParts: [String] {
        var parts: [String] = []
        if let firstEvent { parts.append("first \(Self.short(firstEvent))") }
        if let maxGap { parts.append("max gap \(Self.short(maxGap))") }
        return parts
    }

    /// `{"events":5,"first_event_ms":312.412,"max_gap_ms":301.2,"events_per_s":4.9}` (`null` for what is not
    /// known): what `apix run --json` reports of a stream.
    package var jsonObject: JSONValue {
        func ms(_ duration: Duration?) -> JSONValue {
            duration.map { .number(Units.fixed($0.milliseconds, digits: 3)) } ?? .null
        }
        var members = JSONObject()
        members.append(key: "events", value: .number(String(events)))
        members.append(key: "first_event_ms", value: ms(firstEvent))
        members.append(key: "max_gap_ms", value: ms(maxGap))
        members.append(key: "events_per_s", value: .number(Units.fixed(eventsPerSecond, digits: 3)))
        return .object(members)
    }

    /// `120 ms` (whole milliseconds) below a second, `1.2 s` from there: short, for a line that says much.
    static func short(_ duration: Duration) -> String {
        let ms = duration.milliseconds
        return ms < 1000 ? "\(Int(ms.rounded())) ms" : "\(Units.fixed(ms / 1000, digits: 1)) s"
    }

    /// Seconds as a `Duration` (negative ones as zero: a clock that stepped back).
    static func duration(seconds: Double) -> Duration {
        .microseconds(Int64((max(0, seconds) * 1_000_000).rounded()))
    }
}

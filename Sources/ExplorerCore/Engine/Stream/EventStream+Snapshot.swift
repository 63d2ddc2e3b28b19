import Foundation

extension EventStream {
    /// What a stream held at one moment: the events kept (oldest first), the counts and the rate.
    public struct Snapshot: Sendable, Equatable {
        public var mode: StreamMode
        /// The last `capacity` events, oldest first.
        public var events: [StreamEvent]
        /// Every event so far, those no longer kept included.
        public var count: Int
        /// Body bytes received (decoded).
        public var bytes: Int64
        public var startedAt: Date
        public var endedAt: Date?
        /// The stream was stopped on purpose (Esc, `--max-events`) rather than ended by the server.
        public var stopped: Bool
        package var version: Int
        /// Events a second (`EventStream.rate`).
        package var rate: Double
        /// From the request's start to the first event (`StreamMetrics.firstEvent`).
        package var firstEvent: Duration?
        /// The longest time between two consecutive events (`StreamMetrics.maxGap`).
        package var maxGap: Duration?

        /// The stream's timing as checks and `--json` report it.
        public var metrics: StreamMetrics {
            StreamMetrics(events: count, firstEvent: firstEvent, maxGap: maxGap, eventsPerSecond: rate)
        }

        /// Events that arrived but are no longer kept.
        public var dropped: Int { count - events.count }

        /// `42 events · 3.2/s · 12.1 KiB · first 120 ms · max gap 1.2 s`, then `· last 1000 kept` once older ones
        /// were let go, and `· ended` or `· stopped` at the end: the count both front ends show. The timing parts
        /// come after the older ones, so what a script read of the line stays where it was.
        public var summary: String { summary(withSize: true) }

        /// `summary`, without the size where the response's status line beside it already gives it (`apix run`).
        package func summary(withSize: Bool) -> String {
            var parts = [Units.count(count, "event"), "\(Units.fixed(rate, digits: 1))/s"]
            if withSize { parts.append(Units.bytes(bytes)) }
            parts += metrics.summaryParts
            if dropped > 0 { parts.append("last \(events.count) kept") }
            if endedAt != nil { parts.append(stopped ? "stopped" : "ended") }
            return parts.joined(separator: " · ")
        }
    }
}

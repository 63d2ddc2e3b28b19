/// The timing of events that neither an `EventStream` nor a `WebSocketTranscript` counts as they are: a GraphQL
/// operation's results over WebSocket (`next` messages), which are some of the session's messages and not others
/// (`connection_ack`, `complete`, pongs). Three numbers and a count however long it runs, as `EventGaps`.
package struct StreamMeter: Sendable {
    /// When the exchange's request started (the opening handshake's, as `WebSocketTranscript` counts from it).
    private let start: ContinuousClock.Instant
    private var gaps = EventGaps()
    /// Events recorded.
    package private(set) var count = 0

    /// A meter for a session opened at `openedAt` whose handshake took `handshake`: the time to the first event
    /// counts from the handshake's start, as a stream's counts from its request's.
    package init(openedAt: ContinuousClock.Instant, handshake: Duration) {
        start = openedAt - handshake
    }

    /// One more event, at `time`.
    package mutating func record(at time: ContinuousClock.Instant = .now) {
        count += 1
        gaps.record((time - start).seconds)
    }

    /// The events' metrics once they ended (at `end`): the rate over the whole, never over less than a second
    /// (as `EventStream.rate`).
    package func metrics(endedAt end: ContinuousClock.Instant = .now) -> StreamMetrics {
        StreamMetrics(
            events: count, firstEvent: gaps.first.map(StreamMetrics.duration(seconds:)),
            maxGap: gaps.longest.map(StreamMetrics.duration(seconds:)),
            eventsPerSecond: Double(count) / max(1, (end - start).seconds))
    }
}

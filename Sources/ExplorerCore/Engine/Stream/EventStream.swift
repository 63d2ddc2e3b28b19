import Foundation
import Synchronization

/// The events of one streamed response, as they arrive: the transport feeds it the final response's body bytes
/// (`SendOptions.events`), it cuts them into events (`EventStreamParser`, in the `StreamMode` the response's
/// content type and `stream:` decide) and keeps the last `capacity` of them, with counts and times, for front ends
/// to read at any moment (`snapshot`). Memory stays bounded however long the stream runs.
///
/// `onEvent` sees every event as it is dispatched, on the transport's thread (keep it short): `apix run` prints
/// there, and writes `--events-file`.
public final class EventStream: Sendable {
    /// Events kept for display by default.
    public static let defaultCapacity = 1000

    struct State {
        var parser: EventStreamParser?
        var ring: EventRing<StreamEvent>
        var count = 0
        var bytes: Int64 = 0
        var startedAt: Date?
        var endedAt: Date?
        /// When the request went out (`noteRequestStart`), for the time to the first event.
        var requestStartedAt: Date?
        var gaps = EventGaps()
        var stopRequested = false
        /// Changes with every event, byte count and end, so a front end redraws only when something moved.
        var version = 0
    }

    public let capacity: Int
    /// Stop the transfer after this many events (`--max-events`); the response then ends as a success.
    public let maxEvents: Int?
    private let onEvent: (@Sendable (StreamEvent) -> Void)?
    private let state: Mutex<State>

    public init(
        capacity: Int = EventStream.defaultCapacity, maxEvents: Int? = nil,
        onEvent: (@Sendable (StreamEvent) -> Void)? = nil
    ) {
        self.capacity = max(1, capacity)
        self.maxEvents = maxEvents.map { max(1, $0) }
        self.onEvent = onEvent
        state = Mutex(State(ring: EventRing(capacity: max(1, capacity))))
    }

    /// Called with the final response's head: true when its body is a stream (`StreamMode.of`), which is then
    /// parsed from here on.
    func begin(contentType: String?, forced: Bool, at time: Date = Date()) -> Bool {
        guard let mode = StreamMode.of(contentType: contentType, forced: forced) else {
            // A retried exchange whose earlier answer was a stream (a 401 sent as events) and whose final one is not:
            // nothing of the earlier one stays, and this body is not cut into events.
            state.withLock {
                guard $0.parser != nil else { return }
                var cleared = State(ring: EventRing(capacity: $0.ring.capacity))
                cleared.version = $0.version + 1
                $0 = cleared
            }
            return false
        }
        state.withLock {
            // A retried exchange (a 401 that was itself a stream) starts over: its counts are this answer's alone.
            let capacity = $0.ring.capacity
            $0.ring = EventRing(capacity: capacity)
            $0.count = 0
            $0.bytes = 0
            $0.endedAt = nil
            $0.gaps = EventGaps()
            $0.parser = EventStreamParser(mode: mode)
            $0.startedAt = time
            $0.version += 1
        }
        return true
    }

    /// The next bytes of the body; false once the stream should stop (`maxEvents` reached, or `requestStop`).
    func receive(_ bytes: UnsafeRawBufferPointer, at time: Date = Date()) -> Bool {
        let (events, goOn) = state.withLock { state -> ([StreamEvent], Bool) in
            // Fed in place (through the optional), so its buffers are not copied.
            guard let parsed = state.parser?.feed(bytes) else { return ([], true) }
            state.bytes += Int64(bytes.count)
            state.version += 1
            let events = Self.number(parsed, in: &state, at: time, limit: maxEvents)
            if let maxEvents, state.count >= maxEvents { state.stopRequested = true }
            return (events, !state.stopRequested)
        }
        for event in events { onEvent?(event) }
        return goOn
    }

    /// The body ended (or was stopped): a last line of a line stream counts, an unfinished server-sent event not.
    func finish(at time: Date = Date()) {
        let events = state.withLock { state -> [StreamEvent] in
            guard state.parser != nil, state.endedAt == nil else { return [] }
            let parsed = state.stopRequested ? [] : state.parser?.finish() ?? []
            state.endedAt = time
            state.version += 1
            return Self.number(parsed, in: &state, at: time, limit: maxEvents)
        }
        for event in events { onEvent?(event) }
    }

    /// A new attempt of the exchange begins (the client's retry after a 401): its first hop's start is the one
    /// the time to the first event counts from, as `ttfb` counts from it.
    func startAttempt() {
        state.withLock { $0.requestStartedAt = nil }
    }

    /// A request of the exchange goes out (once it has its slot: the wait for one is not the server's time). The
    /// first since `startAttempt` counts, so redirect hops are part of the time to the first event.
    func noteRequestStart(at time: Date = Date()) {
        state.withLock { state in
            if state.requestStartedAt == nil { state.requestStartedAt = time }
        }
    }

    /// Asks the transfer to end, keeping what arrived (the TUI's Esc on a stream: `Transfer.stopStream`).
    func requestStop() {
        state.withLock { $0.stopRequested = true }
    }

    /// Whether the stream was asked to stop (by the user or `maxEvents`), so its end is not a failure.
    var stopRequested: Bool { state.withLock { $0.stopRequested } }

    /// Whether the response turned out to be a stream.
    public var isStream: Bool { state.withLock { $0.parser != nil } }

    /// Changes whenever an event, byte or the end arrives.
    package var version: Int { state.withLock { $0.version } }

    /// What arrived so far, with the rate at `now`; nil when the response is not a stream (or not there yet).
    public func snapshot(now: Date = Date()) -> Snapshot? {
        state.withLock { state in
            guard let parser = state.parser, let startedAt = state.startedAt else { return nil }
            let events = state.ring.events
            return Snapshot(
                mode: parser.mode, events: events, count: state.count, bytes: state.bytes, startedAt: startedAt,
                endedAt: state.endedAt, stopped: state.stopRequested, version: state.version,
                rate: Self.rate(of: events, startedAt: startedAt, endedAt: state.endedAt, count: state.count, now: now),
                firstEvent: Self.firstEvent(state), maxGap: state.gaps.longest.map(StreamMetrics.duration(seconds:)))
        }
    }

    /// The stream's metrics at `now` (`snapshot`'s, without copying the events); nil when it is not a stream.
    package func metrics(now: Date = Date()) -> StreamMetrics? {
        state.withLock { state in
            guard state.parser != nil, let startedAt = state.startedAt else { return nil }
            let rate = Self.rate(
                of: state.endedAt == nil ? state.ring.events : [], startedAt: startedAt, endedAt: state.endedAt,
                count: state.count, now: now)
            return StreamMetrics(
                events: state.count, firstEvent: Self.firstEvent(state),
                maxGap: state.gaps.longest.map(StreamMetrics.duration(seconds:)), eventsPerSecond: rate)
        }
    }

    /// From the request's start (the answer's head when no transport said when it went) to the first event.
    private static func firstEvent(_ state: State) -> Duration? {
        guard let first = state.gaps.first, let origin = state.requestStartedAt ?? state.startedAt else { return nil }
        return StreamMetrics.duration(seconds: first - origin.timeIntervalSinceReferenceDate)
    }

    private static func number(
        _ parsed: [EventStreamParser.Parsed], in state: inout State, at time: Date, limit: Int?
    ) -> [StreamEvent] {
        var events: [StreamEvent] = []
        for item in parsed {
            if let limit, state.count >= limit { break }
            state.count += 1
            state.gaps.record(time.timeIntervalSinceReferenceDate)
            let event = StreamEvent(
                number: state.count, time: time, type: item.type, id: item.id, data: item.data, retry: item.retry)
            state.ring.append(event)
            events.append(event)
        }
        return events
    }

    /// Events a second: over the last `rateWindow` seconds while the stream runs (over its life when shorter),
    /// over its whole life once it ended. Never over less than a second: a burst of 20 events in a millisecond
    /// is 20 events in that second, not 20,000 a second.
    static func rate(of events: [StreamEvent], startedAt: Date, endedAt: Date?, count: Int, now: Date) -> Double {
        if let endedAt {
            return Double(count) / max(1, endedAt.timeIntervalSince(startedAt))
        }
        let window = min(rateWindow, max(1, now.timeIntervalSince(startedAt)))
        let since = now.addingTimeInterval(-window)
        let recent = events.reversed().prefix { $0.time > since }.count
        return Double(recent) / window
    }

    /// Seconds the running rate looks back.
    static let rateWindow: TimeInterval = 5
}

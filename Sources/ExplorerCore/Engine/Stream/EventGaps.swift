/// The times of a stream's events as far as its metrics need them: the first, the last, and the longest gap
/// between two in a row. Three numbers however long the stream runs: no event's time is kept.
///
/// Times are seconds on any one clock (`EventStream` gives dates, `WebSocketTranscript` offsets from the open).
struct EventGaps: Sendable, Equatable {
    private(set) var first: Double?
    private(set) var last: Double?
    /// The longest time between two consecutive events; nil before the second.
    private(set) var longest: Double?

    /// One more event, at `time` (never earlier than the last: a clock that steps back counts a gap of 0).
    mutating func record(_ time: Double) {
        if let last {
            longest = max(longest ?? 0, max(0, time - last))
        } else {
            first = time
        }
        last = time
    }
}

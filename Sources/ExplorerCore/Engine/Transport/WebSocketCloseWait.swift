/// How long apix waits for the server's close after sending its own (RFC 6455 §7.1.1), and after both closes for
/// the server to end TCP: until the server has been silent for `silence`, and never past `ceiling` from the start.
/// Silence, not time since the close, because frames the server sent before its close (a flood of pings, a slow
/// last message) still arrive after apix's close and are no unanswered close.
struct WebSocketCloseWait {
    let silence: Duration
    let ceiling: Duration
    private var started: UInt64?
    /// Whether the wait reached the ceiling because the server kept talking.
    private var capped = false
    /// When the wait ends, in monotonic nanoseconds (nil before it starts).
    private(set) var deadline: UInt64?

    init(silence: Duration, ceiling: Duration) {
        self.silence = silence
        self.ceiling = max(silence, ceiling)
    }

    /// The settings' bounds (5 s of silence, 30 s in all), each cut to the exchange's `timeout` when that is
    /// shorter: who asked for 2 s on an exchange is not kept 5 s by a server that does not answer.
    init(_ settings: WebSocketSettings, timeout: Duration?) {
        guard let timeout, timeout > .zero else {
            self.init(silence: settings.closeTimeout, ceiling: settings.closeCeiling)
            return
        }
        self.init(silence: min(timeout, settings.closeTimeout), ceiling: min(timeout, settings.closeCeiling))
    }

    /// The close went out (or the session otherwise left `.open`) at `now`; later calls change nothing.
    mutating func start(at now: UInt64) {
        guard started == nil else { return }
        started = now
        deadline = now + Self.nanos(silence)
    }

    /// The server sent bytes at `now`: the wait starts again, up to the ceiling.
    mutating func heard(at now: UInt64) {
        guard let started else { return }
        let end = started + Self.nanos(ceiling)
        capped = now + Self.nanos(silence) >= end
        deadline = min(now + Self.nanos(silence), end)
    }

    func isOver(at now: UInt64) -> Bool { deadline.map { now >= $0 } ?? false }

    /// Why the wait ended without the server's close: its silence, or its talking past the ceiling.
    var failure: String {
        guard capped else { return "the server did not answer the close within \(Units.plainSeconds(silence)) s" }
        return "the server kept sending for \(Units.plainSeconds(ceiling)) s without answering the close"
    }

    private static func nanos(_ duration: Duration) -> UInt64 { UInt64(max(0, duration.milliseconds)) * 1_000_000 }
}

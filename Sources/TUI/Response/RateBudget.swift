import ExplorerCore

/// An endpoint's last request budget (`RateLimit`: remaining, limit, reset, retry-after) and when its answer
/// arrived, for the status bar: `budget 7/10 · resets in 42 s`, counting down while it is shown.
struct RateBudget: Equatable, Sendable {
    var limit: RateLimit
    /// When the answer arrived (`Moment.uptime`).
    var receivedAt: Double

    /// The budget `now` (an uptime) as the status bar shows it; nil once its window has reset (what was left of it
    /// no longer holds).
    func summary(now: Double) -> String? {
        let elapsed = Duration.seconds(max(0, now - receivedAt))
        if let reset = limit.reset, elapsed >= reset { return nil }
        var current = limit
        if let retryAfter = current.retryAfter, elapsed >= retryAfter { current.retryAfter = nil }
        let text = current.summary(elapsed: elapsed)
        return text.isEmpty ? nil : text
    }

    /// Whether a countdown in it is still running at `now`, so the bar is redrawn as it goes down.
    func isCountingDown(now: Double) -> Bool {
        let elapsed = Duration.seconds(max(0, now - receivedAt))
        return [limit.reset, limit.retryAfter].contains { $0.map { elapsed < $0 } ?? false }
    }
}

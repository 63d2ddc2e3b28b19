/// Limits on automatic token refreshes: at most `maxRefreshes` within `window`. A server that answers 401 to
/// every fresh token would otherwise make each request refresh again; past the limit requests fail instead.
/// Explicit refreshes (`apix auth refresh`, the TUI's key) are not counted.
package struct RefreshPolicy: Sendable, Hashable {
    var maxRefreshes: Int
    package var window: Duration

    /// Five refreshes in 30 seconds, as Alamofire's authentication interceptor allows by default.
    package init(maxRefreshes: Int = 5, window: Duration = .seconds(30)) {
        self.maxRefreshes = maxRefreshes
        self.window = window
    }
}

/// The automatic refreshes of the current window. Pure: the caller passes the time.
struct RefreshWindow: Sendable {
    let policy: RefreshPolicy
    private(set) var recent: [ContinuousClock.Instant] = []

    init(policy: RefreshPolicy) {
        self.policy = policy
    }

    /// Records a refresh at `now` and returns true, or returns false (recording nothing) when the window is full.
    mutating func admit(at now: ContinuousClock.Instant) -> Bool {
        recent.removeAll { now - $0 >= policy.window }
        guard recent.count < policy.maxRefreshes else { return false }
        recent.append(now)
        return true
    }
}

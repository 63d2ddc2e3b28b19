/// How many requests may run at once, per lane and per host within a lane.
public struct SchedulerLimits: Sendable, Equatable {
    /// Requests of one lane running at once.
    var concurrency: Int
    /// Requests of one lane running at once against one host (scheme, host and port).
    var perHost: Int

    public init(concurrency: Int, perHost: Int) {
        precondition(concurrency > 0 && perHost > 0, "scheduler limits must be positive")
        self.concurrency = concurrency
        self.perHost = perHost
    }

    /// 6 at once, 6 per host: what browsers allow per host, so small requests rarely wait.
    public static let interactive = SchedulerLimits(concurrency: 6, perHost: 6)
    /// 2 at once, 2 per host: big transfers share the link instead of splitting it many ways.
    public static let transfer = SchedulerLimits(concurrency: 2, perHost: 2)
}

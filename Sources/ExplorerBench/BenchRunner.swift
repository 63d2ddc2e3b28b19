import ExplorerCore

/// Sends one exchange again and again through the client every send uses (its scheduler, interceptor, redirects
/// and libcurl's connection reuse), `settings.connections` at a time, and records each answer's phases in a
/// `BenchRecorder`. Every loop is bounded: by the count, by the duration, or by the caller cancelling (the figures
/// so far are the result).
public enum BenchRunner {
    /// A client whose lanes let `connections` requests to one host run at once (a send's client allows 6), on the
    /// load transport (a libcurl loop per processor, `CurlTransport.load`).
    public static func client(connections: Int) -> Client {
        let limits = SchedulerLimits(concurrency: connections, perHost: connections)
        return Client(transport: CurlTransport.load, scheduler: RequestScheduler(interactive: limits, transfer: limits))
    }

    /// Runs the bench of `plan` and returns its figures; `progress` gets a snapshot every `interval` until the end.
    ///
    /// Without a rate the requests go in bursts (`Client.burst`: each connection's handle re-sent by libcurl's loop
    /// as soon as its answer is recorded, the per-request cost of a load tool); at a rate, or when a burst meets
    /// what only the whole pipeline can finish for good (a redirect to follow, a 401 a refresh does not cure), each
    /// request is a `Client.send` of its own worker task.
    public static func run(
        _ plan: ExchangePlan, settings: BenchSettings, client: Client, sessions: AuthSessions = .shared,
        interval: Duration = .milliseconds(250), progress: @escaping @Sendable (BenchSnapshot) -> Void = { _ in },
        said: @escaping @Sendable (String) -> Void = { _ in }
    ) async -> BenchSnapshot {
        let run = Run(
            plan: plan, options: await plan.sendOptions(sessions: sessions), settings: settings, client: client,
            recorder: BenchRecorder(), said: said, checks: RepeatedChecks(plan))
        let reporter = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                progress(run.recorder.snapshot())
            }
        }
        let over = settings.rate == nil ? await run.bursts() : false
        if !over { await run.requestByRequest() }
        reporter.cancel()
        return run.recorder.snapshot()
    }

    /// Until when a worker holds its next request: the pause a `Retry-After` asked for, cut at the end of a run
    /// that has a duration; nil when none is on.
    static func hold(
        _ recorder: BenchRecorder, settings: BenchSettings, start: ContinuousClock.Instant
    ) -> ContinuousClock.Instant? {
        guard var until = recorder.pausedUntil() else { return nil }
        if case .duration(let duration) = settings.stop { until = min(until, start + duration) }
        return until
    }

    /// When request number `ticket` is due: at once without a rate, else `ticket / rate` seconds after the start;
    /// nil when the run sends no more (its count reached, or due after its duration).
    static func due(_ ticket: Int, settings: BenchSettings, start: ContinuousClock.Instant) -> ContinuousClock.Instant?
    {
        let now = ContinuousClock.now
        let due = settings.rate.map { start + .seconds(Double(ticket) / $0) } ?? now
        switch settings.stop {
        case .count(let count): return ticket < count ? due : nil
        case .duration(let duration):
            // At a rate, every request due within the duration goes, however late a busy machine picks it up (its
            // total counts from when it was due; the count is bounded by rate × duration); without one, none starts
            // after the duration.
            guard settings.rate == nil else { return due - start < duration ? due : nil }
            return now - start < duration ? due : nil
        }
    }
}

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
    public static func run(
        _ plan: ExchangePlan, settings: BenchSettings, client: Client, sessions: AuthSessions = .shared,
        interval: Duration = .milliseconds(250), progress: @escaping @Sendable (BenchSnapshot) -> Void = { _ in },
        said: @escaping @Sendable (String) -> Void = { _ in }
    ) async -> BenchSnapshot {
        let options = await plan.sendOptions(sessions: sessions)
        let recorder = BenchRecorder()
        let start = recorder.started
        let policy = RetryAfterPolicy(retries: 1, longestWait: settings.longestRetryAfter)
        await withTaskGroup(of: Void.self) { group in
            let reporter = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    if Task.isCancelled { break }
                    progress(recorder.snapshot())
                }
            }
            // Each worker runs on one of the transport's loop threads, in turn: handing a request to libcurl and
            // taking its answer back cross no thread (each hop was a wake-up and a context switch; on two cores
            // shared with the server that was a third of the run's time), and the loops share the processors.
            let executors = client.loopExecutors
            for worker in 0..<settings.connections {
                let executor = executors.isEmpty ? nil : executors[worker % executors.count]
                group.addTask(executorPreference: executor) {
                    while !Task.isCancelled {
                        // A pause is waited out before the next request is numbered: without a rate its total
                        // then starts after the pause (the server asked for it; no request was waiting on it),
                        // at a rate the requests due meanwhile still count from when they were due.
                        if let until = Self.hold(recorder, settings: settings, start: start) {
                            try? await Task.sleep(until: until, clock: .continuous)
                        }
                        let ticket = recorder.nextTicket()
                        guard let due = Self.due(ticket, settings: settings, start: start) else { break }
                        if due > .now { try? await Task.sleep(until: due, clock: .continuous) }
                        if settings.rate != nil, let until = Self.hold(recorder, settings: settings, start: start) {
                            try? await Task.sleep(until: until, clock: .continuous)
                        }
                        if Task.isCancelled { break }
                        let result = await client.send(plan.request.prepared(), options: options)
                        // A request cut short by the user's stop is not a failure of the server's.
                        if Task.isCancelled, case .failure(let error) = result, error.isCancelled { break }
                        let ended = ContinuousClock.now
                        recorder.record(result, due: due, ended: ended)
                        if case .success(let response) = result,
                            case .retry(let wait) = policy.decision(after: response, retry: 0),
                            recorder.pause(for: wait, at: ended)
                        {
                            said(
                                "answered \(response.statusCode) with Retry-After: pausing the run "
                                    + "\(Units.plainSeconds(wait)) s")
                        }
                    }
                }
            }
            await group.waitForAll()
            reporter.cancel()
        }
        return recorder.snapshot()
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

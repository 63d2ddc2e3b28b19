import ExplorerCore
import Synchronization

extension BenchRunner {
    /// One bench run's parts, shared by its two ways of sending.
    struct Run: Sendable {
        let plan: ExchangePlan
        let options: SendOptions
        let settings: BenchSettings
        let client: Client
        let recorder: BenchRecorder
        let said: @Sendable (String) -> Void
        /// The endpoint's `expect:`, checked on every answer (nil without one).
        let checks: RepeatedChecks?

        /// Records `result`, and its checks when it is an answer.
        func record(
            _ result: Result<Response, ClientError>, due: ContinuousClock.Instant, ended: ContinuousClock.Instant
        ) {
            recorder.record(result, due: due, ended: ended)
            if let checks, case .success(let response) = result {
                recorder.recordChecks(failing: checks.failures(of: response))
            }
        }

        var start: ContinuousClock.Instant { recorder.started }
        var policy: RetryAfterPolicy { RetryAfterPolicy(retries: 1, longestWait: settings.longestRetryAfter) }

        /// Sends in bursts until the run is over (true) or the rest must go request by request (false).
        func bursts() async -> Bool {
            let request = plan.request.prepared()
            while !Task.isCancelled {
                if let until = BenchRunner.hold(recorder, settings: settings, start: start) {
                    try? await Task.sleep(until: until, clock: .continuous)
                }
                let end = await client.burst(
                    request, options: options, connections: settings.connections,
                    next: { [self] in BenchRunner.due(recorder.nextTicket(), settings: settings, start: start) != nil },
                    answered: { [self] result in answered(result.mapError(ClientError.transport)) })
                guard let end else { return false }
                if end.cancelled || Task.isCancelled { return true }
                if end.handedOff > 0 {
                    // Requests already numbered: each goes through the whole pipeline (a refresh, the redirects).
                    guard await sendHandedOff(end.handedOff, request: request) else { return false }
                    continue
                }
                if end.failure != nil { return false }
                // A burst that stopped for a pause goes on after it; one that ran out of requests is the end.
                guard recorder.pausedUntil() != nil else { return true }
            }
            return true
        }

        /// Records one burst answer; a `Retry-After` pauses the run and ends the burst.
        private func answered(_ result: Result<Response, ClientError>) -> BurstDecision {
            let ended = ContinuousClock.now
            record(result, due: ended, ended: ended)
            return pauses(after: result, at: ended) ? .stop : .again
        }

        /// Whether `result` asks for a pause (429 or 503 with `Retry-After`); starts it, said once.
        private func pauses(after result: Result<Response, ClientError>, at ended: ContinuousClock.Instant) -> Bool {
            guard case .success(let response) = result,
                case .retry(let wait) = policy.decision(after: response, retry: 0)
            else { return false }
            if recorder.pause(for: wait, at: ended) {
                said(
                    "answered \(response.statusCode) with Retry-After: pausing the run \(Units.plainSeconds(wait)) s")
            }
            return true
        }

        /// Sends `count` handed-off requests through `Client.send`, recorded as any; false when their answers show
        /// bursts cannot go on (the pipeline still ends on a 401 or a redirect).
        private func sendHandedOff(_ count: Int, request: PreparedRequest) async -> Bool {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<count {
                    group.addTask { [self] in
                        let result = await client.send(request, options: options)
                        let ended = ContinuousClock.now
                        record(result, due: ended, ended: ended)
                        _ = pauses(after: result, at: ended)
                        guard case .success(let response) = result else { return true }
                        return !Client.needsPipeline(response, request: request, options: options)
                    }
                }
                return await group.reduce(true) { $0 && $1 }
            }
        }

        /// The rest of the run, each request its own `Client.send`, `settings.connections` workers at once.
        func requestByRequest() async {
            await withTaskGroup(of: Void.self) { group in
                // Each worker runs on one of the transport's loop threads, in turn: handing a request to libcurl and
                // taking its answer back cross no thread, and the loops share the processors.
                let executors = client.loopExecutors
                for worker in 0..<settings.connections {
                    let executor = executors.isEmpty ? nil : executors[worker % executors.count]
                    group.addTask(executorPreference: executor) { [self] in await work() }
                }
            }
        }

        /// One worker: request after request until the run is over.
        private func work() async {
            while !Task.isCancelled {
                // A pause is waited out before the next request is numbered: without a rate its total then starts
                // after the pause (the server asked for it; no request was waiting on it), at a rate the requests due
                // meanwhile still count from when they were due.
                if let until = BenchRunner.hold(recorder, settings: settings, start: start) {
                    try? await Task.sleep(until: until, clock: .continuous)
                }
                let ticket = recorder.nextTicket()
                guard let due = BenchRunner.due(ticket, settings: settings, start: start) else { break }
                if due > .now { try? await Task.sleep(until: due, clock: .continuous) }
                if settings.rate != nil, let until = BenchRunner.hold(recorder, settings: settings, start: start) {
                    try? await Task.sleep(until: until, clock: .continuous)
                }
                if Task.isCancelled { break }
                let result = await client.send(plan.request.prepared(), options: options)
                // A request cut short by the user's stop is not a failure of the server's.
                if Task.isCancelled, case .failure(let error) = result, error.isCancelled { break }
                let ended = ContinuousClock.now
                record(result, due: due, ended: ended)
                _ = pauses(after: result, at: ended)
            }
        }
    }
}

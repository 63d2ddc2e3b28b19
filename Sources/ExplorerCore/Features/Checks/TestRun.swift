import Foundation

/// Runs many endpoints of a profile as `apix test` does: in profile order, each after the chosen endpoints whose
/// values it uses, at most `parallel` in flight, the endpoints they need but that were not chosen sent first.
///
/// One loop owns the captured values: sends run concurrently, but their results are taken in (captures, checks)
/// one at a time, and an endpoint that still needs a prerequisite waits until nothing else is in flight, so two
/// endpoints never log in twice at once.
package struct TestRun: Sendable {
    /// What a run gave: every step in the order it ended, the chosen endpoints not sent, and why it stopped early.
    package struct Outcome: Sendable {
        package var steps: [ChainStep] = []
        /// Chosen endpoints not sent (after `--fail-fast` stopped the run, or a prerequisite failed).
        package var skipped: [String] = []
        /// Why the run stopped before every endpoint was sent, if it did.
        package var stopped: String?
        /// Things the user should know that did not fail a check: the captures file could not be read or written.
        package var warnings: [String] = []

        package init() {}
    }

    let runner: ChainRunner
    let send: ChainRunner.Send
    let endpoints: [Endpoint]
    let parallel: Int
    let failFast: Bool
    let report: @Sendable (ChainStep) -> Void

    package init(
        runner: ChainRunner, send: @escaping ChainRunner.Send, endpoints: [Endpoint], parallel: Int, failFast: Bool,
        report: @escaping @Sendable (ChainStep) -> Void
    ) {
        self.runner = runner
        self.send = send
        self.endpoints = endpoints
        self.parallel = max(1, parallel)
        self.failFast = failFast
        self.report = report
    }

    package func run(now: @escaping @Sendable () -> Date = { Date() }) async -> Outcome {
        var outcome = Outcome()
        var (held, warning) = runner.heldValues()
        if let warning { outcome.warnings.append(warning) }
        let chosen = Set(endpoints.map(\.id))
        // The chosen endpoints each one waits for: those it uses (by reference or `uses:`).
        var waitsFor: [String: Set<String>] = [:]
        for endpoint in endpoints {
            var sources = Set(ChainPlanner.references(of: endpoint, in: runner.profile).map(\.source))
            sources.formUnion(endpoint.uses.map(\.endpointID))
            sources.remove(endpoint.id)
            waitsFor[endpoint.id] = sources.intersection(chosen)
        }
        var pending = endpoints
        var done: Set<String> = []
        var failed = false
        await withTaskGroup(of: (Endpoint, Result<Response, ClientError>).self) { group in
            var inFlight = 0
            while !pending.isEmpty || inFlight > 0 {
                var index = 0
                while index < pending.count, inFlight < parallel, !(failFast && failed) {
                    let endpoint = pending[index]
                    guard waitsFor[endpoint.id, default: []].isSubset(of: done) else {
                        index += 1
                        continue
                    }
                    // Not sent, and why: a value it uses is not held and nothing says to fetch it (as `apix run`
                    // says it, not as the request that could not be built), or what it needed first failed.
                    func fail(_ why: String) {
                        let step = ChainStep(
                            endpointID: endpoint.id, isPrerequisite: false,
                            result: .failure(ClientError(.transport(TransportError(.other, why)))))
                        report(step)
                        outcome.steps.append(step)
                        done.insert(endpoint.id)
                        failed = true
                        pending.remove(at: index)
                    }
                    let needsFirst: [String]
                    do throws(ChainError) {
                        needsFirst = try ChainPlanner.prerequisites(
                            of: endpoint, in: runner.profile, held: held, now: now())
                    } catch {
                        fail(error.description)
                        continue
                    }
                    if !needsFirst.isEmpty {
                        guard inFlight == 0 else { break }
                        do throws(ChainRunner.Failure) {
                            let steps = try await runner.sendPrerequisites(
                                of: endpoint, held: &held, now: now, send: send)
                            for step in steps { report(step) }
                            outcome.steps += steps
                        } catch {
                            fail(error.description)
                            continue
                        }
                    }
                    pending.remove(at: index)
                    let snapshot = held
                    inFlight += 1
                    group.addTask { (endpoint, await send(endpoint, snapshot)) }
                }
                if failFast && failed && inFlight == 0 { break }
                guard inFlight > 0 else {
                    // Nothing could start: what is left waits for an endpoint that will never be sent.
                    if !pending.isEmpty {
                        outcome.stopped =
                            "endpoints wait for each other: " + pending.map { "`\($0.id)`" }.joined(separator: ", ")
                    }
                    break
                }
                guard let (endpoint, result) = await group.next() else { break }
                inFlight -= 1
                let step = runner.conclude(endpoint, result: result, held: &held, now: now())
                report(step)
                outcome.steps.append(step)
                done.insert(endpoint.id)
                if !step.passed { failed = true }
            }
        }
        outcome.skipped = pending.map(\.id)
        outcome.warnings += Set(outcome.steps.compactMap(\.storeWarning)).sorted()
        if failFast && failed && !pending.isEmpty {
            outcome.stopped = "stopped at the first failure (--fail-fast)"
        }
        return outcome
    }
}

import ExplorerCore

/// Chains in the explorer: values captured from one answer fill the next request (`{{endpoint.name}}`), an
/// endpoint sends what it uses first (`uses:`), and every answer's `expect:` checks are shown. The decisions are
/// the core's (`ChainPlanner`, `ChainRunner.conclude`); this only sequences the sends and words the outcome.
extension AppState {
    /// Reads the held values of the selected profile's environment once (→ `.capturesLoaded`).
    /// Runs after every action, so the profile's endpoints are looked through once per profile and environment.
    mutating func loadSelectedCaptures() -> [Effect] {
        guard let profile = selectedProfile else { return [] }
        let key = ProfileEnvironmentKey(profile: profile.id, environment: environmentName(for: profile))
        guard capturesRequested.insert(key).inserted,
            profile.endpoints.contains(where: { !$0.captures.isEmpty })
        else { return [] }
        return [.loadCaptures(key)]
    }

    /// When `key`'s endpoint needs values it does not hold, sends the first endpoint that gives them and returns
    /// the effects; nil when the endpoint can be sent now. A value nothing says how to fetch is an error message.
    mutating func startChain(for key: EndpointKey, profile: Profile) -> [Effect]? {
        guard let stored = profile.endpoint(key.endpoint) else { return nil }
        let endpoint = draft(for: key)?.endpoint(from: stored) ?? stored
        let auth = ProfileEnvironmentKey(profile: profile.id, environment: environmentName(for: profile))
        let order: [String]
        do {
            order = try ChainPlanner.prerequisites(
                of: endpoint, in: profile, held: captured[auth] ?? [:], now: now.date)
        } catch {
            message = StatusMessage(error.description, isError: true)
            return []
        }
        guard let first = order.first else { return nil }
        let steps = order.map { EndpointKey(profile: profile.id, endpoint: $0) }
        pendingChain = PendingChain(target: key, queue: Array(steps.dropFirst()), sending: steps[0])
        message = StatusMessage("sending `\(first)` first: `\(key.endpoint)` uses its values")
        return send(steps[0], chained: false)
    }

    /// Keeps what an answer captured, shows its checks, and sends the next step of a chain waiting for it.
    mutating func concludeChain(_ id: Int, _ auth: ProfileEnvironmentKey, _ step: ChainStep) -> [Effect] {
        var held = (captured[auth] ?? [:]).filter { $0.value.endpointID != step.endpointID }
        for value in step.captured { held[value.reference] = value }
        captured[auth] = held
        capturesRevision += 1
        exchanges[id]?.checks = step.checks
        exchanges[id]?.schema = step.schema
        exchanges[id]?.graphQLErrors = step.graphQLErrors
        // The list's ✓/✗: the checks and the declared schema together.
        if let key = exchanges[id]?.key, !step.checks.isEmpty || step.schema != nil {
            lastChecks[key] = step.checks.allSatisfy(\.passed) && step.schema?.isValid != false
        }
        if !step.checks.isEmpty {
            let failed = step.checks.filter { !$0.passed }
            let summary = CheckResult.summary(step.checks)
            message =
                failed.isEmpty
                ? StatusMessage(summary)
                : StatusMessage(summary + ": " + failed.map(\.description).joined(separator: "; "), isError: true)
        }
        if let warning = step.storeWarning { message = StatusMessage("warning: \(warning)", isError: true) }
        guard var chain = pendingChain, chain.current == id else { return [] }
        var problem: String?
        if case .success(let response) = step.result, response.statusCode >= 400 {
            problem = "answered \(SafeText.escape(response.statusLine))"
        } else if !step.captureFailures.isEmpty {
            problem = "gave no " + step.captureFailures.joined(separator: "; ")
        }
        if let problem {
            pendingChain = nil
            message = StatusMessage(
                "`\(chain.target.endpoint)` needs values from `\(step.endpointID)`, which was sent first and \(problem)",
                isError: true)
            return []
        }
        guard !chain.queue.isEmpty else {
            pendingChain = nil
            return send(chain.target, chained: false)
        }
        chain.sending = chain.queue.removeFirst()
        chain.current = nil
        pendingChain = chain
        return send(chain.sending, chained: false)
    }
}

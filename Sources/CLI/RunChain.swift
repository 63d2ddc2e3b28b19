import ExplorerCore

/// `apix run`'s part in chains: the values held for the endpoint, and what its answer gives (captures kept,
/// checks run) once it came.
struct RunChain {
    let runner: ChainRunner?
    let endpoint: Endpoint?
    var held: [String: CapturedValue]

    /// Whether the endpoint takes part in a chain or has checks: only then are captured values read and kept.
    static func isChained(_ endpoint: Endpoint, in profile: Profile) -> Bool {
        !endpoint.captures.isEmpty || endpoint.expectation != nil || !endpoint.uses.isEmpty
            || !ChainPlanner.references(of: endpoint, in: profile).isEmpty
    }

    /// Captures and checks of the endpoint's own answer; nil when it takes part in no chain.
    func conclude(_ result: Result<Response, ClientError>) -> ChainStep? {
        guard let runner, let endpoint else { return nil }
        var held = held
        return runner.conclude(endpoint, result: result, held: &held)
    }

    /// Failed checks, schema violations (a line each) and missing captures on stderr (`--json` carries the checks
    /// and the schema in its document instead).
    static func report(_ step: ChainStep, json: Bool) {
        for failure in step.captureFailures { StandardError.writeLine("apix: warning: no value captured: \(failure)") }
        if let warning = step.storeWarning { StandardError.writeLine("apix: warning: \(warning)") }
        guard !json else { return }
        for line in step.schema?.lines ?? [] { StandardError.writeLine("apix: \(line)") }
        for check in step.checks where !check.passed { StandardError.writeLine("apix: check failed: \(check)") }
    }
}

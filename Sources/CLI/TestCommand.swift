import ArgumentParser
import ExplorerCore
import Foundation

/// `apix test PROFILE [ENDPOINT|FOLDER]...`: sends the chosen endpoints (by default every one with `expect:`) in
/// profile order, each after the endpoints whose values it uses, and reports their checks.
///
/// Exit statuses: 0 when every endpoint answered and every check passed, 1 when one did not, 2 for usage errors,
/// 3 for profile errors.
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Send a profile's endpoints and check their responses (expect:).")

    @Argument(help: "Profile id (its file name without .yaml).", completion: Completions.profile) var profile: String
    @Argument(
        help: "Endpoint ids or folder names (default: every endpoint with expect:).", completion: Completions.endpoint)
    var selection: [String] = []
    @Option(
        name: [.customShort("e"), .customLong("env")], help: "Environment (default: the profile's).",
        completion: Completions.environment)
    var environment: String?
    @Option(help: ArgumentHelp("At most N requests in flight.", valueName: "N")) var parallel = 1
    @Option(help: ArgumentHelp("Write a JUnit XML report to FILE.", valueName: "FILE")) var junit: String?
    @Flag(help: "Print one JSON object describing every result.") var json = false
    @Flag(help: "Stop at the first endpoint that fails.") var failFast = false
    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Send the chosen endpoints N times, one round after another, and report each endpoint's p50, p90, "
                + "p99 and max of dns, connect, tls, ttfb and total.",
            valueName: "N"))
    var rounds = 1
    @Option(name: .customLong("var"), help: ArgumentHelp("Variable for {{name}}.", valueName: "name=value"))
    var variables: [String] = []
    @Option(
        help: ArgumentHelp(
            "Give up on each request after SECONDS (0: no limit); a WebSocket session may last that long (default 30).",
            valueName: "SECONDS"))
    var timeout: Double?
    @Option(
        name: .customLong("max-body"),
        help: ArgumentHelp(
            "Keep at most SIZE of each body (default 1GiB, the profile's `max_body:`; 0: no limit); past it that "
                + "request fails.",
            valueName: "SIZE"))
    var maxBody: String?
    @Option(
        name: .customLong("max-body-ratio"),
        help: ArgumentHelp(
            "Stop a body that grows past N times its size on the wire as it is decoded (default 1000, the "
                + "profile's `max_body_ratio:`; 0: no limit): a decompression bomb, exit 62.",
            valueName: "N"))
    var maxBodyRatio: Int?
    @Option(
        name: .customLong("rate-limit-retries"),
        help: ArgumentHelp(
            "Send an endpoint again, up to N times, when it answers 429 or 503 with Retry-After, after the wait it "
                + "asks (0: never).",
            valueName: "N"))
    var rateLimitRetries = 3
    @Option(
        name: .customLong("rate-limit-wait"),
        help: ArgumentHelp(
            "The longest Retry-After waited for; a longer one leaves the answer as it is.",
            valueName: "SECONDS"))
    var rateLimitWait = 60.0
    @Option(
        name: .customLong("max-events"),
        help: ArgumentHelp(
            "Stop each streamed answer (server-sent events, `stream: true`) after N events, each WebSocket session "
                + "after N messages received (a GraphQL operation's: results), as a success, and check it then: a "
                + "stream the server never ends needs it.",
            valueName: "N"))
    var maxEvents: Int?
    @Flag(help: "Skip TLS certificate verification.") var insecure = false
    @Flag(name: .customLong("no-history"), help: "Do not record the exchanges in the history.")
    var noHistory = false
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        guard parallel >= 1 else { throw CLIFailure(.usage, "--parallel must be at least 1") }
        guard rounds >= 1 else { throw CLIFailure(.usage, "--repeat must be at least 1") }
        if let maxEvents, maxEvents < 1 { throw CLIFailure(.usage, "--max-events must be at least 1") }
        guard rateLimitRetries >= 0 else { throw CLIFailure(.usage, "--rate-limit-retries must be ≥ 0") }
        // At most a day, as `RateLimit` reads no longer wait (and `1e300` s would trap converting to Int64).
        guard (0...86_400).contains(rateLimitWait) else {
            throw CLIFailure(.usage, "--rate-limit-wait must be a number of seconds from 0 to 86400")
        }
        let retryAfter = RetryAfterPolicy(
            retries: rateLimitRetries, longestWait: .milliseconds(Int64(rateLimitWait * 1000)))
        var overrides = RequestOverrides()
        for item in variables {
            let (name, value) = try RequestOptions.pair(item, flag: "--var")
            overrides.variables[name] = value
        }
        let loaded = try profileOptions.profile(profile, given: Set(overrides.variables.keys))
        let chosen = try choose(in: loaded)
        if let timeout {
            guard CLISeconds.isValid(timeout) else { throw CLIFailure(.usage, CLISeconds.problem("--timeout")) }
            overrides.timeout = CLISeconds.duration(timeout)
        }
        if insecure { overrides.insecure = true }
        overrides.maxBody = try RunCommand.size(maxBody)
        overrides.maxBodyRatio = try RunCommand.ratio(maxBodyRatio)
        let environmentName: String
        do {
            environmentName = try loaded.environment(environment).name
        } catch {
            throw CLIFailure(.profile, error.message)
        }
        let history = HistoryLog(profile: loaded, disabled: noHistory, origin: .test)
        let sender = EndpointSender(
            profile: loaded, environment: environmentName, overrides: overrides, history: history,
            maxEvents: maxEvents)
        var runner = ChainRunner(profile: loaded, environment: environmentName, store: CaptureStore())
        runner.variables = overrides.variables
        let started = Date()
        let quiet = json
        var report = TestRun.Outcome()
        // One request at a time (the default), the run goes on libcurl's loop thread: handing each request over and
        // taking its answer back cross no thread (`CurlMulti`; docs/TIMING.md "How the bench sends"). Nothing else
        // is in flight meanwhile for the run's own work there to delay.
        let executor = parallel == 1 ? CurlTransport.shared.executors.first : nil
        await withTaskExecutorPreference(executor) {
            // Each round is a whole run; captured values carry over (the store holds them), so a login is not redone.
            for round in 1...rounds {
                let outcome = await TestRun(
                    runner: runner,
                    send: { endpoint, captured in
                        await retryAfter.send(endpoint.id, said: { StandardError.writeLine("apix: \($0)") }) {
                            await sender.send(endpoint, captured: captured)
                        }
                    }, endpoints: chosen, parallel: parallel, failFast: failFast
                ) { step in
                    history?.record(endpoint: step.endpointID, checks: step.checks)
                    if !quiet { StandardError.writeLine(TestReport.lines(for: step).joined(separator: "\n")) }
                }.run()
                report.steps += outcome.steps
                report.skipped += outcome.skipped
                report.warnings += outcome.warnings.filter { !report.warnings.contains($0) }
                if let stopped = outcome.stopped {
                    report.stopped = rounds > 1 ? "\(stopped), in round \(round) of \(rounds)" : stopped
                    break
                }
            }
        }
        history?.flush()
        for warning in report.warnings { StandardError.writeLine("apix: warning: \(warning)") }
        let summary = TestReport(
            profile: loaded.id, steps: report.steps, skipped: report.skipped, stopped: report.stopped,
            duration: Date().timeIntervalSince(started), repeated: rounds > 1)
        if let junit {
            do {
                try AtomicFile.write(Data(summary.junitXML().utf8), to: junit, options: .userFile)
            } catch {
                throw CLIFailure(.usage, "cannot write the JUnit report to \(junit): \(error.detail)")
            }
        }
        if json {
            StandardOutput.write(summary.json().serialized() + "\n")
        } else {
            StandardError.writeLine(summary.summaryLine)
            if rounds > 1 { StandardError.writeLine(TestTimings(report.steps).lines.joined(separator: "\n")) }
        }
        if summary.failed > 0 || report.stopped != nil { throw ExitCode(1) }
    }

    /// The endpoints named (ids or folders), in profile order; by default those with `expect:`.
    private func choose(in profile: Profile) throws -> [Endpoint] {
        guard !selection.isEmpty else {
            let checked = profile.endpoints.filter { $0.expectation != nil }
            guard !checked.isEmpty else {
                throw CLIFailure(.usage, "no endpoint of \(profile.id) has `expect:`; name the endpoints to send")
            }
            return checked
        }
        for name in selection
        where !profile.endpoints.contains(where: { $0.id == name || $0.folder == name }) {
            throw CLIFailure(.usage, "`\(name)` is neither an endpoint id nor a folder of \(profile.id)")
        }
        return profile.endpoints.filter { endpoint in
            selection.contains { $0 == endpoint.id || $0 == endpoint.folder }
        }
    }
}

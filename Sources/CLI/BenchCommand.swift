import ArgumentParser
import ExplorerBench
import ExplorerCore
import Foundation

/// `apix bench PROFILE ENDPOINT`: sends one endpoint many times (`-n`, or for `--duration`), `-c` at once, as fast
/// as they go or at `--rate` a second, and reports per-phase percentiles (docs/TIMING.md). In a terminal the figures
/// are redrawn as they come and q, Esc or Ctrl-C stops early, keeping what was measured; otherwise (or with
/// `--no-tui`) a summary at the end; `--json` prints the whole result on stdout.
///
/// Exit statuses: 0 when the run ended (whatever the server answered), 2 for usage errors (and for a run of more than
/// 1,000 requests to a host that is not this machine without `--yes`), 3 for profile errors, 4 when credentials could
/// not be obtained.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Send an endpoint many times and report per-phase latency percentiles.")

    @Argument(help: "Profile id.", completion: Completions.profile) var profile: String
    @Argument(help: "Endpoint id.", completion: Completions.endpoint) var endpoint: String
    @Option(name: .customShort("n"), help: ArgumentHelp("Requests to send (default: 200).", valueName: "N"))
    var requests: Int?
    @Option(help: ArgumentHelp("Send for this long instead (30s, 2m, 500ms).", valueName: "DURATION"))
    var duration: String?
    @Option(name: .customShort("c"), help: ArgumentHelp("Requests in flight at once.", valueName: "C"))
    var connections = 1
    @Option(
        help: ArgumentHelp(
            "Requests a second, due at fixed times; totals count from when each was due.", valueName: "R"))
    var rate: Double?
    @Flag(help: "Print the whole result as JSON on stdout.") var json = false
    @Flag(name: .customLong("no-tui"), help: "No live view: the summary at the end only.") var noTUI = false
    @Flag(
        name: .customLong("fail-on-checks"),
        help: "Exit 1 when an answer failed a check of the endpoint's expect: (for CI; the figures are printed first).")
    var failOnChecks = false
    @Flag(help: "Run more than 1,000 requests against a host that is not this machine.") var yes = false
    @Option(help: ArgumentHelp("Give up on a request after SECONDS.", valueName: "SECONDS")) var timeout: Double?
    @Option(
        name: .customLong("rate-limit-wait"),
        help: ArgumentHelp(
            "Pause the run when an answer is 429 or 503 with a Retry-After of at most SECONDS (0: never).",
            valueName: "SECONDS"))
    var rateLimitWait = 60.0
    @Flag(help: "Skip TLS certificate verification.") var insecure = false
    @OptionGroup var requestOptions: RequestOptions
    @OptionGroup var profileOptions: ProfileOptions

    func validate() throws {
        if requests != nil && duration != nil { throw ValidationError("give -n or --duration, not both") }
        if let requests, requests < 1 { throw ValidationError("-n must be at least 1") }
        if let duration, BenchSettings.duration(duration) == nil {
            throw ValidationError("--duration expects a time such as 30s, 2m or 500ms, got '\(duration)'")
        }
        if !(1...10_000).contains(connections) { throw ValidationError("-c must be between 1 and 10000") }
        if let rate, !(rate > 0 && rate.isFinite) { throw ValidationError("--rate must be a positive number") }
        if let timeout, !CLISeconds.isValid(timeout) { throw ValidationError(CLISeconds.problem("--timeout")) }
        // At most a day, as `RateLimit` reads no longer wait (and `1e300` s would trap converting to Int64).
        if !(0...86_400).contains(rateLimitWait) {
            throw ValidationError("--rate-limit-wait must be a number of seconds from 0 to 86400")
        }
    }

    var settings: BenchSettings {
        let stop: BenchSettings.Stop =
            duration.flatMap(BenchSettings.duration).map { .duration($0) }
            ?? .count(requests ?? BenchSettings.defaultCount)
        var settings = BenchSettings(stop: stop, connections: connections, rate: rate)
        settings.longestRetryAfter = .milliseconds(Int64(rateLimitWait * 1000))
        return settings
    }

    func run() async throws {
        let plan = try prepare()
        let settings = settings
        let host = URLComponents(string: plan.request.request.url)?.host ?? ""
        if settings.needsConfirmation(host: host), !yes {
            let planned = settings.plannedRequests.map { "\($0) requests" } ?? "requests for as long as it runs"
            throw CLIFailure(
                .usage, "\(planned) to \(SafeText.escape(host)), which is not this machine: add --yes to send them")
        }
        let live = !noTUI && !json && StandardError.isTerminal && isatty(STDIN_FILENO) == 1
        let view = live ? BenchLiveView(connections: settings.connections, planned: settings.plannedRequests) : nil
        let client = BenchRunner.client(connections: settings.connections)
        let run = Task {
            // The live view shows a pause on its own line; without it each pause is said on stderr.
            let endpoint = endpoint
            return await BenchRunner.run(
                plan, settings: settings, client: client, progress: { view?.show($0) },
                said: { if view == nil { StandardError.writeLine("apix: \(endpoint) \($0)") } })
        }
        // q, Esc (in the live view) and Ctrl-C stop the run early; what was measured is the result.
        let interrupts = SignalCancellation { run.cancel() }
        let keys = view?.watchKeys { run.cancel() }
        let result = await run.value
        interrupts.stop()
        keys?.stop()
        view?.finish()
        if json {
            let data = try JSONSerialization.data(
                withJSONObject: BenchReport.json(result, settings: settings), options: [.sortedKeys])
            StandardOutput.write(data)
            StandardOutput.write("\n")
        } else {
            let lines = BenchReport.lines(result, connections: settings.connections, done: true)
            StandardOutput.write(lines.joined(separator: "\n") + "\n")
        }
        // A bench measures; with --fail-on-checks it also judges, as `apix test` does (k6's threshold on `checks`).
        if failOnChecks, let checks = result.checks, checks.failed > 0 {
            StandardError.writeLine(
                "apix: \(checks.failed) of \(checks.checked) answers failed a check (--fail-on-checks)")
            throw ExitCode(1)
        }
    }

    /// The exchange every request of the run sends: the endpoint with the flags' edits, as `apix run` plans it.
    private func prepare() throws -> ExchangePlan {
        var overrides = try requestOptions.overrides()
        if let timeout { overrides.timeout = CLISeconds.duration(timeout) }
        if insecure { overrides.insecure = true }
        let loaded = try requestOptions.profile(profile, from: profileOptions)
        _ = try loaded.requiredEndpoint(endpoint)
        do throws(RequestBuildError) {
            let builder = try RequestBuilder(profile: loaded, environment: requestOptions.environment)
            guard let chosen = builder.profile.endpoint(endpoint) else {
                throw RequestBuildError(.unknownEndpoint(endpoint))
            }
            return try ExchangePlan(chosen, builder: builder, overrides: overrides)
        } catch {
            throw CLIFailure(.profile, error.message)
        }
    }
}

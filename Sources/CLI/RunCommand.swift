import ArgumentParser
import ExplorerCore
import ExplorerHistory
import Foundation

/// `apix run PROFILE ENDPOINT`: sends one endpoint of a profile and prints the response, for scripts.
///
/// Exit statuses: 0 on any HTTP response, 22 with `--fail` on 4xx/5xx, curl's codes when no response came
/// (6, 7, 28, 35/60, …; 63 when a body not written to a file passed `--max-body`, 62 when a body grew past
/// `--max-body-ratio` times its wire size as it was decoded), 1 when a check of `expect:` failed (`schema: true`
/// included), the answer did not match its schema with `--strict-schema`, or an endpoint sent first (`uses:`) failed, 2 for usage
/// errors, 3 for profile errors (and a value used that nothing fetches, and a `graphql:` query the kept schema finds
/// invalid, unless `--no-validate`), 4 when credentials could not be obtained.
///
/// The profile's `auth` is applied through `AuthSessions.shared` (tokens from the state directory, one refresh
/// after a 401); `--json` shows the request with credentials masked unless `--reveal`.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Send one endpoint of a profile and print the response.")

    @Argument(help: "Profile id (its file name without .yaml).", completion: Completions.profile) var profile: String
    @Argument(help: "Endpoint id.", completion: Completions.endpoint) var endpoint: String
    @OptionGroup var requestOptions: RequestOptions
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the body to FILE (-: stdout).", valueName: "FILE"))
    var output: String?
    @Flag(help: "Print the phase breakdown to stderr.") var timings = false
    @Flag(help: "Print one JSON object describing the response.") var json = false
    @Flag(help: "Exit with 22 when the server answers 4xx or 5xx.") var fail = false
    @Flag(name: .customLong("no-follow"), help: "Do not follow redirects.") var noFollow = false
    @Option(help: ArgumentHelp("Follow at most N redirects (default 10).", valueName: "N")) var maxRedirects: Int?
    @Option(
        help: ArgumentHelp(
            "Give up after SECONDS in all, token request included (0: no limit). Default: the profile's `timeout:`, "
                + "else no total limit; a transfer with no byte moving for 300 s stops (`stall_timeout:`, 0: never).",
            valueName: "SECONDS"))
    var timeout: Double?
    @Option(
        name: .customLong("max-body"),
        help: ArgumentHelp(
            "Keep at most SIZE of a body not written to a file (default 1GiB, the profile's `max_body:`; 0: no "
                + "limit), counted decoded; past it the transfer stops (exit 63), or the body streams on to stdout "
                + "when that is a pipe or file (not with --json or --fail).",
            valueName: "SIZE"))
    var maxBody: String?
    @Option(
        name: .customLong("max-body-ratio"),
        help: ArgumentHelp(
            "Stop a body that grows past N times its size on the wire as it is decoded (default 1000, the "
                + "profile's `max_body_ratio:`; 0: no limit): a decompression bomb, exit 62.",
            valueName: "N"))
    var maxBodyRatio: Int?
    @Flag(help: "Skip TLS certificate verification.") var insecure = false
    @Flag(help: "Show credentials and secrets unmasked in --json output.") var reveal = false
    @Flag(help: "Answer from the response cache while the stored answer is fresh; store new answers.")
    var cached = false
    @Flag(name: .customLong("no-cache"), help: "Ask the server even if a fresh answer is stored, then store it.")
    var noCache = false
    @Option(help: ArgumentHelp("Queue priority (default: the endpoint's, else normal).", valueName: "high|normal|low"))
    var priority: String?
    @Flag(name: .customLong("no-history"), help: "Do not record this exchange in the history.") var noHistory = false
    @Flag(
        name: .customLong("strict-schema"),
        help:
            "Exit with 1 when the answer does not match the schema `responses:` names for its status (or none is named)."
    )
    var strictSchema = false
    @Option(
        name: .customLong("max-events"),
        help: ArgumentHelp(
            "Stop a stream (server-sent events, `stream: true`) after N events, as a success.", valueName: "N"))
    var maxEvents: Int?
    @Option(
        name: .customLong("events-file"),
        help: ArgumentHelp("Also write every event of a stream to FILE, one JSON object a line.", valueName: "FILE"))
    var eventsFile: String?
    @Flag(
        name: .customLong("no-validate"),
        help: "Send a `graphql:` query even when the schema kept for it (apix graphql schema) finds it invalid.")
    var noValidate = false
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        BrowserLoginPrompt.allowForRequests()
        do {
            let loaded = try requestOptions.profile(profile, from: profileOptions)
            _ = try loaded.requiredEndpoint(endpoint)
            let history = HistoryLog(profile: loaded, disabled: noHistory, origin: .run)
            // Endpoints sent first are recorded after the answer too; then the history writer starts.
            defer {
                history?.flush()
                history?.finish()
            }
            try refuseWebSocket(in: loaded)
            let chain = try await sendChain(loaded, history: history)
            let prepared = try prepare(loaded, captured: chain.held)
            warnRequestSchema(prepared)
            if prepared.endpoint?.webSocket != nil, case .graphql? = prepared.endpoint?.body {
                return try await runSubscription(prepared, chain: chain, history: history)
            }
            try await send(prepared, chain: chain, history: history)
        } catch let failure as CLIFailure where json {
            StandardOutput.write(ResponseDocument.make(failure).serialized() + "\n")
            throw failure
        }
    }

    private var presentation: CredentialPresentation { reveal ? .revealed : .bullets }

    /// The exchange to send: the endpoint with the flags' overrides, captured values, priority and cache use.
    private func prepare(_ loaded: Profile, captured: [String: CapturedValue]) throws -> ExchangePlan {
        let overrides = try makeOverrides()
        let choices = try sendChoices()
        let exchange: ExchangePlan
        var refusal: CLIFailure?
        do throws(RequestBuildError) {
            var builder = try RequestBuilder(profile: loaded, environment: requestOptions.environment)
            builder.captured = captured
            guard let endpointValue = builder.profile.endpoint(endpoint) else {
                throw RequestBuildError(.unknownEndpoint(endpoint))
            }
            if !noValidate { refusal = Self.invalidGraphQL(endpointValue, builder: builder) }
            exchange = try ExchangePlan(
                endpointValue, builder: builder, overrides: overrides, cache: choices.cache, priority: choices.priority)
        } catch {
            throw CLIFailure(.profile, error.message)
        }
        if let refusal { throw refusal }
        return exchange
    }

    /// The queue priority and cache use the flags ask for (`nil`: the endpoint's priority).
    func sendChoices() throws -> (priority: Endpoint.Priority?, cache: SendOptions.CacheUse) {
        var chosen: Endpoint.Priority?
        if let priority {
            guard let value = Endpoint.Priority(rawValue: priority.lowercased()) else {
                throw CLIFailure(.usage, "--priority must be high, normal or low, got '\(priority)'")
            }
            chosen = value
        }
        if cached && noCache { throw CLIFailure(.usage, "--cached and --no-cache cannot be used together") }
        // With -o the cache stands aside on its own: bodies written to a file are never stored.
        let cache: SendOptions.CacheUse = cached ? .always(.use) : noCache ? .always(.refresh) : .off
        return (chosen, cache)
    }

    /// The send options the flags give for `endpoint` (`SendOptions.forEndpoint`, as the explorer's).
    func makeSendOptions(for endpoint: Endpoint) throws -> SendOptions {
        let choices = try sendChoices()
        return SendOptions.forEndpoint(endpoint, profile: profile, cache: choices.cache, priority: choices.priority)
    }

    /// What `--json` reports as sent (`sent`: the request that went): masked unless `--reveal`, which shows the
    /// token the request went with; its headers as they went on the wire.
    private func shownRequest(_ exchange: ExchangePlan, sent: PreparedRequest) async -> PreparedRequest {
        let token = reveal ? await exchange.token() : nil
        return exchange.shownOnTheWire(presentation, token: token, sent: sent)
    }

    func makeOverrides() throws -> RequestOverrides {
        var overrides = try requestOptions.overrides()
        if let timeout {
            guard CLISeconds.isValid(timeout) else { throw CLIFailure(.usage, CLISeconds.problem("--timeout")) }
            overrides.timeout = CLISeconds.duration(timeout)
        }
        if let maxRedirects {
            guard maxRedirects >= 0 else { throw CLIFailure(.usage, "--max-redirects must be ≥ 0") }
            overrides.maxRedirects = maxRedirects
        }
        if noFollow { overrides.followRedirects = false }
        if insecure { overrides.insecure = true }
        overrides.maxBody = try Self.size(maxBody)
        overrides.maxBodyRatio = try Self.ratio(maxBodyRatio)
        // `-o -` is stdout, as for curl: the body goes where it goes without `-o` (made safe on a terminal), not to
        // a file named "-".
        overrides.downloadTo = output == "-" ? nil : output
        return overrides
    }

    /// `--max-body-ratio N`, nil when not given.
    static func ratio(_ value: Int?) throws -> Int64? {
        guard let value else { return nil }
        guard value >= 0 else { throw CLIFailure(.usage, "--max-body-ratio must be ≥ 0 (0: no limit), got \(value)") }
        return Int64(value)
    }

    /// `--max-body SIZE` as bytes (`BodyLimit.parse`), nil when not given.
    static func size(_ text: String?) throws -> Int64? {
        guard let text else { return nil }
        guard let value = TransferOptions.size(text) else {
            throw CLIFailure(.usage, "--max-body must be a size such as 500MB or 1GiB (0: no limit), got '\(text)'")
        }
        return value
    }

    // MARK: - Sending

    private func send(_ exchange: ExchangePlan, chain: RunChain, history: HistoryLog?) async throws {
        let planned = exchange.request.request
        let bodyToTerminal = planned.options.downloadTo.map(StandardOutput.isTerminal(path:)) ?? false
        let showProgress = !json && StandardError.isTerminal && !bodyToTerminal
        let printer = try streamPrinter(clearsProgress: showProgress)
        let options = await exchange.sendOptions(events: EventStream(maxEvents: maxEvents) { printer.print($0) })
        let cache = options.cache == nil ? nil : ResponseCache()
        var plan = exchange.request
        // Past the limit a body bound for a pipe or file goes on as it arrives rather than stopping: printed raw
        // there anyway, it needs no keeping. `--json` and `--fail` must see the whole answer first.
        if !json, !fail, planned.options.downloadTo == nil, !StandardOutput.isTerminal {
            plan.request.options.overflowDescriptor = STDOUT_FILENO
        }
        let transfer = Client(cache: cache).start(plan, options: options)
        // A signal cancels the transfer, so a `.part` is removed and the exit is an orderly one (the temporary
        // spool needs no help: it has no name on disk).
        let interrupts = SignalCancellation {
            printer.interrupt()
            transfer.cancel()
        }
        defer { interrupts.stop() }
        // A body written to the terminal as it arrives (`-o /dev/stdout`, `download: { to: /dev/tty }`) would be
        // overwritten by the progress line: then there is none; nor once a stream's events are being printed.
        let progressTask = Task {
            var reporter = ProgressReporter()
            for await event in transfer.progress where showProgress && !event.isFinal {
                if transfer.events?.isStream == true {
                    reporter.clear()
                    continue
                }
                reporter.show(event)
            }
            reporter.clear()
        }
        let result = await withTaskCancellationHandler {
            await transfer.result
        } onCancel: {
            transfer.cancel()
        }
        // Printing the body is not a transfer: a signal then ends the process the usual way.
        interrupts.stop()
        await progressTask.value
        for warning in await transfer.warnings { StandardError.writeLine("apix: warning: \(warning)") }
        if let problem = printer.fileFailure { StandardError.writeLine("apix: warning: \(problem)") }
        let stream = transfer.events?.snapshot()

        switch result {
        case .failure(let error):
            if json {
                let shown = await shownRequest(exchange, sent: transfer.request)
                StandardOutput.write(ResponseDocument.make(error, request: shown).serialized() + "\n")
            }
            _ = chain.conclude(result)
            StandardError.writeLine(Self.errorLine(error))
            if let stream, !json { StandardError.writeLine("apix: " + stream.summary) }
            if timings { printTimings(error.metrics) }
            await record(exchange, sent: transfer.request, result: result, checks: [], history: history)
            throw ExitCode(error.exitCode)
        case .success(let response):
            let shown = await shownRequest(exchange, sent: transfer.request)
            // The file the body went to: a directory target was named into when the answer came.
            let savedTo = transfer.request.options.downloadTo.map { response.body.filePath ?? $0 }
            let step = chain.conclude(result)
            if let stream {
                outputStream(response, stream, checks: step?.checks)
            } else {
                try output(
                    response, request: shown,
                    url: CredentialPresentation.shownURL(of: response, sent: transfer.request, shown: shown),
                    savedTo: savedTo, checks: step?.checks, schema: step?.schema)
            }
            if let step { RunChain.report(step, json: json) }
            // After the answer is out: opening the history never delays it.
            await record(exchange, sent: transfer.request, result: result, checks: step?.checks ?? [], history: history)
            if fail, response.statusClass.isFailure {
                if !json { StandardError.writeLine("apix: the server answered \(response.statusLine)") }
                throw ExitCode(22)
            }
            if let step, !step.checks.allSatisfy(\.passed) { throw ExitCode(1) }
            if strictSchema, step?.schema?.isValid != true {
                if !json, step?.schema == nil {
                    StandardError.writeLine(
                        "apix: --strict-schema: " + SchemaCheck.missingResult(status: response.statusCode).actual)
                }
                throw ExitCode(1)
            }
        }
    }

    private func record(
        _ exchange: ExchangePlan, sent: PreparedRequest, result: Result<Response, ClientError>, checks: [CheckResult],
        history: HistoryLog?
    ) async {
        guard let history else { return }
        history.record(await history.entry(for: exchange, sent: sent, result: result, checks: checks).entry)
    }

    /// `savedTo`: where the body went (`-o`, or the endpoint's `download: { to: }`); then it is not printed.
    private func output(
        _ response: Response, request: PreparedRequest, url: String, savedTo: String?, checks: [CheckResult]?,
        schema: SchemaCheck?
    ) throws {
        if json {
            // The body is streamed into its place, never held whole (a placeholder no server can guess).
            let placeholder = "\u{1}apix-body-\(UUID().uuidString)\u{1}"
            var document = ResponseDocument.make(
                response, url: url, bodyFile: savedTo, request: request, bodyPlaceholder: placeholder)
            if let checks, case .object(var members) = document {
                members.append(key: "checks", value: TestReport.checksJSON(checks))
                document = .object(members)
            }
            if let schema, case .object(var members) = document {
                members.append(key: "schema", value: TestReport.schemaJSON(schema))
                document = .object(members)
            }
            try ResponseDocument.write(document, streaming: response, placeholder: placeholder) {
                StandardOutput.write($0)
            }
            StandardOutput.write("\n")
            if timings { printTimings(response.metrics, rateLimit: response.rateLimit) }
            return
        }
        // The status line starts on its own line, also after a body that went to the terminal without a final newline.
        if let savedTo, response.body.count > 0, StandardOutput.isTerminal(path: savedTo) { StandardError.write("\n") }
        StandardError.writeLine(Self.statusLine(response))
        if timings {
            printTimings(response.metrics, source: response.source, age: response.age, rateLimit: response.rateLimit)
        }
        if let savedTo {
            StandardError.writeLine("apix: " + BodyDestination.savedMessage(path: savedTo, bytes: response.body.count))
        }
        guard savedTo == nil, !(fail && response.statusClass.isFailure) else { return }
        try BodyPrinter(response: response, toTerminal: StandardOutput.isTerminal).print()
    }

    /// Sends what the endpoint needs first (`uses:`), telling on stderr what was sent; a value that cannot be had
    /// stops the run: exit 3 when the profile does not say how to get it, 1 when the endpoint sent first failed.
    private func sendChain(_ loaded: Profile, history: HistoryLog?) async throws -> RunChain {
        guard let endpointValue = loaded.endpoint(endpoint),
            let environment = try? loaded.environment(
                requestOptions.environment)
        else { return RunChain(runner: nil, endpoint: nil, held: [:]) }  // `prepare` says what is wrong
        var runner = ChainRunner(profile: loaded, environment: environment.name, store: CaptureStore())
        let overrides = try makeOverrides()
        runner.variables = overrides.variables
        guard RunChain.isChained(endpointValue, in: loaded) else {
            // A declared schema needs the runner's conclusion, not the values held.
            return RunChain(runner: endpointValue.responses.isEmpty ? nil : runner, endpoint: endpointValue, held: [:])
        }
        var (held, warning) = runner.heldValues()
        if let warning { StandardError.writeLine("apix: warning: \(warning)") }
        let sender = EndpointSender(
            profile: loaded, environment: environment.name, overrides: overrides, history: history)
        do {
            let steps = try await runner.sendPrerequisites(of: endpointValue, held: &held) {
                await sender.send($0, captured: $1)
            }
            if !json {
                for step in steps { StandardError.writeLine("apix: " + TestReport.lines(for: step)[0]) }
            }
        } catch {
            switch error {
            case .missing: throw CLIFailure(.profile, error.description, kind: "chain")
            case .prerequisite: throw CLIFailure(.chain, error.description, kind: "chain")
            }
        }
        return RunChain(runner: runner, endpoint: endpointValue, held: held)
    }

    /// The status line on stderr: the core's summary, the TUI's response pane's words.
    static func statusLine(_ response: Response) -> String { response.summaryLine() }

    /// No response: the core's summary, as the TUI's response pane says it.
    static func errorLine(_ error: ClientError) -> String { "apix: \(error.summary)" }

    private func printTimings(
        _ metrics: Metrics, source: ResponseSource = .network, age: Duration? = nil, rateLimit: RateLimit? = nil
    ) {
        var lines = Self.timingLines(metrics, source: source, age: age)
        // The server's word on the request budget, as the TUI's metrics bar shows it.
        if let rateLimit { lines.append("  " + rateLimit.summary()) }
        StandardError.writeLine(lines.joined(separator: "\n"))
    }

    /// `--timings`: the phases and total in the TUI's labels and order, then the facts line of its metrics bar.
    static func timingLines(_ metrics: Metrics, source: ResponseSource = .network, age: Duration? = nil)
        -> [String]
    {
        func row(_ label: String, _ figure: String) -> String {
            "  " + label.padding(toLength: 10, withPad: " ", startingAt: 0) + figure
        }
        var lines = metrics.phases.map { row($0.phase.label, metrics.figure($0.phase, $0.duration)) }
        lines.append(row(Metrics.totalLabel, Units.duration(metrics.total)))
        lines.append("  " + metrics.factsLine(source: source, age: age))
        return lines
    }
}

import ArgumentParser
import ExplorerCore
import Foundation

/// `apix run PROFILE ENDPOINT`: sends one endpoint of a profile and prints the response, for scripts.
///
/// Exit statuses: 0 on any HTTP response, 22 with `--fail` on 4xx/5xx, curl's codes when no response came
/// (6, 7, 28, 35/60, …), 2 for usage errors, 3 for profile errors, 4 when credentials could not be obtained.
///
/// The profile's `auth` is applied through `AuthSessions.shared` (tokens from the state directory, one refresh
/// after a 401); `--json` shows the request with credentials masked unless `--reveal`.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Send one endpoint of a profile and print the response.")

    @Argument(help: "Profile id (its file name without .yaml).") var profile: String
    @Argument(help: "Endpoint id.") var endpoint: String
    @OptionGroup var requestOptions: RequestOptions
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the body to FILE.", valueName: "FILE")) var output: String?
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
    @Flag(help: "Skip TLS certificate verification.") var insecure = false
    @Flag(help: "Show credentials and secrets unmasked in --json output.") var reveal = false
    @Flag(help: "Answer from the response cache while the stored answer is fresh; store new answers.")
    var cached = false
    @Flag(name: .customLong("no-cache"), help: "Ask the server even if a fresh answer is stored, then store it.")
    var noCache = false
    @Option(help: ArgumentHelp("Queue priority (default: the endpoint's, else normal).", valueName: "high|normal|low"))
    var priority: String?
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        do {
            let prepared = try prepare()
            try await send(prepared)
        } catch let failure as CLIFailure where json {
            StandardOutput.write(ResponseDocument.make(failure).serialized() + "\n")
            throw failure
        }
    }

    /// The request and what `--json` shows of it, with the credentials and send options that apply.
    private struct Prepared {
        var request: PreparedRequest
        /// What `--json` shows as sent, its credential added by `shownRequest` (OAuth2's is known after sending).
        var shown: PreparedRequest
        var auth: ResolvedAuth?
        var key: AuthSessionKey
        /// Priority and cache use; the interceptor is added when sending.
        var options: SendOptions
    }

    private var presentation: CredentialPresentation { reveal ? .revealed : .bullets }

    private func prepare() throws -> Prepared {
        let overrides = try makeOverrides()
        var options = try makeSendOptions()
        let loaded = try profileOptions.profile(profile)
        do throws(RequestBuildError) {
            let builder = try RequestBuilder(profile: loaded, environment: requestOptions.environment)
            guard let endpointValue = builder.profile.endpoint(endpoint) else {
                throw RequestBuildError(.unknownEndpoint(endpoint))
            }
            let request = try builder.request(for: endpointValue, overrides: overrides)
            let auth = try builder.auth(for: endpointValue, overrides: overrides)
            let shown = try presentation.request(for: endpointValue, builder: builder, overrides: overrides)
            if priority == nil, let declared = endpointValue.priority { options.priority = declared }
            options.cache?.ttl = .seconds(endpointValue.cacheSeconds ?? 0)
            return Prepared(request: request, shown: shown, auth: auth, key: builder.authSessionKey, options: options)
        } catch {
            throw CLIFailure(.profile, error.message)
        }
    }

    /// Priority and cache use from the flags; the endpoint's own settings are filled in by `prepare`.
    func makeSendOptions() throws -> SendOptions {
        var options = SendOptions()
        if let priority {
            guard let value = Endpoint.Priority(rawValue: priority.lowercased()) else {
                throw CLIFailure(.usage, "--priority must be high, normal or low, got '\(priority)'")
            }
            options.priority = value
        }
        if cached && noCache { throw CLIFailure(.usage, "--cached and --no-cache cannot be used together") }
        if cached || noCache {
            // With -o the cache stands aside on its own: bodies written to a file are never stored.
            options.cache = CacheOptions(namespace: profile, mode: cached ? .use : .refresh)
        }
        return options
    }

    /// The interceptor for the profile's auth; warns about a token file that had to be ignored.
    private func interceptor(for prepared: Prepared) async -> AuthInterceptor? {
        guard let auth = prepared.auth else { return nil }
        let interceptor = await AuthSessions.shared.interceptor(for: auth, key: prepared.key)
        if case .oauth2(let refresher) = interceptor.credential, let problem = await refresher.status().storeProblem {
            StandardError.writeLine("apix: warning: \(problem.message)")
        }
        return interceptor
    }

    /// What `--json` reports as sent: masked unless `--reveal`, which shows the token the request went with.
    private func shownRequest(_ prepared: Prepared) async -> PreparedRequest {
        guard let auth = prepared.auth else { return prepared.shown }
        let token =
            reveal
            ? await AuthSessions.shared.storedAuthorization(for: auth, key: prepared.key, includingExpired: true) : nil
        return presentation.credential(for: auth, token: token)?.apply(to: prepared.shown) ?? prepared.shown
    }

    func makeOverrides() throws -> RequestOverrides {
        var overrides = try requestOptions.overrides()
        if let timeout {
            guard timeout >= 0, timeout.isFinite else { throw CLIFailure(.usage, "--timeout must be ≥ 0") }
            overrides.timeout = .milliseconds(Int64(timeout * 1000))
        }
        if let maxRedirects {
            guard maxRedirects >= 0 else { throw CLIFailure(.usage, "--max-redirects must be ≥ 0") }
            overrides.maxRedirects = maxRedirects
        }
        if noFollow { overrides.followRedirects = false }
        if insecure { overrides.insecure = true }
        overrides.downloadTo = output
        return overrides
    }

    // MARK: - Sending

    private func send(_ prepared: Prepared) async throws {
        let interceptor = await interceptor(for: prepared)
        var options = prepared.options
        options.interceptor = interceptor
        let cache = options.cache == nil ? nil : ResponseCache()
        let transfer = Client(cache: cache).start(prepared.request, options: options)
        let showProgress = !json && StandardError.isTerminal
        let progressTask = Task {
            var reporter = ProgressReporter()
            for await event in transfer.progress where showProgress && !event.isFinal {
                reporter.show(event)
            }
            reporter.clear()
        }
        let result = await withTaskCancellationHandler {
            await transfer.result
        } onCancel: {
            transfer.cancel()
        }
        await progressTask.value
        for problem in await cache?.problems ?? [] { StandardError.writeLine("apix: warning: \(problem.message)") }

        switch result {
        case .failure(let error):
            if json {
                let shown = await shownRequest(prepared)
                StandardOutput.write(ResponseDocument.make(error, request: shown).serialized() + "\n")
            }
            StandardError.writeLine("apix: \(error.description)")
            if timings { printTimings(error.metrics) }
            throw ExitCode(error.exitCode)
        case .success(let response):
            let shown = await shownRequest(prepared)
            try output(
                response, request: shown,
                url: CredentialPresentation.shownURL(of: response, sent: prepared.request, shown: shown),
                savedTo: prepared.request.options.downloadTo)
            if fail, response.statusClass.isFailure {
                if !json { StandardError.writeLine("apix: the server answered \(response.statusLine)") }
                throw ExitCode(22)
            }
        }
    }

    /// `savedTo`: where the body went (`-o`, or the endpoint's `download: { to: }`); then it is not printed.
    private func output(_ response: Response, request: PreparedRequest, url: String, savedTo: String?) throws {
        if json {
            let document = ResponseDocument.make(response, url: url, bodyFile: savedTo, request: request)
            StandardOutput.write(document.serialized() + "\n")
            if timings { printTimings(response.metrics) }
            return
        }
        let size = Units.bytes(response.body.count)
        let origin = response.source.note(age: response.age ?? .zero).map { "  (\($0))" } ?? ""
        StandardError.writeLine(
            "\(response.httpVersion) \(response.statusLine)  \(size) in \(Units.duration(response.metrics.total))"
                + origin)
        if timings { printTimings(response.metrics) }
        if let savedTo, output == nil { StandardError.writeLine("apix: body saved to \(savedTo)") }
        guard savedTo == nil, !(fail && response.statusClass.isFailure) else { return }
        try BodyPrinter(response: response, toTerminal: StandardOutput.isTerminal).print()
    }

    private func printTimings(_ metrics: Metrics) {
        var lines: [String] = []
        for phase in metrics.phases {
            let name = phase.name.replacingOccurrences(of: "_", with: " ").padding(
                toLength: 12, withPad: " ", startingAt: 0)
            lines.append("  \(name)\(Units.duration(phase.duration))")
        }
        lines.append("  total       \(Units.duration(metrics.total))")
        lines.append(
            "  redirects \(metrics.redirects) (\(Units.duration(metrics.redirectTime)))"
                + "  sent \(Units.bytes(metrics.bytesSent))  received \(Units.bytes(metrics.bytesReceived))"
                + "  ↑ \(Units.rate(metrics.uploadRate))  ↓ \(Units.rate(metrics.downloadRate))"
                + "  \(metrics.reusedConnection ? "reused connection" : "new connection")")
        StandardError.writeLine(lines.joined(separator: "\n"))
    }
}

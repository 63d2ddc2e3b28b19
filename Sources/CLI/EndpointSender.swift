import ExplorerCore
import ExplorerHistory
import Foundation

/// Sends endpoints of one profile the way `apix run` sends its own, without printing: the profile's auth
/// (tokens from the state directory, one refresh after a 401), the endpoint's send options, and the settings the
/// user gave for the whole run (`--var`, `--timeout`, `--insecure`, redirects). For endpoints sent because another
/// uses their values, and for `apix test`.
struct EndpointSender: Sendable {
    let profile: Profile
    let environment: String?
    /// What applies to every endpoint of the run: variables and transfer settings, not one endpoint's params.
    let shared: RequestOverrides
    let client: Client
    /// Where each exchange is held for the history until its checks are known; nil: not recorded.
    let history: HistoryLog?
    /// Stop a streamed answer after this many events, a WebSocket session after this many messages received (a
    /// GraphQL operation's: results) (`apix test --max-events`); nil: when the server ends it.
    let maxEvents: Int?
    /// The process's environment (`{{env.NAME}}`), read once: reading it builds a dictionary of every variable, a
    /// tenth of a repeated `apix test` step's time when it was read for each request.
    let processEnvironment = ProcessInfo.processInfo.environment

    init(
        profile: Profile, environment: String?, overrides: RequestOverrides, client: Client = Client(),
        history: HistoryLog? = nil, maxEvents: Int? = nil
    ) {
        self.maxEvents = maxEvents
        self.profile = profile
        self.environment = environment
        var shared = RequestOverrides()
        shared.variables = overrides.variables
        shared.timeout = overrides.timeout
        shared.followRedirects = overrides.followRedirects
        shared.maxRedirects = overrides.maxRedirects
        shared.insecure = overrides.insecure
        shared.maxBody = overrides.maxBody
        self.shared = shared
        self.client = client
        self.history = history
    }

    /// Sends `endpoint` with the captured values held now; a request that cannot be built is a failure that says
    /// why, like a transfer that failed.
    func send(_ endpoint: Endpoint, captured: [String: CapturedValue]) async -> Result<Response, ClientError> {
        let exchange: ExchangePlan
        let builder: RequestBuilder
        do throws(RequestBuildError) {
            var made = try RequestBuilder(
                profile: profile, environment: environment, processEnvironment: processEnvironment)
            made.captured = captured
            builder = made
            exchange = try ExchangePlan(endpoint, builder: made, overrides: shared)
        } catch {
            return .failure(
                ClientError(
                    .transport(TransportError(.invalidRequest, "cannot build `\(endpoint.id)`: \(error.message)"))))
        }
        if endpoint.webSocket != nil { return await sendSession(exchange, endpoint: endpoint, builder: builder) }
        // A streamed answer is read as events (one kept: only its counts and times are wanted), so its
        // `expect: stream` can be checked (`Response.stream`).
        let transfer = await exchange.start(on: client, events: EventStream(capacity: 1, maxEvents: maxEvents))
        let result = await transfer.result
        if let history {
            let (entry, secrets) = await history.entry(for: exchange, sent: transfer.request, result: result)
            history.hold(entry, secrets: secrets, endpoint: endpoint.id)
        }
        return result
    }
}

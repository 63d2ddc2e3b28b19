import ExplorerCore
import Foundation

/// One request of an endpoint as the screen shows it: its progress while running, then its response or failure
/// (or a stored answer shown in its place). Keyed by exchange id: the core `Transfer` that carries it out, which
/// only the runtime holds, has the same id.
package struct Exchange: Sendable {
    package enum Outcome: Sendable {
        case response(Response)
        case failure(ClientError)
    }

    /// How the exchange came to be on screen.
    package enum Origin: Sendable, Equatable {
        /// The user sent it.
        case sent
        /// Nothing was sent: the response cache's last answer, shown when the endpoint was selected; `isFresh`
        /// says whether the cache would still answer a send with it.
        case stored(isFresh: Bool)
        /// An old response from the history (Enter in the history window), recorded at that time.
        case history(recordedAt: Date)
        /// The user sent a recorded request again (`r` in the history window): the entry it replays.
        case replay(of: String)
    }

    /// What the Request tab is built from when the exchange starts (`AppState.requestPlans`).
    package struct RequestPlans: Sendable {
        /// Secrets masked, the credential's scheme or name kept (`CredentialPresentation.bullets`).
        let masked: RequestPlan
        /// Secrets in clear, for `V`; an OAuth2 token masked (only the runtime knows it).
        let revealed: RequestPlan
        /// Secrets in clear without the credential: the runtime adds the one at hand (OAuth2's token too).
        let bare: RequestPlan
    }

    package let id: Int
    package let key: EndpointKey
    package let method: HTTPMethod
    /// The URL with secrets masked, for display.
    package let url: String
    package let startedAt: Double
    var finishedAt: Double?
    package var progress = TransferProgress()
    package var uploadRate = TransferRate()
    package var downloadRate = TransferRate()
    package var outcome: Outcome?
    /// The body prepared for display; nil until the runtime has indexed it.
    package var document: BodyDocument?
    /// The events of a streamed response (server-sent events, `stream: true`) as they arrive, or a WebSocket
    /// session's frames; nil for others.
    package var events: EventRows?
    /// A WebSocket session's state (`protocol: websocket`); nil for an HTTP exchange.
    package var webSocket: WebSocketSessionState?
    /// The endpoint's `expect:` results, once its answer was checked (`.chainConcluded`).
    package var checks: [CheckResult] = []
    /// How the answer compared with the schema its endpoint's `responses:` names (the Schema tab); nil when none
    /// is named for its status.
    package var schema: SchemaCheck?
    /// A GraphQL answer's `errors`, listed apart from `data` in the Errors tab.
    package var graphQLErrors: [GraphQLAnswerError] = []
    package var origin = Origin.sent
    /// What the Request tab is made from; the runtime turns it into `shownRequest` once the request is sent.
    package var requestPlans: RequestPlans?
    /// The request as it went (the Request tab); nil until the runtime reports it, and for a stored answer.
    package var shownRequest: ShownRequest?

    package init(id: Int, key: EndpointKey, method: HTTPMethod, url: String, startedAt: Double) {
        self.id = id
        self.key = key
        self.method = method
        self.url = url
        self.startedAt = startedAt
    }

    /// Still going: no outcome yet, or a WebSocket session not closed (its outcome is the handshake, once open).
    package var isRunning: Bool { outcome == nil || (webSocket.map { $0.phase != .closed } ?? false) }

    package var response: Response? {
        if case .response(let response) = outcome { return response }
        return nil
    }

    package var failure: ClientError? {
        if case .failure(let error) = outcome { return error }
        return nil
    }

    mutating func record(_ event: TransferProgress, at time: Double) {
        // Later hops of a redirect chain start from zero; keep the figures monotonic within a hop.
        progress = event
        uploadRate.record(bytes: event.sent, at: time)
        downloadRate.record(bytes: event.received, at: time)
    }

    /// The response's age now, for one that came from the cache: its age on arrival plus the time shown since.
    func responseAge(now: Double) -> Duration? {
        guard let age = response?.age, let finishedAt else { return nil }
        return age + .seconds(max(0, now - finishedAt))
    }

    /// Seconds the exchange has run (or ran).
    package func elapsed(now: Double) -> Double {
        (finishedAt ?? now) - startedAt
    }
}

import ExplorerCore
import Foundation

/// One request of an endpoint as the screen shows it: its progress while running, then its response or failure
/// (or a stored answer shown in its place). Keyed by exchange id: the core `Transfer` that carries it out, which
/// only the runtime holds, has the same id.
public struct Exchange: Sendable {
    public enum Outcome: Sendable {
        case response(Response)
        case failure(ClientError)
    }

    /// How the exchange came to be on screen.
    public enum Origin: Sendable, Equatable {
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
    public struct RequestPlans: Sendable {
        /// Secrets masked, the credential's scheme or name kept (`CredentialPresentation.bullets`).
        let masked: RequestPlan
        /// Secrets in clear, for `V`; an OAuth2 token masked (only the runtime knows it).
        let revealed: RequestPlan
        /// Secrets in clear without the credential: the runtime adds the one at hand (OAuth2's token too).
        let bare: RequestPlan
    }

    public let id: Int
    public let key: EndpointKey
    public let method: HTTPMethod
    /// The URL with secrets masked, for display.
    public let url: String
    public let startedAt: Double
    var finishedAt: Double?
    public var progress = TransferProgress()
    public var uploadRate = TransferRate()
    public var downloadRate = TransferRate()
    public var outcome: Outcome?
    /// The body prepared for display; nil until the runtime has indexed it.
    public var document: BodyDocument?
    /// The events of a streamed response (server-sent events, `stream: true`) as they arrive; nil for others.
    public var events: EventRows?
    /// The endpoint's `expect:` results, once its answer was checked (`.chainConcluded`).
    public var checks: [CheckResult] = []
    public var origin = Origin.sent
    /// What the Request tab is made from; the runtime turns it into `shownRequest` once the request is sent.
    public var requestPlans: RequestPlans?
    /// The request as it went (the Request tab); nil until the runtime reports it, and for a stored answer.
    public var shownRequest: ShownRequest?

    public init(id: Int, key: EndpointKey, method: HTTPMethod, url: String, startedAt: Double) {
        self.id = id
        self.key = key
        self.method = method
        self.url = url
        self.startedAt = startedAt
    }

    public var isRunning: Bool { outcome == nil }

    public var response: Response? {
        if case .response(let response) = outcome { return response }
        return nil
    }

    public var failure: ClientError? {
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
    public func elapsed(now: Double) -> Double {
        (finishedAt ?? now) - startedAt
    }
}

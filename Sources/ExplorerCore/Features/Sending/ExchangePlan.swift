/// One send, decided once: the request that goes (a `RequestPlan`, settled by the `Client` when it sends), the
/// credentials it goes with, the send options, the request as it is shown masked, and the secret values no record
/// may keep.
///
/// Every sender builds one and takes what it needs from it: `apix run`, `apix test` and the endpoints a chain sends
/// first, `apix replay`, `apix export curl`, the explorer's send and copy-as-curl, and the history's record
/// (`HistoryRecording.entry(for:…)`). Building it asks neither the file system nor the process, so the explorer's
/// pure `update` builds it too.
public struct ExchangePlan: Sendable {
    /// The builder the request was planned with (profile, environment, captured values, directories); nil for a
    /// recorded request sent again whose profile is gone.
    let builder: RequestBuilder?
    /// The endpoint as it is sent (unsaved edits included); nil for a recorded request sent again without one.
    public let endpoint: Endpoint?
    /// The user's values for this send: variables and transfer settings.
    public let overrides: RequestOverrides
    /// What is sent.
    public let request: RequestPlan
    /// The credentials the request goes with (added by the interceptor when it is sent); nil when none apply.
    package let auth: ResolvedAuth?
    /// Where the tokens of `auth` are kept.
    public let authKey: ProfileEnvironmentKey
    /// Priority and cache use; the sender adds the interceptor and the event stream.
    public var options: SendOptions
    /// The request as the screen, `--json` and the history show it: secrets and credentials masked (`bullets`), an
    /// OAuth2 token as `Bearer ••••`.
    public let masked: RequestPlan
    /// Whether `request` is a recorded one sent again (its secrets were masked when it was recorded).
    public let isReplay: Bool

    /// `endpoint` of `builder`'s profile in its environment, with the user's `overrides`; `cache` and `priority` as
    /// the user asked (`SendOptions.forEndpoint`).
    public init(
        _ endpoint: Endpoint, builder: RequestBuilder, overrides: RequestOverrides = RequestOverrides(),
        cache: SendOptions.CacheUse = .off, priority: Endpoint.Priority? = nil
    ) throws(RequestBuildError) {
        self.builder = builder
        self.endpoint = endpoint
        self.overrides = overrides
        request = try builder.plan(for: endpoint, overrides: overrides)
        auth = try builder.auth(for: endpoint, overrides: overrides)
        authKey = builder.authSessionKey(for: endpoint)
        options = SendOptions.forEndpoint(endpoint, profile: builder.profile.id, cache: cache, priority: priority)
        isReplay = false
        masked = try Self.masked(endpoint, builder: builder, overrides: overrides)
    }

    /// `endpoint`'s request as `masked` shows it, without planning the request that would be sent: for a preview
    /// rebuilt on every edit (the TUI's URL line), where the rest of the plan is not needed.
    package static func masked(
        _ endpoint: Endpoint, builder: RequestBuilder, overrides: RequestOverrides = RequestOverrides()
    ) throws(RequestBuildError) -> RequestPlan {
        try shownPlan(
            RequestPlan(request: PreparedRequest(url: "")), endpoint: endpoint, builder: builder, overrides: overrides,
            auth: nil, as: .bullets, token: nil, withCredential: true)
    }

    /// A recorded `request` sent again, as recorded, with the credentials of `endpoint` (or of the definition
    /// `authKey` names) from `builder`'s profile when it is still there (`builder` nil: none).
    package init(
        replaying request: PreparedRequest, builder: RequestBuilder?, endpoint: Endpoint?,
        authKey: ProfileEnvironmentKey,
        overrides: RequestOverrides = RequestOverrides()
    ) throws(RequestBuildError) {
        self.builder = builder
        self.endpoint = endpoint
        self.overrides = overrides
        var request = request
        // The history keeps no transfer options: the profile's (proxy, TLS, certificates, limits, the cookie jar)
        // are those the first send had, as its auth is.
        if let builder {
            request.options = try builder.transferOptions(for: endpoint, url: request.url, overrides: overrides)
        }
        self.request = RequestPlan(request: request)
        self.authKey = authKey
        if let builder {
            auth =
                endpoint == nil
                ? try builder.auth(definition: authKey.definition, overrides: overrides)
                : try builder.auth(for: endpoint, overrides: overrides)
        } else {
            auth = nil
        }
        options = SendOptions()
        isReplay = true
        masked = try Self.shownPlan(
            self.request, endpoint: nil, builder: builder, overrides: overrides, auth: auth, as: .bullets, token: nil,
            withCredential: true)
    }

    /// A recorded `request` sent again as recorded, with no credentials (its profile is gone, or they no longer
    /// resolve).
    package init(replaying request: PreparedRequest, authKey: ProfileEnvironmentKey) {
        builder = nil
        endpoint = nil
        overrides = RequestOverrides()
        self.request = RequestPlan(request: request)
        self.authKey = authKey
        auth = nil
        options = SendOptions()
        isReplay = true
        masked = self.request
    }

    /// The profile's id (a replay whose profile is gone: the one `authKey` names, if any).
    public var profileID: String? { builder?.profile.id ?? (authKey.profile.isEmpty ? nil : authKey.profile) }

    /// The environment's name (a replay whose profile is gone: the one `authKey` names, if any).
    public var environment: String? {
        builder?.environment.name ?? (authKey.environment.isEmpty ? nil : authKey.environment)
    }

    /// The profile the exchange belongs to, as it was planned.
    public var profile: Profile? { builder?.profile }

    /// Whether the response body goes to the user's file (`download: to:`, `-o`), which no record copies.
    public var bodyGoesToFile: Bool { request.request.options.downloadTo != nil }

    // MARK: - Sending

    /// The `Authorization` value of the OAuth2 token at hand for this exchange (by default even expired: the one it
    /// went with), never asking a server for one; nil without OAuth2 or without a token.
    public func token(from sessions: AuthSessions = .shared, includingExpired: Bool = true) async -> String? {
        guard let auth else { return nil }
        return await sessions.storedAuthorization(for: auth, key: authKey, includingExpired: includingExpired)
    }

    /// The OAuth2 session of this exchange's credentials (log in, refresh, log out, watch its state); nil when its
    /// credentials are not OAuth2.
    public func tokens(in sessions: AuthSessions = .shared) async -> TokenRefresher? {
        guard case .oauth2(let settings)? = auth else { return nil }
        return await sessions.refresher(for: authKey, settings: settings)
    }

    /// The options to send with: these, plus the interceptor that adds (and refreshes) the credentials.
    public func sendOptions(sessions: AuthSessions = .shared, events: EventStream? = nil) async -> SendOptions {
        var options = options
        if let auth { options.interceptor = await sessions.interceptor(for: auth, key: authKey) }
        options.events = events ?? options.events
        return options
    }

    /// Starts the exchange on `client` (the interceptor's token store may need an await first).
    public func start(on client: Client, sessions: AuthSessions = .shared, events: EventStream? = nil) async
        -> Transfer
    {
        client.start(request, options: await sendOptions(sessions: sessions, events: events))
    }
}

import Foundation

/// Keeps one profile's OAuth2 tokens (per environment) fresh, with at most one refresh in flight.
///
/// Requests ask for a token before they leave (`validToken()`); one that is known to have expired is refreshed
/// first. A request answered 401 asks for a token newer than the one that failed (`token(replacing:)`). Either way
/// the first caller starts the refresh and stores its `Task` before any suspension, so every concurrent caller
/// joins that same task: N requests with a dead token cause one refresh, and all of them continue with its token
/// or fail with its error.
///
/// The refresh uses the `refresh_token` grant when the server gave a refresh token, else the profile's grant.
/// After a failed refresh nothing refreshes automatically (requests fail at once, saying why) until `login()` or
/// `refresh()` is called; a refresh token the server rejected is dropped. Automatic refreshes are capped by a
/// `RefreshPolicy` so a server that rejects every new token cannot cause a loop.
public actor TokenRefresher {
    public nonisolated let key: ProfileEnvironmentKey
    package private(set) var settings: OAuth2Settings
    private let store: TokenStore
    private let tokenClient: OAuthTokenClient
    private let discovery: AuthorizationServerDiscovery
    private var window: RefreshWindow
    private var token: OAuthToken?
    private var phase: Phase = .idle
    /// Bumped by `logout()` and by settings for another server, so a refresh that was in flight cannot bring
    /// back what was forgotten.
    private var generation = 0
    private var storeProblem: AuthError?
    /// Access tokens this refresher handed out recently: a 401 for anything else (a header the user wrote) is
    /// not ours to fix.
    private var issuedTokens: [String] = []
    private var observers: [Int: AsyncStream<TokenState>.Continuation] = [:]
    private var nextObserver = 0
    private var published: TokenState?
    private var expiryTimer: Task<Void, Never>?
    /// How the authorization code and device grants reach a user for a login nobody asked for explicitly (a request with no
    /// token): the front end's, nil when there is nobody to ask (a script).
    private let browserLogin: @Sendable () -> BrowserLogin?

    private enum Phase {
        case idle
        case refreshing(Task<Result<OAuthToken, AuthError>, Never>)
        case failed(AuthError)
    }

    private enum Mode {
        /// Started by a request: counted against the policy, refresh token first.
        case automatic
        /// `refresh()`: refresh token first, not counted.
        case explicitRefresh
        /// `login()`: the profile's grant, not counted.
        case login
    }

    /// A refresher for `key`, starting from what `store` holds for it (a token from another token endpoint or
    /// client is ignored; an unreadable file is reported by `status()` and treated as empty).
    package init(
        key: ProfileEnvironmentKey, settings: OAuth2Settings, store: TokenStore, tokenClient: OAuthTokenClient,
        policy: RefreshPolicy = RefreshPolicy(), discovery: AuthorizationServerDiscovery? = nil,
        browserLogin: @escaping @Sendable () -> BrowserLogin? = { nil }
    ) {
        self.discovery = discovery ?? AuthorizationServerDiscovery(beside: store, client: tokenClient.client)
        self.browserLogin = browserLogin
        self.key = key
        self.settings = settings
        self.store = store
        self.tokenClient = tokenClient
        self.window = RefreshWindow(policy: policy)
        do {
            if let record = try store.load(key), record.issuer == settings.owner {
                token = record.token
                if let failure = record.failure {
                    var error = AuthError(.earlierFailure(failure), session: key)
                    error.operation = record.failedOperation.flatMap(AuthError.Operation.init(rawValue:))
                    phase = .failed(error)
                }
                if let access = record.token?.accessToken { issuedTokens = [access] }
            }
        } catch {
            storeProblem = error
        }
    }

    // MARK: - Tokens for requests

    /// The token to send now: the current one unless it is known to have expired, else the result of the refresh
    /// in flight or of a new one. Throws at once, without asking the server, after a failed refresh.
    func validToken() async throws(AuthError) -> OAuthToken {
        try await token(replacing: nil)
    }

    /// A token other than `rejected` (which the server just answered 401 to): the current one if someone already
    /// replaced it, else the result of the refresh in flight or of a new one.
    package func token(replacing rejected: String?) async throws(AuthError) -> OAuthToken {
        switch phase {
        case .refreshing(let task):
            return try await task.value.get()
        case .failed(let error):
            throw earlier(error)
        case .idle:
            if let usable = usableToken(besides: rejected) { return usable }
            adoptStoredToken(besides: rejected)
            if let usable = usableToken(besides: rejected) { return usable }
            return try await startRefresh(.automatic).value.get()
        }
    }

    /// Whether this refresher handed out `accessToken` recently.
    package func issued(_ accessToken: String) -> Bool {
        issuedTokens.contains(accessToken)
    }

    // MARK: - Manual control

    /// Runs the profile's grant now (after any refresh in flight) and clears an earlier failure.
    @discardableResult
    public func login() async throws(AuthError) -> OAuthToken {
        try await login(browser: nil)
    }

    /// `login()`, with `browser` for the authorization code and device grants (else the front end's, if it gave one).
    @discardableResult
    package func login(browser: BrowserLogin?) async throws(AuthError) -> OAuthToken {
        await waitForRefreshInFlight()
        let task: Task<Result<OAuthToken, AuthError>, Never>
        do throws(AuthError) {
            task = try startRefresh(.login, browser: browser)
        } catch {
            // Asked for by the user (the explorer's `l`): the reason shows where the token's state shows.
            if error.reason == .loginRequired {
                var failure = error
                failure.operation = .login
                phase = .failed(failure)
                publish()
            }
            throw error
        }
        return try await task.value.get()
    }

    /// Refreshes now: with the refresh token when there is one, else with the profile's grant. Joins a refresh
    /// already in flight instead of starting a second one. Clears an earlier failure.
    @discardableResult
    public func refresh() async throws(AuthError) -> OAuthToken {
        if case .refreshing(let task) = phase { return try await task.value.get() }
        return try await startRefresh(.explicitRefresh).value.get()
    }

    /// Cancels the login or refresh in flight, if any: its request to the token server stops, callers waiting for
    /// it fail as cancelled, and nothing is remembered as a failure (the next request or login asks again).
    package func cancelRefresh() {
        if case .refreshing(let task) = phase { task.cancel() }
    }

    /// Forgets the tokens, in memory and on disk (the next request logs in again).
    public func logout() throws(AuthError) {
        generation += 1
        token = nil
        phase = .idle
        issuedTokens.removeAll()
        publish()
        try store.remove(key)
    }

    /// Revokes the tokens at the profile's `revocation_url` (RFC 7009: the refresh token first, which ends the
    /// grant, then the access token), then forgets them as `logout()` does, whether or not the server confirmed.
    /// Returns the revocations that failed; throws only when the token file could not be removed.
    package func logoutRevoking() async throws(AuthError) -> [AuthError] {
        if case .refreshing(let task) = phase { task.cancel() }
        let owner = settings.owner
        let held = token ?? (try? store.load(key))?.flatMap { $0.issuer == owner ? $0.token : nil }
        var failures: [AuthError] = []
        var settings = settings
        if settings.revocationURL == nil, settings.issuer != nil, held != nil {
            // The issuer's metadata may name a revocation endpoint the profile does not.
            do throws(AuthError) {
                settings = try await discovery.complete(settings, key: key)
            } catch {
                failures.append(AuthError(.revocation("the tokens were not revoked: \(error.message)")))
            }
        }
        if settings.revocationURL != nil, let held {
            let revocations = [("refresh_token", held.refreshToken), ("access_token", held.accessToken)]
            for case (let hint, let value?) in revocations {
                if let failure = await tokenClient.revoke(value, hint: hint, settings: settings) {
                    failures.append(failure)
                }
            }
        }
        try logout()
        return failures
    }

    /// Takes new settings (the user changed a variable). Settings for another token endpoint or client start
    /// from that server's stored tokens, if any.
    package func update(_ newSettings: OAuth2Settings) {
        guard newSettings != settings else { return }
        let otherServer = newSettings.owner != settings.owner
        settings = newSettings
        guard otherServer else { return }
        generation += 1
        token = nil
        phase = .idle
        issuedTokens.removeAll()
        if let record = try? store.load(key), record.issuer == newSettings.owner { token = record.token }
        publish()
    }

    // MARK: - State

    /// The state now.
    public var state: TokenState {
        switch phase {
        case .refreshing: return .refreshing
        case .failed(let error): return .failed(error.stateReason)
        case .idle:
            guard let token else { return .none }
            return token.isExpired(at: Date()) ? .expired : .valid(expiresAt: token.expiresAt)
        }
    }

    /// A snapshot for `apix auth status`.
    public func status() -> AuthStatus {
        AuthStatus(
            key: key, state: state, grant: settings.grant,
            tokenURL: discovery.completedFromKept(settings, key: key).tokenURL, issuer: settings.issuer, token: token,
            storeFile: store.path(for: key), storeProblem: storeProblem)
    }

    /// Every change of `state`, starting with the current one; an expiring token produces `.expired` when it
    /// expires. The stream ends when the caller stops iterating it.
    public func states() -> AsyncStream<TokenState> {
        let (stream, continuation) = AsyncStream.makeStream(of: TokenState.self, bufferingPolicy: .bufferingNewest(8))
        publish()
        let id = nextObserver
        nextObserver += 1
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        continuation.yield(state)
        scheduleExpiry()
        return stream
    }

    // MARK: - Refreshing

    private func usableToken(besides rejected: String?) -> OAuthToken? {
        guard let token, token.accessToken != rejected, !token.isExpired(at: Date()) else { return nil }
        return token
    }

    /// Another apix process (the CLI beside the TUI) may have refreshed meanwhile, rotating the refresh token:
    /// take its newer token rather than spend ours.
    private func adoptStoredToken(besides rejected: String?) {
        guard let record = try? store.load(key), record.issuer == settings.owner, record.failure == nil,
            let stored = record.token, stored.accessToken != rejected,
            stored.receivedAt > (token?.receivedAt ?? .distantPast)
        else { return }
        token = stored
        remember(stored.accessToken)
        publish()
    }

    private func waitForRefreshInFlight() async {
        while case .refreshing(let task) = phase {
            _ = await task.value
        }
    }

    /// Starts a refresh and makes it the one in flight. Synchronous on purpose: the task is stored before the
    /// caller's first suspension, so concurrent callers find it and join.
    private func startRefresh(_ mode: Mode, browser: BrowserLogin? = nil) throws(AuthError)
        -> Task<Result<OAuthToken, AuthError>, Never>
    {
        let grant: OAuthTokenClient.Grant =
            if mode != .login, let refreshToken = token?.refreshToken { .refresh(refreshToken: refreshToken) } else {
                .configured
            }
        // The authorization code and device grants need the user (at a browser, at another device): without a front
        // end to ask, say how to log in.
        var login: BrowserLogin?
        if case .configured = grant, settings.grant == .authorizationCode || settings.grant == .deviceCode {
            guard let found = browser ?? browserLogin() else {
                throw AuthError(.loginRequired, grant: settings.grant.rawValue, session: key)
            }
            login = found
        }
        if mode == .automatic, !window.admit(at: .now) {
            throw AuthError(.tooManyRefreshes(count: window.policy.maxRefreshes, window: window.policy.window))
        }
        // With no token yet, obtaining one is a login whoever asked (a request's first token included): a failure
        // then reads `failed: login: …`, never a refresh of a token that never existed.
        let operation: AuthError.Operation = mode == .login || token == nil ? .login : .refresh
        let run = GrantRun(
            grant: grant, settings: settings, login: login, tokenClient: tokenClient, discovery: discovery, key: key,
            operation: operation)
        let generation = generation
        let task = Task {
            let result = await run.result()
            self.finish(result, grant: grant, generation: generation)
            return result
        }
        phase = .refreshing(task)
        publish()
        return task
    }

    private func finish(_ result: Result<OAuthToken, AuthError>, grant: OAuthTokenClient.Grant, generation: Int) {
        guard generation == self.generation else { return }
        switch result {
        case .success(let newToken):
            token = newToken
            phase = .idle
            remember(newToken.accessToken)
            save(TokenStore.Record(issuer: settings.owner, token: newToken))
        case .failure(let error) where error.reason == .cancelled:
            phase = .idle
        case .failure(let error):
            phase = .failed(error)
            if error.isRejection {
                // A rejected refresh token is dead (rotation, revocation): the next explicit refresh uses the grant.
                if case .refresh = grant { token?.refreshToken = nil }
                save(
                    TokenStore.Record(
                        issuer: settings.owner, token: token, failure: error.message,
                        failedOperation: error.operation?.rawValue))
            }
        }
        publish()
        scheduleExpiry()
    }

    private func save(_ record: TokenStore.Record) {
        do {
            try store.save(record, for: key)
            storeProblem = nil
        } catch {
            storeProblem = error
        }
    }

    private func remember(_ accessToken: String) {
        issuedTokens.append(accessToken)
        if issuedTokens.count > 8 { issuedTokens.removeFirst(issuedTokens.count - 8) }
    }

    /// What requests arriving after a failure are told.
    private func earlier(_ error: AuthError) -> AuthError {
        if case .earlierFailure = error.reason { return error }
        var earlier = AuthError(.earlierFailure(error.message), session: key)
        earlier.operation = error.operation
        return earlier
    }

    // MARK: - Observers

    private func publish() {
        let current = state
        guard current != published else { return }
        published = current
        for continuation in observers.values { continuation.yield(current) }
    }

    private func removeObserver(_ id: Int) {
        observers[id] = nil
        if observers.isEmpty {
            expiryTimer?.cancel()
            expiryTimer = nil
        }
    }

    /// Wakes up when the current token goes stale, so observers see `.expired` without polling.
    private func scheduleExpiry() {
        expiryTimer?.cancel()
        expiryTimer = nil
        guard !observers.isEmpty, case .idle = phase, let staleAt = token?.staleAt else { return }
        // Bounded: a token stored with a far expiry must not overflow the timer's milliseconds.
        let delay = min(staleAt.timeIntervalSinceNow, OAuthTokenClient.longestLifetime)
        guard delay > 0 else { return }
        expiryTimer = Task { [weak self] in
            guard (try? await Task.sleep(for: .milliseconds(Int64(delay * 1000) + 20))) != nil else { return }
            await self?.publish()
        }
    }
}

import ExplorerCore

/// Token management the TUI plugs into: an interceptor for sends, a stream of token states, and the panel's
/// actions. The core's auth (per profile and environment) implements it; without one the panel says so.
public protocol AuthProvider: Sendable {
    /// The interceptor that adds and refreshes credentials for requests of this profile and environment. `endpoint`
    /// is the endpoint as the explorer holds it (edits and one-off requests included), not as its file says.
    func interceptor(for key: AuthSessionKey, endpoint: Endpoint?) async -> (any RequestInterceptor)?
    /// `request` with the credential it would be sent with now, without asking a server for one (stored
    /// responses are kept per credential); `nil` when it needs a token and none is at hand.
    func currentCredentials(on request: PreparedRequest, for key: AuthSessionKey, endpoint: Endpoint?) async
        -> PreparedRequest?
    /// Token states as they change (first the current one), including refreshes triggered by sends.
    func statuses(for key: AuthSessionKey) async -> AsyncStream<TokenStatus>
    func login(_ key: AuthSessionKey) async
    func refresh(_ key: AuthSessionKey) async
    func logout(_ key: AuthSessionKey) async
    /// Stops the login or refresh in flight for `key` (its token request ends; nothing is remembered as failed).
    func cancelRefresh(_ key: AuthSessionKey) async
    /// The profiles as the explorer now holds them (after a save reloads one from its file): profile- and
    /// environment-level `auth:`, `auths:` and variables are read from these from now on.
    func catalogChanged(_ catalog: ProfileCatalog)
}

extension AuthProvider {
    public func catalogChanged(_ catalog: ProfileCatalog) {}
}

import ExplorerCore

/// Token management the TUI plugs into: an interceptor for sends, a stream of token states, and the panel's
/// actions. Every call carries the credentials it is about, resolved by `update` from the profiles as the explorer
/// holds them (`AppState.resolvedAuth`, `ExchangePlan.auth`), so the provider keeps no copy of them. The core's
/// auth (per profile, environment and definition) implements it; without one the panel says so.
package protocol AuthProvider: Sendable {
    /// The interceptor that adds and refreshes `auth` for a send; nil when no credentials apply.
    func interceptor(for auth: ResolvedAuth?, key: ProfileEnvironmentKey) async -> (any RequestInterceptor)?
    /// `request` with the credential it would be sent with now, without asking a server for one (stored
    /// responses are kept per credential); `nil` when it needs a token and none is at hand.
    func currentCredentials(on request: PreparedRequest, auth: ResolvedAuth?, key: ProfileEnvironmentKey) async
        -> PreparedRequest?
    /// Token states as they change (first the current one), including refreshes triggered by sends.
    func statuses(for key: ProfileEnvironmentKey, auth: ResolvedAuth?) async -> AsyncStream<TokenStatus>
    /// What the auth panel shows under the state (grant, token URL, scope, refresh token, expiry, claims); nil
    /// when there is no token to manage.
    func details(for key: ProfileEnvironmentKey, auth: ResolvedAuth?) async -> TokenDetails?
    func login(_ key: ProfileEnvironmentKey, auth: ResolvedAuth?) async
    func refresh(_ key: ProfileEnvironmentKey, auth: ResolvedAuth?) async
    /// Revokes the tokens where the profile says how (`revocation_url`), then forgets them whatever the server
    /// answered; returns why a revocation failed, one line each (empty when none did or none was asked).
    func logout(_ key: ProfileEnvironmentKey, auth: ResolvedAuth?) async -> [String]
    /// Stops the login or refresh in flight for `key` (its token request ends; nothing is remembered as failed).
    func cancelRefresh(_ key: ProfileEnvironmentKey) async
    /// Lets logins with the authorization code grant (the panel's `l`, or a send that needs a token) sign in through
    /// a browser, `show` getting what to show the user while apix waits for the redirect; the device grant shows its
    /// code through the same `show` (`BrowserLogin.Prompt.device`) while apix polls.
    func allowBrowserLogin(show: @escaping @Sendable (BrowserLogin.Prompt) -> Void)
}

extension AuthProvider {
    /// Providers without token details (tests' fakes) show the state alone.
    package func details(for key: ProfileEnvironmentKey, auth: ResolvedAuth?) async -> TokenDetails? { nil }
}

import Foundation
import Synchronization

/// The process-wide registry of OAuth2 sessions: one `TokenRefresher` per profile and environment, so the CLI,
/// the TUI and every request of either share tokens and never refresh the same one twice.
public final class AuthSessions: Sendable {
    /// The sessions of this process, with tokens under `StateDirectory.path()`.
    public static let shared = AuthSessions()

    package let store: TokenStore
    package let tokenClient: OAuthTokenClient
    package let policy: RefreshPolicy
    /// Endpoints from the issuers' metadata (`issuer:`), kept beside the tokens.
    package let discovery: AuthorizationServerDiscovery
    private let refreshers = Mutex<[ProfileEnvironmentKey: TokenRefresher]>([:])
    /// How a request with no token signs in with the authorization code or device grant: set by a front end that has
    /// a user at hand (the explorer, `apix run` on a terminal); nil: such a request fails saying to run `apix auth
    /// login`.
    private let browserLogin = Mutex<BrowserLogin?>(nil)

    package init(
        store: TokenStore = TokenStore(), tokenClient: OAuthTokenClient = OAuthTokenClient(),
        policy: RefreshPolicy = RefreshPolicy()
    ) {
        self.store = store
        self.tokenClient = tokenClient
        self.policy = policy
        self.discovery = AuthorizationServerDiscovery(beside: store, client: tokenClient.client)
    }

    /// The refresher for `key`, created on first use and given `settings` (which replace older ones).
    package func refresher(for key: ProfileEnvironmentKey, settings: OAuth2Settings) async -> TokenRefresher {
        if let existing = existingRefresher(for: key) {
            await existing.update(settings)
            return existing
        }
        // Built outside the lock (it reads the token file); the first one stored wins a race.
        let made = TokenRefresher(
            key: key, settings: settings, store: store, tokenClient: tokenClient, policy: policy, discovery: discovery,
            browserLogin: { [weak self] in self?.browserLogin.withLock { $0 } })
        let chosen = refreshers.withLock { table in
            if let existing = table[key] { return existing }
            table[key] = made
            return made
        }
        if chosen !== made { await chosen.update(settings) }
        return chosen
    }

    /// Lets requests with no token sign in through `login` (the authorization code and device grants); nil stops
    /// that.
    package func allowBrowserLogin(_ login: BrowserLogin?) {
        browserLogin.withLock { $0 = login }
    }

    /// The refresher for `key` if one was created, e.g. for the TUI to watch.
    package func existingRefresher(for key: ProfileEnvironmentKey) -> TokenRefresher? {
        refreshers.withLock { $0[key] }
    }

    /// The `Authorization` value of the OAuth2 token stored for `auth` under `key`, never asking a server for one:
    /// `nil` when `auth` is not OAuth2 or no token is at hand. A token known to have expired counts only with
    /// `includingExpired` (a stored response was fetched with the token of its time).
    package func storedAuthorization(
        for auth: ResolvedAuth, key: ProfileEnvironmentKey, includingExpired: Bool = false, now: Date = Date()
    ) async -> String? {
        guard case .oauth2(let settings) = auth,
            let token = await refresher(for: key, settings: settings).status().token,
            includingExpired || !token.isExpired(at: now)
        else { return nil }
        return token.authorization
    }

    /// The credential `auth` would add to a request now, never asking a server for one: a static one as it is,
    /// OAuth2's stored token (see `storedAuthorization`); `nil` when OAuth2 has no token at hand, and for the kinds
    /// libcurl works out (`currentCredentials(on:auth:key:includingExpired:)` covers every kind).
    package func currentCredential(for auth: ResolvedAuth, key: ProfileEnvironmentKey, includingExpired: Bool = false)
        async
        -> CredentialPlacement?
    {
        if let placement = auth.placement { return placement }
        let token = await storedAuthorization(for: auth, key: key, includingExpired: includingExpired)
        return token.map(CredentialPlacement.authorization)
    }

    /// `request` with the credential `auth` would add now, never asking a server for one: a static one as it is,
    /// one libcurl works out in its options (`TransferOptions.authentication`), OAuth2's stored token (see
    /// `storedAuthorization`); `nil` when OAuth2 has no token at hand.
    package func currentCredentials(
        on request: PreparedRequest, auth: ResolvedAuth, key: ProfileEnvironmentKey, includingExpired: Bool = false
    ) async -> PreparedRequest? {
        if case .oauth2 = auth {
            let token = await storedAuthorization(for: auth, key: key, includingExpired: includingExpired)
            return token.map { CredentialPlacement.authorization($0).apply(to: request) }
        }
        return await interceptor(for: auth, key: key).withFixedCredential(request)
    }

    /// The interceptor that applies `auth` to requests of `key`.
    package func interceptor(for auth: ResolvedAuth, key: ProfileEnvironmentKey) async -> AuthInterceptor {
        if case .oauth2(let settings) = auth {
            return AuthInterceptor(.oauth2(await refresher(for: key, settings: settings)))
        }
        if let credential = auth.transportCredential {
            return AuthInterceptor(.transport(credential, headers: auth.transportHeaders))
        }
        guard let placement = auth.placement else { preconditionFailure("every static kind has a placement") }
        return AuthInterceptor(.fixed(placement))
    }
}

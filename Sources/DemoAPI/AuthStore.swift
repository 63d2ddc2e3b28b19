/// The OAuth state of one server instance: issued tokens and the counters `/auth/stats` reports.
///
/// Every token operation is one actor call, so concurrent refreshes of the same refresh token cannot both win:
/// the first redeems (and thereby invalidates) it, the rest get `nil`.
actor AuthStore {
    /// Who an access token speaks for.
    struct AccessGrant: Sendable {
        /// The resource owner for password grants; `nil` for client credentials.
        var user: String?
        var clientID: String
        var scope: String
        var expiresAt: ContinuousClock.Instant
    }

    /// What a refresh token can be exchanged for.
    struct RefreshGrant: Sendable {
        var user: String
        var clientID: String
        var scope: String
    }

    /// Tokens handed out by one successful grant.
    struct IssuedTokens: Sendable {
        var accessToken: String
        var refreshToken: String?
        var scope: String
        var lifetime: Duration
    }

    /// The outcome of checking a bearer token.
    enum Validation: Sendable {
        case valid(AccessGrant)
        case expired
        case unknown
    }

    /// The counters behind `/auth/stats`.
    struct Stats: Sendable {
        var tokenRequests = 0
        var refreshes = 0
        var passwordGrants = 0
        var clientCredentialsGrants = 0
        var failures = 0
    }

    let accessTokenLifetime: Duration
    let refreshedTokenLifetime: Duration
    private var accessTokens: [String: AccessGrant] = [:]
    private var refreshTokens: [String: RefreshGrant] = [:]
    private(set) var stats = Stats()

    init(accessTokenLifetime: Duration, refreshedTokenLifetime: Duration? = nil) {
        self.accessTokenLifetime = accessTokenLifetime
        self.refreshedTokenLifetime = refreshedTokenLifetime ?? accessTokenLifetime
    }

    // MARK: - Counting

    func countTokenRequest() { stats.tokenRequests += 1 }
    func countFailure() { stats.failures += 1 }

    // MARK: - Grants

    /// Issues tokens for a password grant.
    func grantPassword(user: String, clientID: String, scope: String) -> IssuedTokens {
        stats.passwordGrants += 1
        return issue(user: user, clientID: clientID, scope: scope, withRefreshToken: true)
    }

    /// Issues an access token (no refresh token, per RFC 6749 section 4.4.3) for a client credentials grant.
    func grantClientCredentials(clientID: String, scope: String) -> IssuedTokens {
        stats.clientCredentialsGrants += 1
        return issue(user: nil, clientID: clientID, scope: scope, withRefreshToken: false)
    }

    /// Exchanges a refresh token issued to `clientID` for new tokens, rotating it: the old refresh token stops
    /// working. `nil` when the token is unknown, used, revoked or belongs to another client.
    func grantRefresh(refreshToken: String, clientID: String, scope requestedScope: String?) -> IssuedTokens? {
        guard let grant = refreshTokens[refreshToken], grant.clientID == clientID else { return nil }
        refreshTokens[refreshToken] = nil
        stats.refreshes += 1
        return issue(
            user: grant.user, clientID: clientID, scope: requestedScope ?? grant.scope, withRefreshToken: true,
            lifetime: refreshedTokenLifetime)
    }

    /// The scope a refresh token was issued with, to check that a refresh asks for no more.
    func scope(ofRefreshToken token: String) -> String? {
        refreshTokens[token]?.scope
    }

    // MARK: - Using tokens

    func validate(accessToken token: String) -> Validation {
        guard let grant = accessTokens[token] else { return .unknown }
        return ContinuousClock.now < grant.expiresAt ? .valid(grant) : .expired
    }

    /// Revokes an access or refresh token; `false` when it was not known.
    func revoke(_ token: String) -> Bool {
        accessTokens.removeValue(forKey: token) != nil || refreshTokens.removeValue(forKey: token) != nil
    }

    /// Makes every access token expired now (refresh tokens keep working); returns how many were affected.
    func expireAllAccessTokens() -> Int {
        let now = ContinuousClock.now
        for token in accessTokens.keys {
            accessTokens[token]?.expiresAt = now
        }
        return accessTokens.count
    }

    // MARK: - Private

    private func issue(
        user: String?, clientID: String, scope: String, withRefreshToken: Bool, lifetime: Duration? = nil
    ) -> IssuedTokens {
        let lifetime = lifetime ?? accessTokenLifetime
        let accessToken = Self.randomToken(prefix: "at_")
        accessTokens[accessToken] = AccessGrant(
            user: user,
            clientID: clientID,
            scope: scope,
            expiresAt: .now + lifetime
        )
        var refreshToken: String?
        if withRefreshToken, let user {
            let token = Self.randomToken(prefix: "rt_")
            refreshTokens[token] = RefreshGrant(user: user, clientID: clientID, scope: scope)
            refreshToken = token
        }
        return IssuedTokens(accessToken: accessToken, refreshToken: refreshToken, scope: scope, lifetime: lifetime)
    }

    /// An opaque token: a readable prefix and 192 random bits in hex.
    private static func randomToken(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<3).reduce(prefix) { token, _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return token + String(repeating: "0", count: 16 - word.count) + word
        }
    }
}

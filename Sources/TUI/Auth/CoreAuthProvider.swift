import ExplorerCore
import Synchronization

/// The core's token management (`AuthSessions`: one refresher per profile, environment and named definition,
/// tokens in the state directory) behind the TUI's `AuthProvider`.
public final class CoreAuthProvider: AuthProvider {
    /// The profiles as the explorer holds them: given at start, replaced by `catalogChanged` after a save.
    private let profiles: Mutex<ProfileCatalog>
    let variables: [String: String]
    let sessions: AuthSessions

    public init(catalog: ProfileCatalog, variables: [String: String], sessions: AuthSessions = .shared) {
        profiles = Mutex(catalog)
        self.variables = variables
        self.sessions = sessions
    }

    var catalog: ProfileCatalog { profiles.withLock { $0 } }

    public func catalogChanged(_ catalog: ProfileCatalog) {
        profiles.withLock { $0 = catalog }
    }

    /// The credentials for an endpoint, else those of the key's definition (`auths:`, or the profile's `auth:`),
    /// variables filled in. The endpoint is the explorer's value, not looked up in `catalog`: a one-off request or an
    /// unsaved edit is not in it, and looking it up by id fell back to the profile's credentials.
    func resolve(_ key: AuthSessionKey, endpoint: Endpoint?) -> ResolvedAuth? {
        guard let profile = catalog.profile(key.profile),
            let builder = try? RequestBuilder(profile: profile, environment: key.environment)
        else { return nil }
        let overrides = RequestOverrides(variables: variables)
        guard let endpoint else { return try? builder.auth(definition: key.definition, overrides: overrides) }
        return try? builder.auth(for: endpoint, overrides: overrides)
    }

    public func interceptor(for key: AuthSessionKey, endpoint: Endpoint?) async -> (any RequestInterceptor)? {
        guard let auth = resolve(key, endpoint: endpoint) else { return nil }
        return await sessions.interceptor(for: auth, key: key)
    }

    public func currentCredentials(on request: PreparedRequest, for key: AuthSessionKey, endpoint: Endpoint?) async
        -> PreparedRequest?
    {
        guard let auth = resolve(key, endpoint: endpoint) else { return request }
        // The token as it is, even expired: the stored answer was fetched with it.
        let credential = await sessions.currentCredential(for: auth, key: key, includingExpired: true)
        return credential?.apply(to: request)
    }

    private func refresher(_ key: AuthSessionKey) async -> TokenRefresher? {
        guard case .oauth2(let settings)? = resolve(key, endpoint: nil) else { return nil }
        return await sessions.refresher(for: key, settings: settings)
    }

    public func statuses(for key: AuthSessionKey) async -> AsyncStream<TokenStatus> {
        guard let refresher = await refresher(key) else {
            let what = resolve(key, endpoint: nil).map { "\($0.typeName) (no token to refresh)" } ?? "no auth"
            return AsyncStream { continuation in
                continuation.yield(.unavailable(what))
                continuation.finish()
            }
        }
        let states = await refresher.states()
        return AsyncStream { continuation in
            let task = Task {
                for await state in states { continuation.yield(.token(state)) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    // Failures show up through `statuses` (the refresher publishes `.failed`), so the errors are not rethrown.
    public func login(_ key: AuthSessionKey) async {
        _ = try? await refresher(key)?.login()
    }

    public func refresh(_ key: AuthSessionKey) async {
        _ = try? await refresher(key)?.refresh()
    }

    public func logout(_ key: AuthSessionKey) async {
        try? await refresher(key)?.logout()
    }

    public func cancelRefresh(_ key: AuthSessionKey) async {
        await sessions.existingRefresher(for: key)?.cancelRefresh()
    }
}

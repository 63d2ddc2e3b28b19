import ExplorerCore

/// The core's token management (`AuthSessions`: one refresher per profile, environment and named definition,
/// tokens in the state directory) behind the TUI's `AuthProvider`. It holds no profiles: each call brings the
/// credentials it is about.
package final class CoreAuthProvider: AuthProvider {
    let sessions: AuthSessions

    package init(sessions: AuthSessions = .shared) {
        self.sessions = sessions
    }

    package func interceptor(for auth: ResolvedAuth?, key: ProfileEnvironmentKey) async -> (any RequestInterceptor)? {
        guard let auth else { return nil }
        return await sessions.interceptor(for: auth, key: key)
    }

    package func currentCredentials(on request: PreparedRequest, auth: ResolvedAuth?, key: ProfileEnvironmentKey) async
        -> PreparedRequest?
    {
        guard let auth else { return request }
        // The token as it is, even expired: the stored answer was fetched with it.
        return await sessions.currentCredentials(on: request, auth: auth, key: key, includingExpired: true)
    }

    private func refresher(_ key: ProfileEnvironmentKey, _ auth: ResolvedAuth?) async -> TokenRefresher? {
        guard case .oauth2(let settings)? = auth else { return nil }
        return await sessions.refresher(for: key, settings: settings)
    }

    package func statuses(for key: ProfileEnvironmentKey, auth: ResolvedAuth?) async -> AsyncStream<TokenStatus> {
        guard let refresher = await refresher(key, auth) else {
            let what = auth.map { "\($0.typeName) (no token to refresh)" } ?? "no auth"
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

    package func details(for key: ProfileEnvironmentKey, auth: ResolvedAuth?) async -> TokenDetails? {
        guard let refresher = await refresher(key, auth) else { return nil }
        return TokenDetails(await refresher.status())
    }

    // Failures show up through `statuses` (the refresher publishes `.failed`), so the errors are not rethrown.
    package func login(_ key: ProfileEnvironmentKey, auth: ResolvedAuth?) async {
        _ = try? await refresher(key, auth)?.login()
    }

    package func refresh(_ key: ProfileEnvironmentKey, auth: ResolvedAuth?) async {
        _ = try? await refresher(key, auth)?.refresh()
    }

    /// Revokes at the profile's `revocation_url` first, when it has one; the tokens are forgotten even when the
    /// server refused or could not be reached, and what failed is returned for the status bar (as `apix auth logout`
    /// says it).
    package func logout(_ key: ProfileEnvironmentKey, auth: ResolvedAuth?) async -> [String] {
        do throws(AuthError) {
            return try await refresher(key, auth)?.logoutRevoking().map { "logged out, but \($0.message)" } ?? []
        } catch {
            return ["cannot forget the tokens: \(error.message)"]
        }
    }

    package func cancelRefresh(_ key: ProfileEnvironmentKey) async {
        await sessions.existingRefresher(for: key)?.cancelRefresh()
    }

    /// The browser login of every refresher (`AuthSessions.allowBrowserLogin`): `$BROWSER` or `xdg-open` opens the
    /// URL (with its input and output on /dev/null, so a terminal browser cannot take the screen), the listener
    /// waits for the redirect on 127.0.0.1; nothing is read from stdin, which is the explorer's keyboard.
    package func allowBrowserLogin(show: @escaping @Sendable (BrowserLogin.Prompt) -> Void) {
        sessions.allowBrowserLogin(BrowserLogin(opensBrowser: true, readsPastedURL: false, show: show))
    }
}

import ExplorerCore

/// The auth panel and following token states.
extension AppState {
    /// Opens the auth panel and follows the current token.
    mutating func showAuth() -> [Effect] {
        overlay = .auth
        return watchCurrentToken()
    }

    mutating func handleAuthKey(_ key: Key) -> [Effect] {
        guard let auth = currentTokenKey else {
            overlay = nil
            return []
        }
        switch keyMap.command(for: key, in: .auth) {
        case .login:
            requestedTokens[auth] = TokenRequest(kind: .login)
            return [.login(auth, resolvedAuth(auth))]
        case .refreshToken:
            requestedTokens[auth] = TokenRequest(kind: .refresh)
            return [.refreshToken(auth, resolvedAuth(auth))]
        case .logout: return [.logout(auth, resolvedAuth(auth))]
        case .close:
            // Esc first stops a login or refresh that is waiting for the token server, as it stops a transfer.
            if key == .escape, let cancel = cancelPendingLogin() { return cancel }
            overlay = nil
        default: break
        }
        return []
    }

    /// A browser login is waiting for its redirect: the panel opens (a send may have started the login) to show
    /// the address and how long apix waits; Esc there cancels it.
    mutating func browserLoginStarted(_ prompt: BrowserLogin.Prompt) -> [Effect] {
        browserPrompt = prompt
        overlay = .auth
        return watchCurrentToken()
    }

    /// Whether the current profile's token is being fetched (a login, a refresh, or one a send started).
    var isLoginPending: Bool {
        currentTokenStatus == .token(.refreshing)
    }

    /// Cancels the current profile's login or refresh in flight; `nil` when none is.
    mutating func cancelPendingLogin() -> [Effect]? {
        guard isLoginPending, let auth = currentTokenKey else { return nil }
        message = StatusMessage("cancelling the token request to the token server")
        return [.cancelRefresh(auth)]
    }

    mutating func watchCurrentToken() -> [Effect] {
        guard let key = currentTokenKey else { return [] }
        return watch(key)
    }

    /// The `auth:` in effect for the selected endpoint (or, with none selected, the profile) in its environment
    /// (`RequestBuilder.authSpec`): an endpoint's `auth: none` is none, a named definition is that definition.
    var currentAuthSpec: AuthSpec? {
        guard let profile = selectedProfile else { return nil }
        let builder = try? RequestBuilder(
            profile: profile, environment: environmentName(for: profile), processEnvironment: processEnvironment)
        return builder?.authSpec(for: selectedEndpoint)
    }

    /// The status bar's words for the selected endpoint's credentials (the core's `AuthSpec.Summary`), naming the
    /// definition it uses.
    var currentAuthSummaryText: String {
        currentAuthSummary.text(now: now.date, definition: currentTokenKey?.definition)
    }

    var currentAuthSummary: AuthSpec.Summary {
        AuthSpec.Summary(spec: currentAuthSpec, token: currentTokenStatus.tokenState)
    }

    /// Follows the OAuth2 token the auth panel shows (the selected endpoint's definition, else the profile's) as
    /// soon as it is selected, so the status bar and panel say whether one is there before anything is sent.
    mutating func watchSelectedOAuth2Token() -> [Effect] {
        guard let profile = selectedProfile, let key = currentTokenKey,
            let builder = try? RequestBuilder(
                profile: profile, environment: key.environment, processEnvironment: processEnvironment),
            case .oauth2? = builder.authSpec(definition: key.definition)
        else { return [] }
        return watchCurrentToken()
    }

    mutating func watch(_ key: ProfileEnvironmentKey) -> [Effect] {
        guard watchedTokens.insert(key).inserted else { return [] }
        return [.watchToken(key, resolvedAuth(key))]
    }

    /// The credentials of `key`'s definition (`auths:`, else the environment's or profile's `auth:`) with the
    /// session's variables, from the profiles as the explorer holds them; nil when none apply or they do not
    /// resolve.
    func resolvedAuth(_ key: ProfileEnvironmentKey) -> ResolvedAuth? {
        guard let profile = catalog.profile(key.profile),
            let builder = try? RequestBuilder(
                profile: profile, environment: key.environment, processEnvironment: processEnvironment)
        else { return nil }
        return (try? builder.auth(definition: key.definition, overrides: RequestOverrides(variables: variables))) ?? nil
    }

    /// A login or refresh asked for in the panel has ended: the status bar says so, with the new expiry, or why not
    /// (the panel shows the state either way, but it may be closed by then).
    mutating func confirmRequestedToken(_ key: ProfileEnvironmentKey, _ status: TokenStatus) {
        guard let requested = requestedTokens[key], let state = status.tokenState else { return }
        if state == .refreshing {
            requestedTokens[key]?.started = true
            return
        }
        switch state {
        case .valid(let expiresAt):
            // Only a token that arrived after the request started answers it (not the one held before).
            guard requested.started else { return }
            requestedTokens[key] = nil
            let until = expiresAt.map { ": valid until " + TokenDetails.utc($0) } ?? ": valid (no expiry given)"
            message = StatusMessage(requested.done + until)
        case .failed(let reason):
            requestedTokens[key] = nil
            // The state's reason names the operation already (`login: …`): said once.
            let kind = requested.kind.rawValue
            let why = reason.hasPrefix(kind + ": ") ? String(reason.dropFirst(kind.count + 2)) : reason
            message = StatusMessage("\(kind) failed: \(SafeText.escape(why))", isError: true)
        default:
            // Cancelled (Esc), or logged out meanwhile: nothing to confirm.
            if requested.started { requestedTokens[key] = nil }
        }
    }
}

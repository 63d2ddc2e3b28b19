import ExplorerCore

/// The auth panel and following token states.
extension AppState {
    /// Opens the auth panel and follows the current token.
    mutating func showAuth() -> [Effect] {
        overlay = .auth
        return watchCurrentToken()
    }

    mutating func handleAuthKey(_ key: Key) -> [Effect] {
        guard let auth = currentAuthKey else {
            overlay = nil
            return []
        }
        switch KeyMap.command(for: key, in: .auth) {
        case .login: return [.login(auth)]
        case .refreshToken: return [.refreshToken(auth)]
        case .logout: return [.logout(auth)]
        case .close: overlay = nil
        default: break
        }
        return []
    }

    mutating func watchCurrentToken() -> [Effect] {
        guard let key = currentAuthKey else { return [] }
        return watch(key)
    }

    mutating func watch(_ key: AuthSessionKey) -> [Effect] {
        guard watchedTokens.insert(key).inserted else { return [] }
        return [.watchToken(key)]
    }
}

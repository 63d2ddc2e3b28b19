import ExplorerCore

/// The cookie view (`K`): the jar of the selected profile and environment as the core reads it (`CookieJar`),
/// one row per cookie with its value masked; keys reveal a value, delete a cookie, and clear the jar after a
/// question. Reading and changing the jar is the runtime's work (`CookieJar` through libcurl's engine); each
/// change comes back as the jar read again.
extension AppState {
    /// The jar of the selected profile and environment, where the core keeps it.
    var currentCookieJar: (key: ProfileEnvironmentKey, jar: CookieJar)? {
        guard let key = currentAuthKey else { return nil }
        let jar = CookieJar(
            profile: key.profile, environment: key.environment,
            stateDirectory: StateDirectory.path(environment: processEnvironment))
        return (key, jar)
    }

    mutating func showCookies() -> [Effect] {
        guard let (key, jar) = currentCookieJar else {
            refuseWindow("no profile selected: cookies are kept per profile and environment")
            return []
        }
        overlay = .cookies(CookiesViewState(jar: jar, key: key))
        return [.loadCookies(jar)]
    }

    /// The jar as read again; ignored when the view shows another jar or is closed.
    mutating func cookiesLoaded(path: String, _ cookies: [CookieJar.Cookie], error: String?) {
        guard case .cookies(var view) = overlay, view.jar.path == path else { return }
        view.cookies = cookies
        view.error = error
        view.selected = min(max(0, view.selected), max(0, cookies.count - 1))
        let identities = Set(cookies.map(CookiesViewState.identity))
        view.revealed.formIntersection(identities)
        overlay = .cookies(view)
    }

    /// After an exchange ends the jar may hold new cookies: an open view reads it again.
    func reloadOpenCookieView() -> [Effect] {
        guard case .cookies(let view) = overlay else { return [] }
        return [.loadCookies(view.jar)]
    }

    mutating func handleCookiesKey(_ key: Key, _ view: CookiesViewState) -> [Effect] {
        var view = view
        let command = keyMap.command(for: key, in: .cookies)
        if view.confirmingClear {
            view.confirmingClear = false
            overlay = .cookies(view)
            guard command == .confirm else {
                message = StatusMessage("the jar is kept")
                return []
            }
            let count = view.cookies?.count ?? 0
            message = StatusMessage(
                "cleared \(Units.count(count, "cookie")) of \(view.key.profile) · \(view.key.environment)")
            view.revealed = []
            overlay = .cookies(view)
            return [.clearCookies(view.jar)]
        }
        var effects: [Effect] = []
        switch command {
        case .moveUp: view.selected -= 1
        case .moveDown: view.selected += 1
        case .reveal:
            guard let cookie = view.selectedCookie else { break }
            let identity = CookiesViewState.identity(cookie)
            if view.revealed.remove(identity) == nil { view.revealed.insert(identity) }
        case .deleteCookie:
            guard let cookie = view.selectedCookie else { break }
            view.revealed.remove(CookiesViewState.identity(cookie))
            message = StatusMessage(
                "deleted the cookie \(SafeText.escape(cookie.name)) of \(SafeText.escape(cookie.shownDomain))")
            effects.append(.deleteCookie(view.jar, cookie))
        case .clearCookies:
            guard let cookies = view.cookies, !cookies.isEmpty else { break }
            view.confirmingClear = true
        case .close:
            overlay = nil
            return []
        default:
            break
        }
        view.selected = min(max(0, view.selected), max(0, (view.cookies?.count ?? 0) - 1))
        overlay = .cookies(view)
        return effects
    }
}

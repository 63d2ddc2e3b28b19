import ExplorerCore

/// The runtime's token work: the auth panel's login, refresh, logout and cancel, and following token states, each
/// with the credentials `update` resolved for it.
extension Runtime {
    func performAuth(_ effect: Effect) {
        switch effect {
        case .login(let key, let resolved):
            runAuth(key) { await $0.login(key, auth: resolved) }
        case .refreshToken(let key, let resolved):
            runAuth(key) { await $0.refresh(key, auth: resolved) }
        case .logout(let key, let resolved):
            let inbox = self.inbox
            runAuth(key) { auth in
                // The token state shows the logout; a revocation the server did not take is said apart.
                let problems = await auth.logout(key, auth: resolved)
                if !problems.isEmpty { inbox.post(.warned(problems.map { SafeText.escape($0) })) }
            }
        case .cancelRefresh(let key):
            runAuth(key) { await $0.cancelRefresh(key) }
        case .watchToken(let key, let resolved):
            let inbox = self.inbox
            guard let auth else {
                inbox.post(.tokenUpdated(key, .unavailable("no auth")))
                return
            }
            tokenTasks.append(
                Task.detached {
                    for await status in await auth.statuses(for: key, auth: resolved) {
                        // The details first, so the panel never shows a new state beside old details.
                        if let details = await auth.details(for: key, auth: resolved) {
                            inbox.post(.tokenDetailed(key, details))
                        }
                        inbox.post(.tokenUpdated(key, status))
                    }
                })
        default:
            break
        }
    }

    private func runAuth(_ key: ProfileEnvironmentKey, _ body: @escaping @Sendable (any AuthProvider) async -> Void) {
        guard let auth else {
            inbox.post(.tokenUpdated(key, .unavailable("no auth")))
            return
        }
        Task.detached { await body(auth) }
    }
}

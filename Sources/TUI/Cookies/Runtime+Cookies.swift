import ExplorerCore

/// The runtime's work on cookie jars, off the main actor: reading one, deleting a cookie, clearing it. Each ends
/// with the jar read again (`.cookiesLoaded`), so the view shows what the file holds. Values never go to the log.
extension Runtime {
    static func performCookies(_ effect: Effect, inbox: Inbox) {
        switch effect {
        case .loadCookies(let jar):
            Task.detached { inbox.post(.cookiesLoaded(path: jar.path, jar.cookies(), error: nil)) }
        case .deleteCookie(let jar, let cookie):
            Task.detached {
                var failure: String?
                do {
                    try jar.delete(cookie)
                } catch {
                    failure = "could not delete the cookie: \(error)"
                }
                inbox.post(.cookiesLoaded(path: jar.path, jar.cookies(), error: failure))
            }
        case .clearCookies(let jar):
            Task.detached {
                var failure: String?
                do {
                    try jar.clear()
                } catch {
                    failure = "could not clear the jar: \(error)"
                }
                inbox.post(.cookiesLoaded(path: jar.path, jar.cookies(), error: failure))
            }
        default:
            break
        }
    }
}

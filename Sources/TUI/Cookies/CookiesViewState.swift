import ExplorerCore

/// The cookie view's own state: whose jar it shows, the cookies as last read (nil while reading), the selected row,
/// the values revealed while it is open, and whether it asks before clearing the jar.
package struct CookiesViewState: Hashable, Sendable {
    var jar: CookieJar
    /// The profile and environment the jar belongs to, for the title and messages.
    var key: ProfileEnvironmentKey
    var cookies: [CookieJar.Cookie]?
    /// Why the jar could not be read or changed, when it could not.
    var error: String?
    var selected = 0
    /// Cookies shown in clear (`CookiesViewState.identity`).
    var revealed: Set<String> = []
    /// `D` was pressed: `y` clears the jar, any other key keeps it.
    var confirmingClear = false

    /// What tells one cookie of the jar from another: name, domain and path.
    static func identity(_ cookie: CookieJar.Cookie) -> String {
        [cookie.name, cookie.domain, cookie.path].joined(separator: "\t")
    }

    var selectedCookie: CookieJar.Cookie? {
        guard let cookies, cookies.indices.contains(selected) else { return nil }
        return cookies[selected]
    }
}

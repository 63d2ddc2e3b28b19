import Foundation

/// What a profile's OAuth2 tokens look like right now, for a status bar or `apix auth status`.
public enum TokenState: Sendable, Hashable {
    /// No token: never logged in, or logged out.
    case none
    /// A usable access token; `expiresAt` is `nil` when the server gave no lifetime.
    case valid(expiresAt: Date?)
    /// The access token is known to have expired; the next request refreshes it.
    case expired
    /// A refresh (or login) is in flight; requests wait for it.
    case refreshing
    /// The last refresh failed, for this reason; nothing refreshes automatically until the user logs in.
    case failed(String)

    /// `none`, `valid`, `expired`, `refreshing` or `failed` (for `--json`).
    public var name: String {
        switch self {
        case .none: "none"
        case .valid: "valid"
        case .expired: "expired"
        case .refreshing: "refreshing"
        case .failed: "failed"
        }
    }

    /// The one wording of a token state, for the TUI's status bar and auth panel and `apix auth status`:
    /// `none`, `valid, expires in 4:12`, `valid (no expiry given)`, `expired`, `refreshing…`, `failed: why`.
    /// The countdown uses `Units.eta`, like transfers; a lifetime that has run out reads `expired`.
    public func summary(now: Date = Date()) -> String {
        switch self {
        case .none: return "none"
        case .valid(nil): return "valid (no expiry given)"
        case .valid(let expiresAt?):
            let left = expiresAt.timeIntervalSince(now)
            return left <= 0 ? "expired" : "valid, expires in \(Units.eta(seconds: left))"
        case .expired: return "expired"
        case .refreshing: return "refreshing…"
        case .failed(let reason): return "failed: \(reason)"
        }
    }

    /// Whether `summary` counts down (a screen showing it redraws every second).
    package var isCountingDown: Bool {
        if case .valid(let expiresAt) = self { return expiresAt != nil }
        return false
    }
}

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

    /// `valid, expires in 4m 12s`, `expired`, `failed: …`.
    public func summary(now: Date = Date()) -> String {
        switch self {
        case .none: return "none"
        case .valid(nil): return "valid (no expiry given)"
        case .valid(let expiresAt?): return "valid, expires in " + Self.span(max(0, expiresAt.timeIntervalSince(now)))
        case .expired: return "expired"
        case .refreshing: return "refreshing"
        case .failed(let reason): return "failed: \(reason)"
        }
    }

    /// `45s`, `4m 12s`, `2h 5m`.
    static func span(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded(.down))
        if total < 60 { return "\(total)s" }
        if total < 3600 { return "\(total / 60)m \(total % 60)s" }
        return "\(total / 3600)h \(total % 3600 / 60)m"
    }
}

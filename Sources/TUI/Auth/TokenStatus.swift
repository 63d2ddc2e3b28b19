import ExplorerCore
import Foundation

/// What the auth panel and status bar show about the token of the current profile and environment.
public enum TokenStatus: Sendable, Equatable {
    /// The profile uses no token (or token support is not available); the text says which.
    case unavailable(String)
    /// No token yet: log in to get one.
    case none
    case valid(expiresAt: Date?)
    case expired
    case refreshing
    case failed(String)

    /// One line for the status bar and panel, counting down with `now`.
    public func summary(now: Date) -> String {
        switch self {
        case .unavailable(let why): return why
        case .none: return "no token"
        case .valid(let expiresAt?):
            let left = expiresAt.timeIntervalSince(now)
            return left <= 0 ? "expired" : "valid, expires in \(Units.eta(seconds: left))"
        case .valid(nil): return "valid"
        case .expired: return "expired"
        case .refreshing: return "refreshing…"
        case .failed(let reason): return "refresh failed: \(reason)"
        }
    }

    /// Whether a countdown is on screen (the UI then redraws every second).
    public var isCountingDown: Bool {
        if case .valid(let expiresAt) = self { return expiresAt != nil }
        return false
    }
}

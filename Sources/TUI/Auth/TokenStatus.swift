import ExplorerCore
import Foundation

/// What the auth panel and status bar show about the token of the current profile and environment: the core's
/// `TokenState` (and its wording), or why there is no token to show.
package enum TokenStatus: Sendable, Equatable {
    /// The profile uses no token (or token support is not available); the text says which.
    case unavailable(String)
    case token(TokenState)

    /// One line for the status bar and panel, counting down with `now`.
    package func summary(now: Date) -> String {
        switch self {
        case .unavailable(let why): why
        case .token(let state): state.summary(now: now)
        }
    }

    /// The token's state, when there is a token to speak of.
    package var tokenState: TokenState? {
        if case .token(let state) = self { return state }
        return nil
    }

    /// Whether a countdown is on screen (the UI then redraws every second).
    package var isCountingDown: Bool {
        if case .token(let state) = self { return state.isCountingDown }
        return false
    }
}

/// A token the user asked for in the auth panel.
struct TokenRequest: Equatable {
    enum Kind: String {
        case login
        case refresh
    }

    var kind: Kind
    /// Whether the token's state went to refreshing since (so a valid state after it is the new token).
    var started = false

    /// What the status bar says when it arrived.
    var done: String { kind == .login ? "logged in" : "token refreshed" }
}

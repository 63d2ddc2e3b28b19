/// A snapshot of one profile's OAuth2 session, for `apix auth status` and the TUI's token panel.
public struct AuthStatus: Sendable, Equatable {
    public var key: ProfileEnvironmentKey
    public var state: TokenState
    package var grant: AuthSpec.OAuth2.Grant
    /// `nil` until the issuer's metadata names it (`issuer:` and no login yet).
    public var tokenURL: String?
    /// The `issuer:` whose metadata fills in the endpoints not written.
    public var issuer: String?
    /// The tokens themselves: show them only when the user asks (`--reveal`).
    public var token: OAuthToken?
    /// The token file.
    public var storeFile: String
    /// Why the token file was ignored, when it could not be read.
    public var storeProblem: AuthError?

    package init(
        key: ProfileEnvironmentKey, state: TokenState, grant: AuthSpec.OAuth2.Grant, tokenURL: String?,
        issuer: String? = nil, token: OAuthToken?,
        storeFile: String, storeProblem: AuthError? = nil
    ) {
        self.key = key
        self.state = state
        self.grant = grant
        self.tokenURL = tokenURL
        self.issuer = issuer
        self.token = token
        self.storeFile = storeFile
        self.storeProblem = storeProblem
    }
}

/// Why credentials could not be obtained: what the token server said, why it could not be reached, or why apix
/// stopped asking. Requests waiting for a token fail with it (as `ClientError.auth(message)`).
public struct AuthError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The token endpoint answered with an error: `code` is RFC 6749's `error` (`invalid_grant`, …) or, for
        /// a body that is not an OAuth error, the HTTP status.
        case rejected(status: Int, code: String, detail: String?)
        /// No response from the token endpoint.
        case unreachable(TransportError)
        /// An answer without a usable token: a success without one, or a redirect (never followed).
        case invalidResponse(String)
        /// The profile lacks something the grant needs (e.g. a password for the password grant).
        case missingSetting(String)
        /// More automatic refreshes than the policy allows within its window: the server keeps refusing fresh
        /// tokens, so apix stops instead of looping.
        case tooManyRefreshes(count: Int, window: Duration)
        /// An earlier refresh failed (in this process, or in another one for a rejected grant): no automatic
        /// refresh until the user logs in or refreshes explicitly.
        case earlierFailure(String)
        /// The token file could not be read or written.
        case store(path: String, detail: String)
        /// The wait for a token was cancelled.
        case cancelled
        /// The authorization code or device grant has no token and no way to ask the user here (a script, not a
        /// terminal).
        case loginRequired
        /// A browser login ended without a code: a wrong `state`, an `error=` redirect, no redirect in time.
        case authorization(String)
        /// A device login (RFC 8628) ended without a token: the user denied it, or the code expired first.
        case deviceAuthorization(String)
        /// The issuer's metadata (`issuer:`) could not be read, was refused, or lacks an endpoint the grant needs.
        case discovery(String)
        /// The revocation endpoint did not confirm a revocation (RFC 7009); the tokens are forgotten anyway.
        case revocation(String)
    }

    /// What was being done when it failed: a login (the profile's grant, asked for) or a refresh.
    public enum Operation: String, Sendable, Equatable {
        case login
        case refresh
    }

    public var reason: Reason
    /// Set by the refresher on the failures it remembers, so later messages name what failed.
    public var operation: Operation?
    /// The grant that was attempted (`password`, `client_credentials`, `refresh_token`), when one was.
    public var grant: String?
    /// Whose tokens, when known (to say which `apix auth login` recovers).
    public var session: ProfileEnvironmentKey?

    package init(_ reason: Reason, grant: String? = nil, session: ProfileEnvironmentKey? = nil) {
        self.reason = reason
        self.grant = grant
        self.session = session
    }

    /// Whether the token server refused the grant with a 4xx (so asking again with the same credentials would
    /// fail again); 5xx answers and unreachable servers may recover on their own.
    var isRejection: Bool {
        if case .rejected(let status, _, _) = reason { return (400..<500).contains(status) }
        return false
    }

    /// Whether the endpoint itself may be wrong (unreachable, not found, moved): endpoints from an issuer's
    /// metadata are then read again at the next login.
    var endpointMayHaveMoved: Bool {
        switch reason {
        case .unreachable, .invalidResponse: true
        case .rejected(let status, _, _): status == 404 || status == 405 || status == 410
        default: false
        }
    }

    /// One line, for a status bar or stderr.
    public var message: String {
        let grantText = grant.map { " the \($0) grant" } ?? ""
        switch reason {
        case .rejected(let status, let code, let detail):
            let said = detail.map { "\(code): \($0)" } ?? code
            return "the token server rejected\(grantText) (HTTP \(status)): \(said)"
        case .unreachable(let error):
            return "token endpoint unreachable\(grant.map { " (\($0) grant)" } ?? ""): \(error.message)"
        case .invalidResponse(let why):
            return "the token server's answer\(grant.map { " to the \($0) grant" } ?? "") is unusable: \(why)"
        case .missingSetting(let what):
            return "cannot log in: \(what)"
        case .tooManyRefreshes(let count, let window):
            return "gave up after \(count) token refreshes within \(window.components.seconds) s: "
                + "the server keeps rejecting new tokens"
        case .earlierFailure(let why):
            let command = session.map { "apix auth login \($0.profile) -e \($0.environment)" } ?? "apix auth login"
            let what = operation == .login ? "login" : "token refresh"
            return "an earlier \(what) failed (\(why)); log in again (\(command))"
        case .store(let path, let detail):
            return "token store \(path): \(detail)"
        case .cancelled:
            return "cancelled"
        case .loginRequired:
            let command = session.map { "apix auth login \($0.profile) -e \($0.environment)" } ?? "apix auth login"
            let named = session?.definition.map { " --auth \($0)" } ?? ""
            let how =
                grant == AuthSpec.OAuth2.Grant.deviceCode.rawValue
                ? "the device_code grant signs in with a code entered on another device"
                : "the authorization_code grant signs in through a browser"
            return "no token yet, and \(how): run `\(command)\(named)` on a terminal first"
        case .authorization(let why):
            return "browser login failed: \(why)"
        case .deviceAuthorization(let why):
            return "device login failed: \(why)"
        case .revocation(let why):
            return why
        case .discovery(let why):
            return "issuer discovery failed: \(why)"
        }
    }

    public var description: String { message }

    /// What a token state says about this failure: the operation that failed and the reason as the server or the
    /// network gave it (`login: the token server rejected the password grant (HTTP 400): invalid_grant: …`), the
    /// same for a failure another process wrote to the token file.
    var stateReason: String {
        let why: String
        if case .earlierFailure(let earlier) = reason { why = earlier } else { why = message }
        return operation.map { "\($0.rawValue): \(why)" } ?? why
    }

    /// The same failure as the client reports it.
    var clientError: ClientError {
        if case .cancelled = reason { return .transport(TransportError(.cancelled, "cancelled")) }
        return .auth(message)
    }
}

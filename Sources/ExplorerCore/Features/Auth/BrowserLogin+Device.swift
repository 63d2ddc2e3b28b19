import Foundation

/// The device grant (RFC 8628): the user enters a code on another device while apix polls the token endpoint.
extension BrowserLogin {
    /// What a poll's answer means for the next one (RFC 8628 section 3.5).
    package enum DevicePollOutcome: Sendable, Equatable {
        /// Not approved yet: poll again after `interval` seconds (5 more after `slow_down`).
        case pollAgain(interval: Int)
        case signedIn(OAuthToken)
        /// Denied, expired, or a failure that polling again would not mend.
        case failed(AuthError)
    }

    /// Reads a poll's answer, `interval` being the seconds waited before it.
    package static func outcome(of result: Result<OAuthToken, AuthError>, interval: Int) -> DevicePollOutcome {
        let error: AuthError
        switch result {
        case .success(let token): return .signedIn(token)
        case .failure(let failure): error = failure
        }
        guard case .rejected(_, let code, let detail) = error.reason else { return .failed(error) }
        let said = detail.map { " (\(code): \($0))" } ?? " (\(code))"
        switch code {
        case "authorization_pending": return .pollAgain(interval: interval)
        case "slow_down": return .pollAgain(interval: interval + 5)
        case "access_denied":
            return .failed(deviceFailure("the sign-in was denied\(said); nothing stored"))
        case "expired_token":
            return .failed(deviceFailure("the code expired before it was approved\(said); nothing stored"))
        default: return .failed(error)
        }
    }

    /// Runs a device login for `settings`: asks `device_authorization_url` for a user code, shows it, and polls
    /// `token_url` through `tokenClient` at the server's interval until the user approves (the tokens), denies,
    /// the code expires, `timeout` passes, or the task is cancelled (each a one-line `AuthError`).
    package func authorizeDevice(_ settings: OAuth2Settings, tokenClient: OAuthTokenClient) async throws(AuthError)
        -> OAuthToken
    {
        let authorization = try await tokenClient.deviceAuthorization(settings: settings).get()
        let clock = ContinuousClock()
        let lifetime = Duration.seconds(authorization.expiresIn)
        let deadline = clock.now + min(timeout, lifetime)
        let prompt = DevicePrompt(
            userCode: authorization.userCode, verificationURI: authorization.verificationURI,
            verificationURIComplete: authorization.verificationURIComplete, expiresIn: authorization.expiresIn,
            interval: authorization.interval, deadline: Date().addingTimeInterval(Self.seconds(min(timeout, lifetime))))
        show(
            Prompt(
                url: authorization.verificationURIComplete ?? authorization.verificationURI, redirectURI: "",
                browser: nil, timeout: min(timeout, lifetime), readsPastedURL: false, device: prompt))
        var interval = authorization.interval
        while true {
            let wake = clock.now + .seconds(interval)
            do {
                try await Task.sleep(until: min(wake, deadline), clock: clock)
            } catch {
                throw AuthError(.cancelled, grant: settings.grant.rawValue)
            }
            if wake > deadline {
                let seconds = Int(Self.seconds(min(timeout, lifetime)).rounded())
                throw timeout < lifetime
                    ? Self.deviceFailure("not approved within \(seconds) s (--timeout); nothing stored")
                    : Self.deviceFailure("the code expired after \(seconds) s without approval; nothing stored")
            }
            let answer = await tokenClient.obtain(.deviceCode(authorization), settings: settings)
            switch Self.outcome(of: answer, interval: interval) {
            case .pollAgain(let next): interval = next
            case .signedIn(let token): return token
            case .failed(let error): throw error
            }
        }
    }

    private static func deviceFailure(_ why: String) -> AuthError {
        AuthError(.deviceAuthorization(why), grant: AuthSpec.OAuth2.Grant.deviceCode.rawValue)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

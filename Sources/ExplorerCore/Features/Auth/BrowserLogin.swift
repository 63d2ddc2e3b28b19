import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How a front end lets the authorization code grant sign the user in (RFC 6749 section 4.1, PKCE S256, RFC 8252's
/// loopback redirect): it listens on 127.0.0.1 (`RedirectListener`), shows the authorization URL (always) and opens
/// it in a browser (`BrowserLauncher`) unless told not to, takes exactly one redirect whose `state` matches (or,
/// with `readsPastedURL`, the redirected URL pasted on stdin), closes the listener and gives the code and verifier
/// to `TokenRefresher`, which exchanges them through `OAuthTokenClient` like every other grant. The device grant
/// reaches the user the same way (`authorizeDevice`, the same `show`), with a code to enter instead of a URL to open.
package struct BrowserLogin: Sendable {
    /// What the front end shows before the wait starts.
    package struct Prompt: Sendable, Equatable {
        /// The authorization URL (it holds the state and the challenge, never the verifier).
        package var url: String
        package var redirectURI: String
        /// The program that was asked to open `url`, nil when none was (or it could not start).
        package var browser: String?
        package var timeout: Duration
        package var readsPastedURL: Bool
        /// The device grant's instructions (`authorizeDevice`), nil for a browser login; `url` is then where the
        /// code is entered and `redirectURI` is empty.
        package var device: DevicePrompt?
    }

    /// What the device grant shows (RFC 8628 section 3.3): the code to enter and where. No device code: that
    /// one stays with the poller.
    package struct DevicePrompt: Sendable, Equatable {
        package var userCode: String
        package var verificationURI: String
        package var verificationURIComplete: String?
        /// Seconds the code lives, as the server said.
        package var expiresIn: Int
        /// Seconds between polls, as the server said (or RFC 8628's default of 5).
        package var interval: Int
        /// When apix stops waiting: the code's expiry, or the login's timeout if that comes first.
        package var deadline: Date

        package init(
            userCode: String, verificationURI: String, verificationURIComplete: String? = nil, expiresIn: Int,
            interval: Int, deadline: Date
        ) {
            self.userCode = userCode
            self.verificationURI = verificationURI
            self.verificationURIComplete = verificationURIComplete
            self.expiresIn = expiresIn
            self.interval = interval
            self.deadline = deadline
        }
    }

    package static let defaultTimeout: Duration = .seconds(300)

    /// How long to wait for the redirect.
    package var timeout: Duration
    /// Whether to start `$BROWSER` / `xdg-open` (`--no-browser`: no).
    package var opensBrowser: Bool
    /// Whether a redirected URL pasted on stdin is taken too (`--no-browser`).
    package var readsPastedURL: Bool
    /// Shows the prompt (the CLI: stderr; the explorer: the auth panel).
    package var show: @Sendable (Prompt) -> Void
    package var environment: [String: String]

    package init(
        timeout: Duration = BrowserLogin.defaultTimeout, opensBrowser: Bool = true, readsPastedURL: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        show: @escaping @Sendable (Prompt) -> Void
    ) {
        self.timeout = timeout
        self.opensBrowser = opensBrowser
        self.readsPastedURL = readsPastedURL
        self.environment = environment
        self.show = show
    }

    /// Runs the browser part of a login for `settings`: the code and verifier to exchange, or why there are none
    /// (a wrong `state`, an `error=` redirect, no redirect within `timeout`, cancelled).
    package func authorize(_ settings: OAuth2Settings) async throws(AuthError) -> AuthorizationCode {
        guard settings.authorizationURL != nil else {
            throw AuthError(.missingSetting("the authorization_code grant needs `authorization_url` under `auth`"))
        }
        var address: RedirectListener.Address?
        if let written = settings.redirectURI { address = try RedirectListener.Address(written) }
        let listener = try RedirectListener(address ?? .standard)
        // The redirect URI as written when it names its port, else the listener's with the port it got.
        let written = (address?.port ?? 0) != 0 ? settings.redirectURI : nil
        let redirectURI = written ?? listener.redirectURI
        let request = AuthorizationRequest(redirectURI: redirectURI)
        let url = request.url(settings: settings)
        let browser = opensBrowser ? BrowserLauncher.command(environment: environment) : nil
        // Shown before the browser starts: a browser that answers at once must not overtake the prompt.
        show(
            Prompt(
                url: url, redirectURI: redirectURI, browser: browser?.first, timeout: timeout,
                readsPastedURL: readsPastedURL))
        if let browser { BrowserLauncher.open(url, command: browser) }
        let deadline = ContinuousClock.now + timeout
        let cancelled = CancelFlag()
        let (timeout, pasted) = (timeout, readsPastedURL ? STDIN_FILENO : nil)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<AuthorizationCode, AuthError>, Never>) in
                // A plain thread: the wait blocks in poll(), which must not hold a thread of the cooperative pool.
                Thread {
                    let result = listener.receive(
                        until: deadline, pasted: pasted, timeout: timeout,
                        cancelled: { cancelled.isSet }, check: request.code(fromRedirect:))
                    continuation.resume(returning: result)
                }.start()
            }
        } onCancel: {
            cancelled.set()
        }
        return try result.get()
    }

    /// Told by the task's cancellation, read by the waiting thread.
    private final class CancelFlag: Sendable {
        private let flag = Atomic<Bool>(false)
        var isSet: Bool { flag.load(ordering: .relaxed) }
        func set() { flag.store(true, ordering: .relaxed) }
    }
}

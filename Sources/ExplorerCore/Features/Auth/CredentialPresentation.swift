import Foundation

/// How a request's secrets and credentials are shown: the one decision behind `apix run --json`, `apix export
/// curl`, `apix auth status` and the TUI's request preview.
///
/// - `bullets` (`--json`, the screen): secret variables read `••••`; the credential keeps its scheme or name and
///   hides the rest whole (`Authorization: Bearer ••••`, `api_key=••••`), even a token written in the profile;
///   credentials written by hand are masked too (`maskingHandWritten`).
/// - `marker` (`apix export curl`): secret variables become `SecretMarker`s, `${NAME}` in the export, and the rest
///   of the credential stays as written, so the command still sends it; an OAuth2 token reads `$ACCESS_TOKEN`.
/// - `revealed` (`--reveal`): what is sent; OAuth2's is the token at hand, when there is one.
///
/// In every style the variables the credentials use are secret even when no secrets file says so
/// (`RequestBuilder.showing(_:as:)`).
public enum CredentialPresentation: Sendable, Equatable {
    case revealed
    case bullets
    case marker

    /// The variable an OAuth2 access token is read from when it is not revealed (`$ACCESS_TOKEN` in an export).
    static let accessTokenVariable = "env.ACCESS_TOKEN"

    /// Whether secrets are replaced (every style but `revealed`).
    var masks: Bool { self != .revealed }

    /// How masked secrets read in this style.
    var maskStyle: VariableScope.MaskStyle { self == .marker ? .marker : .bullets }

    // MARK: - The credential

    /// What is shown of `auth`: for `marker`, `auth` as resolved in that style (its secrets already markers, see
    /// `credential(for:builder:overrides:token:)`); `bullets` hide the secret whole, so any resolution will do.
    /// `token`: the `Authorization` value of the OAuth2 token at hand; `nil` when `revealed` has no token to show.
    package func credential(for auth: ResolvedAuth, token: String? = nil) -> ShownCredential? {
        switch (self, auth) {
        case (_, .oauth2): oauth2Credential(token: token)
        case (_, .challenge), (_, .awsSigV4): computedCredential(auth)
        case (.bullets, _): .placement(auth.maskedPlacement())
        case (_, .basic(let username, let password)): .basic(username: username, password: password)
        case (_, _): auth.placement.map(ShownCredential.placement)
        }
    }

    /// The credential `endpoint`'s request is shown with, its variables rendered in this style; `nil` when no auth
    /// applies (or `revealed` has no OAuth2 token). OAuth2 settings are not resolved: only the token shows.
    package func credential(
        for endpoint: Endpoint?, builder: RequestBuilder, overrides: RequestOverrides = RequestOverrides(),
        token: String? = nil
    ) throws(RequestBuildError) -> ShownCredential? {
        let shown = builder.showing(endpoint, as: self)
        guard let spec = shown.authSpec(for: endpoint) else { return nil }
        if case .oauth2 = spec { return oauth2Credential(token: token) }
        let scope = try shown.scope(overrides: overrides.variables, masking: masks)
        guard let auth = try RequestBuilder.staticAuth(spec, scope: scope, masking: masks) else { return nil }
        return credential(for: auth, token: token)
    }

    /// Digest, NTLM, Negotiate or SigV4: `bullets` hide the password (and AWS's session token) whole.
    private func computedCredential(_ auth: ResolvedAuth) -> ShownCredential? {
        guard var credential = auth.transportCredential else { return nil }
        var headers = auth.transportHeaders
        if self == .bullets {
            credential.password = VariableScope.mask
            headers = headers.map { CredentialPlacement($0.target, VariableScope.mask) }
        }
        return .computed(credential, headers: headers)
    }

    private func oauth2Credential(token: String?) -> ShownCredential? {
        switch self {
        case .revealed: token.map { .placement(.authorization($0)) }
        case .bullets: .placement(.authorization("Bearer \(VariableScope.mask)"))
        case .marker: .placement(.authorization("Bearer " + SecretMarker.marker(for: Self.accessTokenVariable)))
        }
    }

    // MARK: - The request

    /// `endpoint`'s request as shown, without its credential (add it with `credential(…).apply(to:)`): built with
    /// `RequestBuilder.showing(_:as:)`, secrets masked in this style, credentials written by hand masked (`bullets`).
    package func request(
        for endpoint: Endpoint, builder: RequestBuilder, overrides: RequestOverrides = RequestOverrides()
    ) throws(RequestBuildError) -> PreparedRequest {
        try plan(for: endpoint, builder: builder, overrides: overrides).prepared()
    }

    /// `request(for:builder:overrides:)` as a `RequestPlan`: built without file system, process or randomness, for
    /// a front end whose update must stay pure (the TUI's preview).
    package func plan(
        for endpoint: Endpoint, builder: RequestBuilder, overrides: RequestOverrides = RequestOverrides()
    ) throws(RequestBuildError) -> RequestPlan {
        var plan = try builder.showing(endpoint, as: self).plan(for: endpoint, overrides: overrides, masking: masks)
        if self == .bullets { plan.request.headers = Self.maskingHandWritten(plan.request.headers) }
        return plan
    }

    /// `endpoint`'s request as shown with its credential: `request(for:builder:overrides:)` plus
    /// `credential(for:builder:overrides:token:)`.
    package func shownRequest(
        for endpoint: Endpoint, builder: RequestBuilder, overrides: RequestOverrides = RequestOverrides(),
        token: String? = nil
    ) throws(RequestBuildError) -> PreparedRequest {
        let request = try request(for: endpoint, builder: builder, overrides: overrides)
        let credential = try credential(for: endpoint, builder: builder, overrides: overrides, token: token)
        return credential?.apply(to: request) ?? request
    }

    /// The URL a response is shown with: the URL that answered, except when it is the URL that was sent (`sent`),
    /// which is shown as `shown` shows it, secrets masked in this style. A redirect's target is the server's and is
    /// shown as it came.
    package static func shownURL(of response: Response, sent: PreparedRequest, shown: PreparedRequest) -> String {
        response.url == sent.url ? readable(shown.url) : response.url
    }

    /// A shown URL as it reads: a masked secret is `••••`, not the percent-encoding the URL builder gave its bullets
    /// (`%E2%80%A2…`). Only for showing: such a URL is never sent.
    package static func readable(_ url: String) -> String {
        url.replacingOccurrences(of: encodedBullet, with: bullet, options: .caseInsensitive)
    }

    private static let bullet = String(VariableScope.mask.first ?? "•")
    private static let encodedBullet = PercentEncoding.encode(bullet, allowed: [])

    /// Credentials written by hand, which no variable marks as secret: `Authorization` and `Proxy-Authorization`
    /// keep their scheme only (`Bearer ••••`), a `Cookie` is masked whole.
    static func maskingHandWritten(_ headers: HTTPHeaders) -> HTTPHeaders {
        var masked = HTTPHeaders()
        for field in headers {
            let name = field.name.lowercased()
            if name == "cookie" {
                masked.add(field.name, VariableScope.mask)
                continue
            }
            guard name == "authorization" || name == "proxy-authorization" else {
                masked.add(field.name, field.value)
                continue
            }
            let scheme = field.value.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
            let value = scheme == field.value ? VariableScope.mask : "\(scheme) \(VariableScope.mask)"
            masked.add(field.name, value)
        }
        return masked
    }
}

import Foundation

/// Talks to an OAuth2 token endpoint (RFC 6749): builds the token request for a grant, sends it through `Client`,
/// and turns the answer into an `OAuthToken` or an `AuthError` that says what the server said.
package struct OAuthTokenClient: Sendable {
    /// Which grant to run.
    package enum Grant: Sendable, Hashable {
        /// The profile's grant: `password` or `client_credentials`.
        case configured
        /// The `refresh_token` grant.
        case refresh(refreshToken: String)
        /// The code a browser login brought back, exchanged with its PKCE verifier (RFC 6749 section 4.1.3).
        case authorizationCode(AuthorizationCode)
        /// One poll of the device grant (RFC 8628 section 3.4) with the device code of `DeviceAuthorization`.
        case deviceCode(DeviceAuthorization)
    }

    /// RFC 8628 section 3.4's `grant_type`.
    static let deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code"

    package let client: Client

    package init(client: Client = Client()) {
        self.client = client
    }

    /// Runs `grant` and returns the new tokens. A refresh answered without a new refresh token keeps the old one
    /// (RFC 6749 section 6).
    package func obtain(_ grant: Grant, settings: OAuth2Settings) async -> Result<OAuthToken, AuthError> {
        let name = Self.grantName(grant, settings: settings)
        let request: PreparedRequest
        do {
            request = try self.request(grant, settings: settings)
        } catch {
            return .failure(error)
        }
        switch await client.send(request) {
        case .failure(let error):
            return .failure(Self.failure(error, grant: name))
        case .success(let response):
            return Self.token(from: response, grant: name).map { token in
                var token = token
                if token.refreshToken == nil, case .refresh(let previous) = grant { token.refreshToken = previous }
                return token
            }
        }
    }

    /// The token request for `grant`: a form POST with the client authenticated as the profile says.
    package func request(_ grant: Grant, settings: OAuth2Settings) throws(AuthError) -> PreparedRequest {
        let name = Self.grantName(grant, settings: settings)
        var form: [(name: String, value: String)] = [
            ("grant_type", name == "device_code" ? Self.deviceCodeGrantType : name)
        ]
        switch grant {
        case .refresh(let refreshToken):
            form.append(("refresh_token", refreshToken))
        case .authorizationCode(let authorization):
            form.append(("code", authorization.code))
            form.append(("redirect_uri", authorization.redirectURI))
            form.append(("code_verifier", authorization.verifier))
        case .deviceCode(let authorization):
            form.append(("device_code", authorization.deviceCode))
        case .configured where settings.grant == .authorizationCode || settings.grant == .deviceCode:
            // Nothing to send without a browser's code or an approved device code: `TokenRefresher` asks
            // `BrowserLogin` for one first.
            throw AuthError(.loginRequired, grant: settings.grant.rawValue)
        case .configured where settings.grant == .password:
            guard let username = settings.username, let password = settings.password else {
                throw AuthError(.missingSetting("the password grant needs `username` and `password` under `auth`"))
            }
            form.append(("username", username))
            form.append(("password", password))
            if let scope = settings.scope, !scope.isEmpty { form.append(("scope", scope)) }
        case .configured:
            if let scope = settings.scope, !scope.isEmpty { form.append(("scope", scope)) }
        }
        guard let tokenURL = settings.tokenURL else {
            throw AuthError(.missingSetting("no `token_url` under `auth`, and the issuer's metadata names none"))
        }
        return Self.formRequest(to: tokenURL, form: form, settings: settings)
    }

    /// RFC 8628 section 3.1: asks the device authorization endpoint for a user code and a device code (with the
    /// client authenticated as for token requests, `scope` and `extra` sent).
    package func deviceAuthorization(settings: OAuth2Settings) async -> Result<DeviceAuthorization, AuthError> {
        let name = AuthSpec.OAuth2.Grant.deviceCode.rawValue
        guard let url = settings.deviceAuthorizationURL else {
            return .failure(
                AuthError(.missingSetting("the device_code grant needs `device_authorization_url` under `auth`")))
        }
        var form: [(name: String, value: String)] = []
        if let scope = settings.scope, !scope.isEmpty { form.append(("scope", scope)) }
        switch await client.send(Self.formRequest(to: url, form: form, settings: settings)) {
        case .failure(let error):
            return .failure(Self.failure(error, grant: name))
        case .success(let response):
            return DeviceAuthorization.parse(response)
        }
    }

    /// RFC 7009: asks the revocation endpoint to revoke `token` (`hint`: `refresh_token` or `access_token`);
    /// nil when it answered 200, else why not.
    package func revoke(_ token: String, hint: String, settings: OAuth2Settings) async -> AuthError? {
        guard let url = settings.revocationURL else { return nil }
        let request = Self.formRequest(
            to: url, form: [("token", token), ("token_type_hint", hint)], settings: settings, extra: false)
        let what = hint.replacingOccurrences(of: "_", with: " ")
        switch await client.send(request) {
        case .failure(let error):
            if error.isCancelled { return AuthError(.cancelled) }
            return AuthError(.revocation("the \(what) was not revoked: \(url) unreachable: \(error.message)"))
        case .success(let response) where response.statusCode == 200:
            return nil
        case .success(let response):
            let json = (try? response.body.data(limit: 1 << 20)).flatMap { try? JSONValue.parse($0) }
            var said = json?["error"]?.stringValue.map(Self.printable) ?? ""
            if let detail = json?["error_description"]?.stringValue { said += ": " + Self.printable(detail) }
            return AuthError(
                .revocation(
                    "the \(what) was not revoked: \(url) answered HTTP \(response.statusCode)"
                        + (said.isEmpty ? "" : " (\(said))")))
        }
    }

    /// The one way a form goes to the authorization server (token and revocation requests): a POST with the client
    /// authenticated as the profile says, `extra` fields added (token requests), never redirected.
    static func formRequest(
        to url: String, form: [(name: String, value: String)], settings: OAuth2Settings, extra: Bool = true
    ) -> PreparedRequest {
        var form = form
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if settings.clientAuth == .basic, let secret = settings.clientSecret {
            // RFC 6749 section 2.3.1: id and secret are form-encoded before they are joined and Base64-encoded.
            let credentials = FormEncoding.component(settings.clientID) + ":" + FormEncoding.component(secret)
            headers.set("Authorization", "Basic " + Data(credentials.utf8).base64EncodedString())
        } else {
            form.append(("client_id", settings.clientID))
            if let secret = settings.clientSecret { form.append(("client_secret", secret)) }
        }
        if extra { form.append(contentsOf: settings.extra.map { ($0.name, $0.value) }) }
        let body = FormEncoding.body(form)
        var options = settings.transfer
        options.downloadTo = nil
        // A 307 or 308 would resend the form, with its password, refresh token or client secret, to wherever
        // Location points; the credentials go only to the configured token_url (a redirect is reported instead).
        options.followRedirects = false
        return PreparedRequest(
            method: .post, url: url, headers: headers,
            body: .bytes(Data(body.utf8), contentType: "application/x-www-form-urlencoded"), options: options)
    }

    /// Why a request to the authorization server got no answer.
    static func failure(_ error: ClientError, grant: String) -> AuthError {
        if error.isCancelled { return AuthError(.cancelled, grant: grant) }
        guard let transport = error.transportError else {
            return AuthError(.invalidResponse(error.message), grant: grant)
        }
        return AuthError(.unreachable(transport), grant: grant)
    }

    /// `password`, `client_credentials`, `authorization_code`, `device_code` or `refresh_token` (the device grant's
    /// `grant_type` is a URN; messages name it by its profile name).
    static func grantName(_ grant: Grant, settings: OAuth2Settings) -> String {
        switch grant {
        case .configured: settings.grant.rawValue
        case .refresh: "refresh_token"
        case .authorizationCode: "authorization_code"
        case .deviceCode: "device_code"
        }
    }

    // MARK: - Answers

    /// Reads a token response (section 5.1) or an error response (section 5.2).
    static func token(from response: Response, grant: String, now: Date = Date()) -> Result<OAuthToken, AuthError> {
        if HTTPStatus.redirectCodes.contains(response.statusCode) {
            let location = response.headers["Location"].map { " to " + Self.printable($0) } ?? ""
            return .failure(
                AuthError(
                    .invalidResponse(
                        "HTTP \(response.statusCode) redirects\(location); token requests are not redirected, so "
                            + "the credentials in them reach only `token_url` (point it at the new address)"),
                    grant: grant))
        }
        let json = (try? response.body.data(limit: 1 << 20)).flatMap { try? JSONValue.parse($0) }
        guard response.statusClass == .success else {
            if let code = json?["error"]?.stringValue {
                let detail = json?["error_description"]?.stringValue.map(Self.printable)
                return .failure(
                    AuthError(
                        .rejected(status: response.statusCode, code: Self.printable(code), detail: detail), grant: grant
                    ))
            }
            let reason = response.reason.isEmpty ? "HTTP \(response.statusCode)" : Self.printable(response.reason)
            return .failure(AuthError(.rejected(status: response.statusCode, code: reason, detail: nil), grant: grant))
        }
        guard let object = json?.objectValue else {
            return .failure(AuthError(.invalidResponse("the body is not a JSON object"), grant: grant))
        }
        guard let access = object["access_token"]?.stringValue, !access.isEmpty else {
            return .failure(AuthError(.invalidResponse("no `access_token` in it"), grant: grant))
        }
        var token = OAuthToken(accessToken: access, receivedAt: now)
        if let type = object["token_type"]?.stringValue, !type.isEmpty { token.tokenType = type }
        if let refresh = object["refresh_token"]?.stringValue, !refresh.isEmpty { token.refreshToken = refresh }
        if let scope = object["scope"]?.stringValue { token.scope = scope }
        if let idToken = object["id_token"]?.stringValue, !idToken.isEmpty { token.idToken = idToken }
        // Some servers send `expires_in` as a string; both forms mean seconds from now.
        let expiresIn = object["expires_in"].flatMap { $0.doubleValue ?? $0.stringValue.flatMap(Double.init) }
        // At most about 31 years: a server's `1e300` would overflow the milliseconds of the expiry's timer.
        if let expiresIn, expiresIn.isFinite, expiresIn >= 0 {
            token.expiresAt = now.addingTimeInterval(min(expiresIn, Self.longestLifetime))
        }
        return .success(token)
    }

    /// The longest `expires_in` taken as said (1e9 s); a longer one counts as this long.
    static let longestLifetime: TimeInterval = 1e9

    /// Server text made safe for one line on a terminal: control characters dropped, length capped.
    static func printable(_ text: String) -> String {
        let cleaned = String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    !$0.properties.generalCategory.isControlOrFormat
                }))
        return cleaned.count > 200 ? cleaned.prefix(200) + "…" : cleaned
    }
}

extension Unicode.GeneralCategory {
    /// Control characters and invisible format characters (bidi overrides among them).
    fileprivate var isControlOrFormat: Bool {
        self == .control || self == .format
    }
}

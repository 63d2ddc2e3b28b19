/// How an exchange is shown, exported and kept: the request in each `CredentialPresentation`, the curl command, and
/// the secret values a record must not hold.
extension ExchangePlan {
    /// The request as `presentation` shows it, with its credential (`token`: the OAuth2 `Authorization` value at
    /// hand, which only `revealed` shows; without one an OAuth2 token reads masked). `withCredential: false`: the
    /// request alone, for adding the credential at hand later (`CredentialPlacement.apply`).
    public func shown(
        _ presentation: CredentialPresentation, token: String? = nil, withCredential: Bool = true
    ) throws(RequestBuildError) -> RequestPlan {
        if presentation == .bullets, token == nil, withCredential { return masked }
        return try Self.shownPlan(
            request, endpoint: isReplay ? nil : endpoint, builder: builder, overrides: overrides, auth: auth,
            as: presentation, token: token, withCredential: withCredential)
    }

    /// The request as `--json`, the Request tab and the history list it: shown in `presentation` with every
    /// header field as it went on the wire (`PreparedRequest.headersOnTheWire`; `sent` is the request that went,
    /// whose body sets `Content-Length` and the multipart boundary, and whose `jarCookie` is the jar's `Cookie`,
    /// each value masked unless revealed).
    public func shownOnTheWire(
        _ presentation: CredentialPresentation, token: String? = nil, sent: PreparedRequest
    ) -> PreparedRequest {
        var shown = (try? shown(presentation, token: token).request) ?? masked.request
        // The boundary drawn when it went, so the shown body and its Content-Type agree.
        if case .multipart(var body) = shown.body, case .multipart(let went) = sent.body {
            body.boundary = went.boundary
            shown.body = .multipart(body)
        }
        let jarCookie = presentation.masks ? sent.jarCookie.map(RequestCookies.masked) : sent.jarCookie
        shown.headers = shown.headersOnTheWire(sentBody: sent.body, jarCookie: jarCookie)
        return shown
    }

    /// `request` as `presentation` shows it. An endpoint's request is planned again with its secrets in that style;
    /// a replayed one is shown as recorded (its secrets were masked then). Credentials that cannot be shown in the
    /// style fall back to `bullets`; none are added when none apply.
    static func shownPlan(
        _ request: RequestPlan, endpoint: Endpoint?, builder: RequestBuilder?, overrides: RequestOverrides,
        auth: ResolvedAuth?, as presentation: CredentialPresentation, token: String?, withCredential: Bool
    ) throws(RequestBuildError) -> RequestPlan {
        guard let endpoint, let builder else {
            var shown = request
            if withCredential, let auth, let credential = presentation.credential(for: auth, token: token) {
                shown.request = credential.apply(to: shown.request)
            }
            return shown
        }
        var shown = try presentation.plan(for: endpoint, builder: builder, overrides: overrides)
        guard withCredential else { return shown }
        let credential =
            (try? presentation.credential(for: endpoint, builder: builder, overrides: overrides, token: token))
            ?? (try? CredentialPresentation.bullets.credential(for: endpoint, builder: builder, overrides: overrides))
        if let credential { shown.request = credential.apply(to: shown.request) }
        return shown
    }

    // MARK: - Secrets

    /// Every secret value of this exchange: the variables its request and credential treat as secret
    /// (`RequestBuilder.showing`), the credential placed (whole and without its scheme), the password of Basic and
    /// of the kinds libcurl works out (Digest, NTLM, Negotiate, AWS's secret key and session token), an OAuth2
    /// `token` (an `Authorization` value), and any hand-written `Authorization`, `Proxy-Authorization` or `Cookie`
    /// of `sent` (or of the request, before it is sent), and its declared credential fields.
    public func secretValues(token: String? = nil, sent: PreparedRequest? = nil) -> [String] {
        var values: [String] = []
        if let builder,
            let scope = try? builder.showing(endpoint, as: .bullets).scope(overrides: overrides.variables)
        {
            values += scope.secretNames.compactMap { scope.value(for: $0) }
        }
        func credential(_ value: String) {
            values.append(value)
            if let space = value.firstIndex(of: " ") { values.append(String(value[value.index(after: space)...])) }
        }
        if let placement = auth?.placement { credential(placement.value) }
        if case .basic(let username, let password)? = auth {
            values.append(password)
            values.append("\(username):\(password)")
        }
        if let computed = auth?.transportCredential {
            values.append(computed.password)
            values.append("\(computed.username):\(computed.password)")
        }
        values += auth?.transportHeaders.map(\.value) ?? []
        if let token { credential(token) }
        let sent = sent ?? request.request
        for field in sent.headers {
            let name = field.name.lowercased()
            if name == "authorization" || name == "proxy-authorization" || name == "cookie"
                || sent.credentialNames.headers.contains(name)
            {
                credential(field.value)
            }
        }
        return values
    }

    // MARK: - As a curl command

    /// The curl command that sends what this exchange sends (`apix export curl`, the explorer's copy as curl):
    /// secrets as `${NAME}` references, an OAuth2 token as `$ACCESS_TOKEN`; with `revealed`, every value in clear
    /// and the OAuth2 token `token` (else still `$ACCESS_TOKEN`).
    public func curlCommand(revealed: Bool, token: String? = nil) throws(RequestBuildError) -> CurlExport {
        var exported = try exported(revealed: revealed, token: token)
        let authOptions = exported.scheme?.curlOptions ?? []
        // curl 7.88 signs the query as written, as libcurl does: the same canonical order apix sends (secret markers
        // are made of unreserved characters, which the reordering leaves as they are).
        if case .awsSigV4? = exported.scheme {
            exported.request.url = TransportCredential.canonicalQueryURL(exported.request.url)
        }
        let request = exported.request
        return CurlExport(
            command: CurlCommandLine.render(request, basicAuth: exported.basic, authOptions: authOptions),
            variables: CurlCommandLine.shellVariables(in: request, basicAuth: exported.basic),
            secretsInEscapedContext: CurlCommandLine.secretsInEscapedContext(request),
            readsToken: exported.readsToken)
    }
}

/// A curl command line for an exchange, and what the user must know to run it.
public struct CurlExport: Sendable, Equatable {
    /// The command, one line.
    public let command: String
    /// Shell variables the command reads (`${NAME}` references), in order.
    public let variables: [String]
    /// Whether a secret stands inside a URL, form or JSON value, inserted as it is (exact unless it needs escaping).
    public let secretsInEscapedContext: Bool
    /// Whether the user asked for the token in clear but none was stored (the command reads `$ACCESS_TOKEN`).
    public let readsToken: Bool
}

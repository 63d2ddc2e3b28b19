/// An exchange as an export writes it (`apix export curl`, `apix export k6`): the request with secrets as
/// `SecretMarker`s (or in clear when revealed), a Basic or libcurl-computed credential kept apart so a masked
/// password can stay a variable of the target tool, and whether the OAuth2 token could not be revealed.
package struct ExportedRequest: Sendable {
    /// Method, URL, header fields and body; the credential applied unless it is `basic` or `computed`.
    package var request: PreparedRequest
    /// The user and password of Basic, or of a credential libcurl works out (`scheme`).
    package var basic: (username: String, password: String)?
    /// How the user and password are used when not as Basic (Digest, NTLM, Negotiate, AWS SigV4).
    package var scheme: TransportCredential.Scheme?
    /// Whether the user asked for the token in clear but none was stored (the export reads `ACCESS_TOKEN`).
    package var readsToken: Bool
}

extension ExchangePlan {
    /// This exchange as an export writes it: secrets as `SecretMarker`s, an OAuth2 token as the `ACCESS_TOKEN`
    /// variable; with `revealed`, every value in clear and the OAuth2 token `token` (else still `ACCESS_TOKEN`).
    package func exported(revealed: Bool, token: String? = nil) throws(RequestBuildError) -> ExportedRequest {
        let presentation: CredentialPresentation = revealed ? .revealed : .marker
        var request = try shown(presentation, withCredential: false).request
        var credential: ShownCredential?
        var readsToken = false
        if let endpoint, let builder, !isReplay {
            credential = try presentation.credential(
                for: endpoint, builder: builder, overrides: overrides, token: token)
            if credential == nil, case .oauth2? = builder.authSpec(for: endpoint) {
                // Revealed without a stored token: the export reads ACCESS_TOKEN instead.
                readsToken = revealed
                credential = try CredentialPresentation.marker.credential(
                    for: endpoint, builder: builder, overrides: overrides)
            }
        } else if let auth {
            credential = presentation.credential(for: auth, token: token)
        }
        var exported = ExportedRequest(request: request, basic: nil, scheme: nil, readsToken: readsToken)
        switch credential {
        case .basic(let username, let password)?: exported.basic = (username, password)
        case .computed(let computed, let headers)?:
            // The target tool works it out as libcurl does for apix, from the user and password.
            for header in headers { request = header.apply(to: request) }
            exported.request = request
            exported.basic = (computed.username, computed.password)
            exported.scheme = computed.scheme
        case let credential?: exported.request = credential.apply(to: request)
        case nil: break
        }
        return exported
    }

    /// The endpoint's `expect:` as an export writes it: its templates filled, secrets as `SecretMarker`s unless
    /// `revealed`; `complete` false when a value named an unknown variable. Nil without an expectation.
    package func exportedExpectation(revealed: Bool) -> (expectation: ResponseExpectation, complete: Bool)? {
        guard let expectation = endpoint?.expectation, !expectation.isEmpty else { return nil }
        guard let builder,
            let scope = try? builder.showing(endpoint, as: revealed ? .revealed : .marker)
                .scope(overrides: overrides.variables, masking: !revealed)
        else { return (expectation, false) }
        return ExpectationChecker.filled(expectation, scope: scope, masked: !revealed)
    }
}

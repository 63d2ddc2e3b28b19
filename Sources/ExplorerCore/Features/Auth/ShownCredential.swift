/// A credential as `CredentialPresentation` shows it: a header or query item, or HTTP Basic's user and password
/// kept apart, so an export can write them as curl's `-u` (which sends the same `Authorization: Basic`) and a
/// password can stay a shell variable.
package enum ShownCredential: Sendable, Equatable {
    case placement(CredentialPlacement)
    case basic(username: String, password: String)
    /// A credential libcurl works out (Digest, NTLM, Negotiate, AWS SigV4), its user name and password in the
    /// presentation's style: shown as `Authorization: Digest ••••` (its value exists only once the server's
    /// challenge or the request is known), exported as curl's own options (`--digest -u`, `--aws-sigv4`).
    /// `headers`: fields that go as they are beside it (AWS's session token), in the same style.
    case computed(TransportCredential, headers: [CredentialPlacement])

    /// Where it goes and its value as shown (Basic as its `Authorization` header; a computed one as its scheme and
    /// `••••`).
    package var placement: CredentialPlacement {
        switch self {
        case .placement(let placement): placement
        case .basic(let username, let password):
            .authorization("Basic " + ResolvedAuth.base64("\(username):\(password)"))
        case .computed(let credential, _):
            .authorization(credential.scheme.authorizationScheme + " " + VariableScope.mask)
        }
    }

    /// `request` with the credential in place, unless it carries one of its own (see `CredentialPlacement.apply`).
    package func apply(to request: PreparedRequest) -> PreparedRequest {
        var request = placement.apply(to: request)
        if case .computed(_, let headers) = self {
            for header in headers { request = header.apply(to: request) }
        }
        return request
    }
}

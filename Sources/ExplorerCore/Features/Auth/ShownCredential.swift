/// A credential as `CredentialPresentation` shows it: a header or query item, or HTTP Basic's user and password
/// kept apart, so an export can write them as curl's `-u` (which sends the same `Authorization: Basic`) and a
/// password can stay a shell variable.
package enum ShownCredential: Sendable, Equatable {
    case placement(CredentialPlacement)
    case basic(username: String, password: String)

    /// Where it goes and its value as shown (Basic as its `Authorization` header).
    package var placement: CredentialPlacement {
        switch self {
        case .placement(let placement): placement
        case .basic(let username, let password):
            .authorization("Basic " + ResolvedAuth.base64("\(username):\(password)"))
        }
    }

    /// `request` with the credential in place, unless it carries one of its own (see `CredentialPlacement.apply`).
    package func apply(to request: PreparedRequest) -> PreparedRequest {
        placement.apply(to: request)
    }
}

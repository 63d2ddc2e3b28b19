import Foundation

/// The credentials for one request, with every variable filled in (see `RequestBuilder.auth(for:overrides:)`).
package enum ResolvedAuth: Sendable, Equatable {
    case bearer(token: String)
    case basic(username: String, password: String)
    case apiKey(name: String, value: String, location: AuthSpec.KeyLocation)
    case oauth2(OAuth2Settings)

    /// Where a static credential goes; `nil` for OAuth2, whose credential is the current access token.
    package var placement: CredentialPlacement? {
        switch self {
        case .bearer(let token): .authorization("Bearer \(token)")
        case .basic(let username, let password): .authorization("Basic " + Self.base64("\(username):\(password)"))
        case .apiKey(let name, let value, .header): CredentialPlacement(.header(name), value)
        case .apiKey(let name, let value, .query): CredentialPlacement(.query(name), value)
        case .oauth2: nil
        }
    }

    /// The credential as it may be shown or exported: the scheme and name stay, the secret reads `mask`
    /// (`Authorization: Bearer ••••`, `api_key=••••`).
    func maskedPlacement(mask: String = VariableScope.mask) -> CredentialPlacement {
        switch self {
        case .bearer, .oauth2: .authorization("Bearer \(mask)")
        case .basic: .authorization("Basic \(mask)")
        case .apiKey(let name, _, .header): CredentialPlacement(.header(name), mask)
        case .apiKey(let name, _, .query): CredentialPlacement(.query(name), mask)
        }
    }

    /// The profile's `type:` name.
    package var typeName: String {
        switch self {
        case .bearer: "bearer"
        case .basic: "basic"
        case .apiKey: "api_key"
        case .oauth2: "oauth2"
        }
    }

    static func base64(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
    }
}

/// OAuth2 settings with every variable filled in: what the token client needs to talk to the token endpoint.
package struct OAuth2Settings: Sendable, Equatable {
    package var grant: AuthSpec.OAuth2.Grant
    /// Absolute URL of the token endpoint; `nil` until the issuer's metadata names it.
    package var tokenURL: String?
    /// Absolute URL of the authorization server whose metadata fills in the endpoints not written
    /// (`AuthorizationServerDiscovery`).
    package var issuer: String?
    package var clientID: String
    package var clientSecret: String?
    package var username: String?
    package var password: String?
    package var scope: String?
    package var clientAuth: AuthSpec.OAuth2.ClientAuth
    /// Extra form fields, in order.
    package var extra: [Field]
    /// Time limits and TLS settings for token requests (the profile's and environment's).
    package var transfer: TransferOptions
    /// Absolute URL of the authorization endpoint (authorization code grant).
    package var authorizationURL: String?
    /// The redirect URI as written (`nil`: `http://127.0.0.1:{free port}/callback`).
    package var redirectURI: String?
    /// Absolute URL of the revocation endpoint (RFC 7009), when there is one.
    package var revocationURL: String?
    /// Absolute URL of the device authorization endpoint (RFC 8628, device grant).
    package var deviceAuthorizationURL: String?

    /// One extra form field.
    package struct Field: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package init(
        grant: AuthSpec.OAuth2.Grant, tokenURL: String?, issuer: String? = nil, clientID: String,
        clientSecret: String? = nil,
        username: String? = nil, password: String? = nil, scope: String? = nil,
        clientAuth: AuthSpec.OAuth2.ClientAuth = .basic, extra: [Field] = [],
        transfer: TransferOptions = TransferOptions(timeout: .seconds(30)), authorizationURL: String? = nil,
        redirectURI: String? = nil, revocationURL: String? = nil, deviceAuthorizationURL: String? = nil
    ) {
        self.deviceAuthorizationURL = deviceAuthorizationURL
        self.authorizationURL = authorizationURL
        self.redirectURI = redirectURI
        self.revocationURL = revocationURL
        self.grant = grant
        self.tokenURL = tokenURL
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.username = username
        self.password = password
        self.scope = scope
        self.clientAuth = clientAuth
        self.extra = extra
        self.transfer = transfer
    }

    /// Tokens are only reused by the same client of the same token endpoint (or issuer, when the token endpoint
    /// comes from its metadata): a stored token from another server (say, a different port) is ignored rather
    /// than sent.
    var owner: String { "\(clientID)@\(tokenURL ?? issuer ?? "")" }

    /// Whether an endpoint this grant needs is left to the issuer's metadata.
    var needsDiscovery: Bool {
        guard issuer != nil else { return false }
        switch grant {
        case .authorizationCode where authorizationURL == nil: return true
        case .deviceCode where deviceAuthorizationURL == nil: return true
        default: return tokenURL == nil
        }
    }
}

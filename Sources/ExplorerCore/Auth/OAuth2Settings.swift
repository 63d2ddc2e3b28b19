/// OAuth2 settings with every variable filled in: what the token client needs to talk to the token endpoint.
public struct OAuth2Settings: Sendable, Equatable {
    public var grant: AuthSpec.OAuth2.Grant
    /// Absolute URL of the token endpoint.
    public var tokenURL: String
    public var clientID: String
    public var clientSecret: String?
    public var username: String?
    public var password: String?
    public var scope: String?
    public var clientAuth: AuthSpec.OAuth2.ClientAuth
    /// Extra form fields, in order.
    public var extra: [Field]
    /// Time limits and TLS settings for token requests (the profile's and environment's).
    public var transfer: TransferOptions

    /// One extra form field.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(
        grant: AuthSpec.OAuth2.Grant, tokenURL: String, clientID: String, clientSecret: String? = nil,
        username: String? = nil, password: String? = nil, scope: String? = nil,
        clientAuth: AuthSpec.OAuth2.ClientAuth = .basic, extra: [Field] = [],
        transfer: TransferOptions = TransferOptions(timeout: .seconds(30))
    ) {
        self.grant = grant
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.username = username
        self.password = password
        self.scope = scope
        self.clientAuth = clientAuth
        self.extra = extra
        self.transfer = transfer
    }

    /// Tokens are only reused by the same client of the same token endpoint: a stored token from another server
    /// (say, a different port) is ignored rather than sent.
    var issuer: String { "\(clientID)@\(tokenURL)" }
}

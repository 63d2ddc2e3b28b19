/// How a profile (or one of its environments) authenticates, as written under `auth:`. Every value may hold
/// `{{variables}}`; they are filled in when a request is built (see `RequestBuilder.auth(for:overrides:)`).
package enum AuthSpec: Sendable, Hashable {
    /// `auth: none`: no credentials (an environment or profile opting out).
    case none
    /// `{ type: bearer, token: … }`: a fixed `Authorization: Bearer` token.
    case bearer(token: Template)
    /// `{ type: basic, username: …, password: … }`: HTTP Basic.
    case basic(username: Template, password: Template)
    /// `{ type: api_key, name: …, value: …, in: header | query }`.
    case apiKey(name: Template, value: Template, location: KeyLocation)
    /// `{ type: oauth2, grant: …, token_url: …, … }`: tokens from a token endpoint, refreshed as needed.
    case oauth2(OAuth2)
    /// `{ type: digest | ntlm | negotiate, username: …, password: … }`: libcurl answers the server's challenge.
    case challenge(ChallengeScheme, username: Template, password: Template)
    /// `{ type: aws_sigv4, access_key_id: …, secret_access_key: …, session_token, region, service }`: libcurl signs
    /// each request with AWS Signature Version 4.
    case awsSigV4(AWSSigV4)

    /// The HTTP schemes libcurl negotiates after a 401 (`TransportCredential.Scheme`).
    package enum ChallengeScheme: String, Sendable, Hashable, CaseIterable {
        case digest, ntlm, negotiate
    }

    /// AWS Signature Version 4 settings, before variables are filled in.
    package struct AWSSigV4: Sendable, Hashable {
        package var accessKeyID: Template
        package var secretAccessKey: Template
        /// Temporary credentials' token, sent as `X-Amz-Security-Token` (and signed).
        package var sessionToken: Template?
        /// Read from the host name (`service.region.amazonaws.com`) when left out.
        package var region: Template?
        package var service: Template?

        package init(
            accessKeyID: Template, secretAccessKey: Template, sessionToken: Template? = nil, region: Template? = nil,
            service: Template? = nil
        ) {
            self.accessKeyID = accessKeyID
            self.secretAccessKey = secretAccessKey
            self.sessionToken = sessionToken
            self.region = region
            self.service = service
        }
    }

    /// Where an API key travels.
    package enum KeyLocation: String, Sendable, Hashable, CaseIterable {
        case header, query
    }

    /// The OAuth2 settings of a profile, before variables are filled in.
    package struct OAuth2: Sendable, Hashable {
        /// The grant apix runs to log in (and falls back to when there is no refresh token).
        package enum Grant: String, Sendable, Hashable, CaseIterable {
            case password
            case clientCredentials = "client_credentials"
            /// RFC 6749 section 4.1 with PKCE (RFC 7636, S256): the user signs in in a browser (`BrowserLogin`).
            case authorizationCode = "authorization_code"
            /// RFC 8628: the user approves a code on another device while apix polls (`BrowserLogin.authorizeDevice`).
            case deviceCode = "device_code"
        }

        /// How the client authenticates to the token endpoint (RFC 6749 section 2.3.1).
        package enum ClientAuth: String, Sendable, Hashable, CaseIterable {
            /// `Authorization: Basic` with the form-encoded id and secret (the default).
            case basic
            /// `client_id` and `client_secret` in the form body.
            case form
        }

        package var grant: Grant
        /// Absolute, or relative to the environment's base URL; `nil`: the `issuer`'s metadata names it.
        package var tokenURL: Template?
        /// The authorization server whose metadata (OpenID Connect discovery, RFC 8414) fills in the endpoints not
        /// written here (`AuthorizationServerDiscovery`).
        package var issuer: Template?
        package var clientID: Template
        package var clientSecret: Template?
        package var username: Template?
        package var password: Template?
        package var scope: Template?
        package var clientAuth: ClientAuth
        /// Extra form fields sent with every token request (e.g. `audience`), and with the authorization code
        /// grant in the authorization URL too.
        package var extra: [Parameter]
        /// The authorization endpoint (authorization code grant): absolute, or relative to the base URL.
        package var authorizationURL: Template?
        /// Where the browser is sent back; `nil`: `http://127.0.0.1:{free port}/callback`.
        package var redirectURI: Template?
        /// RFC 7009's revocation endpoint, which `apix auth logout` tells about the tokens it forgets.
        package var revocationURL: Template?
        /// RFC 8628's device authorization endpoint (device grant): absolute, or relative to the base URL.
        package var deviceAuthorizationURL: Template?

        package init(
            grant: Grant, tokenURL: Template?, issuer: Template? = nil, clientID: Template,
            clientSecret: Template? = nil,
            username: Template? = nil, password: Template? = nil, scope: Template? = nil,
            clientAuth: ClientAuth = .basic, extra: [Parameter] = [], authorizationURL: Template? = nil,
            redirectURI: Template? = nil, revocationURL: Template? = nil, deviceAuthorizationURL: Template? = nil
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
        }
    }

    /// The `type:` name as written in profiles (`none` for `.none`).
    package var typeName: String {
        switch self {
        case .none: "none"
        case .bearer: "bearer"
        case .basic: "basic"
        case .apiKey: "api_key"
        case .oauth2: "oauth2"
        case .challenge(let scheme, _, _): scheme.rawValue
        case .awsSigV4: "aws_sigv4"
        }
    }

    /// The `{{variables}}` that carry secrets (bearer token, Basic, Digest, NTLM, Negotiate and OAuth2 passwords, API
    /// key value, client secret, AWS secret access key and session token). Whatever they resolve to is secret even outside a secrets file: exports should write them as
    /// `$NAME` and displays as `••••`.
    var secretVariableNames: Set<String> {
        Set(secretTemplates.flatMap(\.variableNames))
    }

    private var secretTemplates: [Template] {
        switch self {
        case .none: []
        case .bearer(let token): [token]
        case .basic(_, let password): [password]
        case .apiKey(_, let value, _): [value]
        case .oauth2(let settings): [settings.clientSecret, settings.password].compactMap { $0 }
        case .challenge(_, _, let password): [password]
        case .awsSigV4(let settings): [settings.secretAccessKey, settings.sessionToken].compactMap { $0 }
        }
    }
}

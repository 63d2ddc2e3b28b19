import Foundation

/// The credentials for one request, with every variable filled in (see `RequestBuilder.auth(for:overrides:)`).
package enum ResolvedAuth: Sendable, Equatable {
    case bearer(token: String)
    case basic(username: String, password: String)
    case apiKey(name: String, value: String, location: AuthSpec.KeyLocation)
    case oauth2(OAuth2Settings)
    /// Digest, NTLM or Negotiate: libcurl answers the server's challenge with these.
    case challenge(AuthSpec.ChallengeScheme, username: String, password: String)
    /// AWS Signature Version 4: libcurl signs each request.
    case awsSigV4(AWSCredentials)

    /// AWS credentials with their variables filled in.
    package struct AWSCredentials: Sendable, Equatable {
        package var accessKeyID: String
        package var secretAccessKey: String
        package var sessionToken: String?
        package var region: String?
        package var service: String?

        package init(
            accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil, region: String? = nil,
            service: String? = nil
        ) {
            self.accessKeyID = accessKeyID
            self.secretAccessKey = secretAccessKey
            self.sessionToken = sessionToken
            self.region = region
            self.service = service
        }

        /// libcurl's `CURLOPT_AWS_SIGV4` (and curl's `--aws-sigv4`): `aws:amz`, then the region and the service when
        /// given (libcurl reads them from the host name otherwise; a service needs a region before it).
        package var curlParameter: String {
            (["aws", "amz"] + [region, region == nil ? nil : service].compactMap { $0 }).joined(separator: ":")
        }

        /// The session token's field: sent as it is beside the signature, which covers it.
        package var sessionTokenPlacement: CredentialPlacement? {
            sessionToken.map { CredentialPlacement(.header(Self.sessionTokenHeader), $0) }
        }

        package static let sessionTokenHeader = "X-Amz-Security-Token"
    }

    /// Where a static credential goes; `nil` for OAuth2, whose credential is the current access token, and for the
    /// credentials libcurl works out (`transportCredential`).
    package var placement: CredentialPlacement? {
        switch self {
        case .bearer(let token): .authorization("Bearer \(token)")
        case .basic(let username, let password): .authorization("Basic " + Self.base64("\(username):\(password)"))
        case .apiKey(let name, let value, .header): CredentialPlacement(.header(name), value)
        case .apiKey(let name, let value, .query): CredentialPlacement(.query(name), value)
        case .oauth2, .challenge, .awsSigV4: nil
        }
    }

    /// The credential libcurl works out on each exchange (Digest, NTLM, Negotiate, AWS SigV4); nil for the rest.
    package var transportCredential: TransportCredential? {
        switch self {
        case .challenge(let scheme, let username, let password):
            let curlScheme: TransportCredential.Scheme =
                switch scheme {
                case .digest: .digest
                case .ntlm: .ntlm
                case .negotiate: .negotiate
                }
            return TransportCredential(curlScheme, username: username, password: password)
        case .awsSigV4(let aws):
            return TransportCredential(
                .awsSigV4(parameter: aws.curlParameter), username: aws.accessKeyID, password: aws.secretAccessKey)
        case .bearer, .basic, .apiKey, .oauth2:
            return nil
        }
    }

    /// Fields sent as they are beside `transportCredential` (AWS's session token).
    package var transportHeaders: [CredentialPlacement] {
        if case .awsSigV4(let aws) = self, let placement = aws.sessionTokenPlacement { return [placement] }
        return []
    }

    /// The credential as it may be shown or exported: the scheme and name stay, the secret reads `mask`
    /// (`Authorization: Bearer ••••`, `api_key=••••`).
    func maskedPlacement(mask: String = VariableScope.mask) -> CredentialPlacement {
        switch self {
        case .bearer, .oauth2: .authorization("Bearer \(mask)")
        case .basic: .authorization("Basic \(mask)")
        case .apiKey(let name, _, .header): CredentialPlacement(.header(name), mask)
        case .apiKey(let name, _, .query): CredentialPlacement(.query(name), mask)
        case .challenge, .awsSigV4:
            .authorization((transportCredential?.scheme.authorizationScheme ?? "") + " " + mask)
        }
    }

    /// The profile's `type:` name.
    package var typeName: String {
        switch self {
        case .bearer: "bearer"
        case .basic: "basic"
        case .apiKey: "api_key"
        case .oauth2: "oauth2"
        case .challenge(let scheme, _, _): scheme.rawValue
        case .awsSigV4: "aws_sigv4"
        }
    }

    static func base64(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
    }
}

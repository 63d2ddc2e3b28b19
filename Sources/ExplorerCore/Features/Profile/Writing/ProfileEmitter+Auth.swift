/// `auth:` and `auths:` as `ProfileEmitter` writes them, in the format `ProfileLoader` reads.
extension ProfileEmitter {
    /// `auths:` named definitions, by name.
    static func definitions(_ specs: [String: AuthSpec]) -> Value {
        .mapping(specs.sorted { $0.key < $1.key }.map { Entry($0.key, auth($0.value)) })
    }

    /// An `auth:` value in the format `ProfileLoader` reads.
    package static func auth(_ spec: AuthSpec) -> Value {
        func type(_ name: String) -> Entry { Entry("type", .scalar(name)) }
        switch spec {
        case .none:
            return .scalar("none")
        case .bearer(let token):
            return .mapping([type("bearer"), Entry("token", template(token))])
        case .basic(let username, let password):
            return .mapping([
                type("basic"), Entry("username", template(username)), Entry("password", template(password)),
            ])
        case .apiKey(let name, let value, let location):
            return .mapping([
                type("api_key"), Entry("name", template(name)), Entry("value", template(value)),
                Entry("in", .scalar(location.rawValue)),
            ])
        case .oauth2(let settings):
            var entries = [
                type("oauth2"), Entry("grant", .scalar(settings.grant.rawValue)),
            ]
            for (key, value) in [("token_url", settings.tokenURL), ("issuer", settings.issuer)] {
                if let value { entries.append(Entry(key, template(value))) }
            }
            entries.append(Entry("client_id", template(settings.clientID)))
            let optional: [(String, Template?)] = [
                ("client_secret", settings.clientSecret), ("username", settings.username),
                ("password", settings.password), ("scope", settings.scope),
            ]
            for (key, value) in optional { if let value { entries.append(Entry(key, template(value))) } }
            if settings.clientAuth != .basic {
                entries.append(Entry("client_auth", .scalar(settings.clientAuth.rawValue)))
            }
            if !settings.extra.isEmpty { entries.append(Entry("extra", parameters(settings.extra))) }
            let endpoints: [(String, Template?)] = [
                ("authorization_url", settings.authorizationURL), ("redirect_uri", settings.redirectURI),
                ("revocation_url", settings.revocationURL),
                ("device_authorization_url", settings.deviceAuthorizationURL),
            ]
            for (key, value) in endpoints { if let value { entries.append(Entry(key, template(value))) } }
            return .mapping(entries)
        case .challenge(let scheme, let username, let password):
            // Negotiate may go without them (a Kerberos ticket): an empty one is left out.
            let written = [("username", username), ("password", password)].filter { !$0.1.raw.isEmpty }
            return .mapping([type(scheme.rawValue)] + written.map { Entry($0.0, template($0.1)) })
        case .awsSigV4(let aws):
            var entries = [
                type("aws_sigv4"), Entry("access_key_id", template(aws.accessKeyID)),
                Entry("secret_access_key", template(aws.secretAccessKey)),
            ]
            let optional: [(String, Template?)] = [
                ("session_token", aws.sessionToken), ("region", aws.region), ("service", aws.service),
            ]
            for (key, value) in optional { if let value { entries.append(Entry(key, template(value))) } }
            return .mapping(entries)
        }
    }
}

/// `auth:` at profile and environment level: `none`, or a mapping whose `type` decides the other keys; `auths:`
/// names such mappings for endpoints to use.
extension ProfileLoader {
    static let authKeys: [String: (known: [String], required: [String])] = [
        "bearer": (["type", "token"], ["token"]),
        "basic": (["type", "username", "password"], ["username", "password"]),
        "api_key": (["type", "name", "value", "in"], ["name", "value"]),
        "oauth2": (
            [
                "type", "grant", "token_url", "client_id", "client_secret", "username", "password", "scope",
                "client_auth", "extra", "authorization_url", "redirect_uri", "revocation_url",
                "device_authorization_url", "issuer",
            ],
            // `token_url` is required unless `issuer` is given (checked below).
            ["grant", "client_id"]
        ),
        "digest": (["type", "username", "password"], ["username", "password"]),
        "ntlm": (["type", "username", "password"], ["username", "password"]),
        // Kerberos signs in from the user's ticket cache (`kinit`): a user name and password are optional.
        "negotiate": (["type", "username", "password"], []),
        "aws_sigv4": (
            ["type", "access_key_id", "secret_access_key", "session_token", "region", "service"],
            ["access_key_id", "secret_access_key"]
        ),
    ]
    static let authTypes = ["bearer", "basic", "api_key", "oauth2", "digest", "ntlm", "negotiate", "aws_sigv4"]
    /// The types as messages list them.
    static let authTypeList = "bearer, basic, api_key, oauth2, digest, ntlm, negotiate or aws_sigv4"

    /// An endpoint's `auth:`: `none` opts out; bearer, basic and API keys are its own credentials; a name uses the
    /// definition of that name under `auths:` (checked once the profile is whole: `authNameProblems`). OAuth2 is
    /// only used by name, so its tokens are kept per definition (not per endpoint).
    static func readEndpointAuth(_ node: YAMLNode, into endpoint: inout Endpoint, reader: inout YAMLReader) {
        if let name = node.scalar?.string, name != "none", !YAMLReader.isNull(node) {
            endpoint.authName = name
            endpoint.authNameLocation = reader.location(node)
            return
        }
        if node["type"]?.scalar?.string == "oauth2" {
            reader.fail(
                "an endpoint's `auth` cannot be oauth2 written in place: define it under the profile's `auths:` "
                    + "(e.g. `auths: { admin: { type: oauth2, … } }`) and write `auth: admin` here (its tokens are "
                    + "kept per definition); an endpoint may also say `none` or carry any other type", at: node)
            return
        }
        switch readAuth(node, reader: &reader) {
        case AuthSpec.none?: endpoint.authDisabled = true
        case let spec?: endpoint.auth = spec
        case nil: break
        }
    }

    /// `auths:` at profile or environment level: named definitions, each a mapping as `auth:` takes.
    static func readAuthDefinitions(_ node: YAMLNode, reader: inout YAMLReader) -> [String: AuthSpec] {
        var definitions: [String: AuthSpec] = [:]
        for entry in reader.namedEntries(node, "`auths`") ?? [] {
            let key = "auths.\(entry.key)"
            guard entry.key != "none" else {
                reader.fail(
                    "`auths` cannot define `none`: `auth: none` already means no credentials", at: entry.keyNode)
                continue
            }
            guard entry.value.mapping != nil else {
                reader.fail(
                    "`\(key)` must be a mapping with a `type` (\(authTypeList)), got "
                        + YAMLReader.describe(entry.value), at: entry.value)
                continue
            }
            if let spec = readAuth(entry.value, key: key, reader: &reader) { definitions[entry.key] = spec }
        }
        return definitions
    }

    /// For `auth: { basic: { username: u, password: p } }`, a natural guess at the format: how to write it.
    static func typeAsKeyHint(_ node: YAMLNode, _ name: String) -> String {
        guard let pairs = node.mapping, pairs.count == 1, let type = pairs[0].key.scalar?.string,
            authTypes.contains(type)
        else { return "" }
        let fields = (pairs[0].value.mapping ?? []).compactMap { $0.key.scalar?.string }.map { ", \($0): …" }
        return "; the type is a value, beside its fields: `\(name): { type: \(type)\(fields.joined()) }`"
    }

    static func readAuth(_ node: YAMLNode, key name: String = "auth", reader: inout YAMLReader) -> AuthSpec? {
        if node.scalar?.string == "none", !YAMLReader.isNull(node) { return AuthSpec.none }
        guard node.mapping != nil else {
            reader.fail(
                "`\(name)` must be `none` or a mapping with a `type` (\(authTypeList)), got "
                    + YAMLReader.describe(node), at: node)
            return nil
        }
        guard let typeNode = node["type"] else {
            reader.fail(
                "`\(name)` is missing required key `type` (\(authTypeList))" + typeAsKeyHint(node, name), at: node)
            return nil
        }
        guard let type = reader.string(typeNode, "\(name).type") else { return nil }
        guard let schema = authKeys[type] else {
            var message = "`\(name).type` must be \(authTypeList), got \"\(type)\""
            if let suggestion = EditDistance.nearest(type, in: authTypes) {
                message += "; did you mean `\(suggestion)`?"
            }
            reader.fail(message, at: typeNode)
            return nil
        }
        guard let fields = reader.fields(node, "`\(name)` (\(type))", known: schema.known, required: schema.required)
        else { return nil }
        func template(_ key: String) -> Template? {
            fields[key].flatMap { reader.template($0, "\(name).\(key)") }
        }
        func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _: Choice.Type) -> Choice?
        where Choice.RawValue == String {
            guard let node = fields[key], let text = reader.string(node, "\(name).\(key)") else { return nil }
            if let value = Choice(rawValue: text) { return value }
            let names = Choice.allCases.map(\.rawValue)
            let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            reader.fail("`\(name).\(key)` must be \(list), got \"\(text)\"", at: node)
            return nil
        }

        switch type {
        case "bearer":
            guard let token = template("token") else { return nil }
            return .bearer(token: token)
        case "basic":
            guard let username = template("username"), let password = template("password") else { return nil }
            return .basic(username: username, password: password)
        case "api_key":
            let location = fields["in"] == nil ? .header : choice("in", AuthSpec.KeyLocation.self)
            guard let name = template("name"), let value = template("value"), let location else { return nil }
            return .apiKey(name: name, value: value, location: location)
        case "digest", "ntlm", "negotiate":
            guard let scheme = AuthSpec.ChallengeScheme(rawValue: type) else { return nil }
            let username = fields["username"] == nil ? Template("") : template("username")
            let password = fields["password"] == nil ? Template("") : template("password")
            guard let username, let password else { return nil }
            return .challenge(scheme, username: username, password: password)
        case "aws_sigv4":
            if fields["service"] != nil, fields["region"] == nil, let node = fields["service"] {
                reader.fail(
                    "`\(name).service` needs `region` too (libcurl reads both from the host name when neither is "
                        + "given)", at: node)
            }
            guard let accessKeyID = template("access_key_id"), let secret = template("secret_access_key") else {
                return nil
            }
            return .awsSigV4(
                AuthSpec.AWSSigV4(
                    accessKeyID: accessKeyID, secretAccessKey: secret, sessionToken: template("session_token"),
                    region: template("region"), service: template("service")))
        default:
            let grant = choice("grant", AuthSpec.OAuth2.Grant.self)
            let clientAuth =
                fields["client_auth"] == nil ? .basic : choice("client_auth", AuthSpec.OAuth2.ClientAuth.self)
            var endpoints: [String: Template] = [:]
            for key in ["token_url", "authorization_url", "revocation_url", "device_authorization_url", "issuer"] {
                guard let url = template(key), let node = fields[key] else { continue }
                endpoints[key] = url
                if url.variableNames.isEmpty,
                    url.raw.contains("://") && !RequestBuilder.isHTTPURL(url.raw) || url.raw.isEmpty
                {
                    reader.fail(
                        "`\(name).\(key)` must be an http:// or https:// URL or a path such as /oauth/token, got "
                            + "\"\(url.raw)\"", at: node)
                }
            }
            let redirectURI = template("redirect_uri")
            if let redirectURI, let node = fields["redirect_uri"], redirectURI.variableNames.isEmpty,
                let problem = RedirectListener.Address.problem(redirectURI.raw)
            {
                reader.fail("`\(name).redirect_uri` \(problem)", at: node)
            }
            if grant == .password {
                for key in ["username", "password"] where fields[key] == nil {
                    reader.fail("`\(name)` (oauth2, password grant) is missing required key `\(key)`", at: node)
                }
            }
            // With `issuer`, the endpoints not written come from the server's metadata (`AuthorizationServerDiscovery`).
            let discovered = fields["issuer"] != nil
            if !discovered, fields["token_url"] == nil {
                reader.fail("`\(name)` (oauth2) is missing required key `token_url` (or `issuer`)", at: node)
            }
            if !discovered, grant == .authorizationCode, fields["authorization_url"] == nil {
                reader.fail(
                    "`\(name)` (oauth2, authorization_code grant) is missing required key `authorization_url` (or `issuer`)",
                    at: node
                )
            }
            if grant != .authorizationCode, let node = fields["authorization_url"] ?? fields["redirect_uri"] {
                reader.fail(
                    "`\(name).\(fields["authorization_url"] == nil ? "redirect_uri" : "authorization_url")` is only "
                        + "for `grant: authorization_code`", at: node)
            }
            if !discovered, grant == .deviceCode, fields["device_authorization_url"] == nil {
                reader.fail(
                    "`\(name)` (oauth2, device_code grant) is missing required key `device_authorization_url` (or "
                        + "`issuer`)",
                    at: node)
            }
            if let grant, grant != .deviceCode, let node = fields["device_authorization_url"] {
                reader.fail("`\(name).device_authorization_url` is only for `grant: device_code`", at: node)
            }
            let extra = fields["extra"].map { reader.parameters($0, "\(name).extra") } ?? []
            guard let grant, let clientAuth, endpoints["token_url"] != nil || endpoints["issuer"] != nil,
                let clientID = template("client_id")
            else { return nil }
            return .oauth2(
                AuthSpec.OAuth2(
                    grant: grant, tokenURL: endpoints["token_url"], issuer: endpoints["issuer"], clientID: clientID,
                    clientSecret: template("client_secret"),
                    username: template("username"), password: template("password"), scope: template("scope"),
                    clientAuth: clientAuth, extra: extra, authorizationURL: endpoints["authorization_url"],
                    redirectURI: redirectURI, revocationURL: endpoints["revocation_url"],
                    deviceAuthorizationURL: endpoints["device_authorization_url"]))
        }
    }
}

/// Which credentials apply to an endpoint, with their variables filled in.
extension RequestBuilder {
    /// Tokens of this profile in this environment (its unnamed `auth:`) are kept under this key.
    package var authSessionKey: ProfileEnvironmentKey {
        ProfileEnvironmentKey(profile: profile.id, environment: environment.name)
    }

    /// The key of the tokens `endpoint` is sent with: the named definition's (`auth: admin`) when it uses one,
    /// else the profile's.
    package func authSessionKey(for endpoint: Endpoint?) -> ProfileEnvironmentKey {
        Self.authSessionKey(profile: profile.id, environment: environment.name, endpoint: endpoint)
    }

    /// `authSessionKey(for:)` without a builder at hand (the explorer keys token states by it on every redraw).
    package static func authSessionKey(profile: String, environment: String, endpoint: Endpoint?)
        -> ProfileEnvironmentKey
    {
        let definition = endpoint?.authDisabled == true ? nil : endpoint?.authName
        return ProfileEnvironmentKey(profile: profile, environment: environment, definition: definition)
    }

    /// The named definitions in this environment: the profile's `auths:`, with the environment's of the same name
    /// in their place.
    package var authDefinitions: [String: AuthSpec] {
        profile.auths.merging(environment.auths) { _, environment in environment }
    }

    /// The `auth` in effect for `endpoint`: its own (written in place or named), else the environment's, else the
    /// profile's; `nil` when there is none, it is `none`, the endpoint says `auth: none`, or it names a definition
    /// this environment does not have (`auth(for:)` says so).
    package func authSpec(for endpoint: Endpoint?) -> AuthSpec? {
        if endpoint?.authDisabled == true { return nil }
        if let name = endpoint?.authName { return authDefinitions[name] }
        guard let spec = endpoint?.auth ?? environment.auth ?? profile.auth, spec != AuthSpec.none else { return nil }
        return spec
    }

    /// Names whose values must be masked when a request for `endpoint` is shown or exported: the secrets file's
    /// variables and those the credentials use.
    func secretVariableNames(for endpoint: Endpoint?) -> Set<String> {
        profile.secretNames.union(authSpec(for: endpoint)?.secretVariableNames ?? [])
    }

    /// This builder for showing or exporting requests of `endpoint` in `presentation`: the variables its
    /// credentials use are secret too, even when no secrets file says so, and masks read in the style's way.
    package func showing(_ endpoint: Endpoint?, as presentation: CredentialPresentation) -> RequestBuilder {
        var builder = self
        builder.profile.secretNames = secretVariableNames(for: endpoint)
        builder.maskStyle = presentation.maskStyle
        return builder
    }

    /// The credentials for `endpoint` with variables (the user's included) filled in; `nil` when none apply.
    /// An OAuth2 `token_url` without a scheme is joined to the environment's base URL.
    package func auth(for endpoint: Endpoint?, overrides: RequestOverrides = RequestOverrides())
        throws(RequestBuildError) -> ResolvedAuth?
    {
        if let name = endpoint?.authName, endpoint?.authDisabled != true, authDefinitions[name] == nil {
            throw unknownDefinition(name, location: endpoint?.authNameLocation)
        }
        guard let spec = authSpec(for: endpoint) else { return nil }
        return try resolve(spec, for: endpoint, overrides: overrides)
    }

    /// The credentials of the definition `name` under `auths:` (`nil`: the profile's or environment's `auth:`),
    /// as `apix auth --auth NAME` and the explorer's auth panel manage them.
    package func auth(definition name: String?, overrides: RequestOverrides = RequestOverrides())
        throws(RequestBuildError) -> ResolvedAuth?
    {
        if let name, authDefinitions[name] == nil { throw unknownDefinition(name, location: nil) }
        guard let spec = authSpec(definition: name) else { return nil }
        return try resolve(spec, for: nil, overrides: overrides)
    }

    /// The `auth` of the definition `name` (`nil`: the environment's, else the profile's `auth:`); `nil` when there
    /// is none or it is `none`.
    package func authSpec(definition name: String?) -> AuthSpec? {
        if let name { return authDefinitions[name] }
        guard let spec = environment.auth ?? profile.auth, spec != AuthSpec.none else { return nil }
        return spec
    }

    private func unknownDefinition(_ name: String, location: SourceLocation?) -> RequestBuildError {
        RequestBuildError(
            .unknownAuthDefinition(name, known: authDefinitions.keys.sorted()), location: location,
            context: "environment \(environment.name)")
    }

    private func resolve(_ spec: AuthSpec, for endpoint: Endpoint?, overrides: RequestOverrides)
        throws(RequestBuildError) -> ResolvedAuth?
    {
        let scope = try scope(overrides: overrides.variables)
        switch spec {
        case .none, .bearer, .basic, .apiKey, .challenge, .awsSigV4:
            return try Self.staticAuth(spec, scope: scope, masking: false)
        case .oauth2(let spec):
            /// An endpoint's URL: as written with a scheme, else joined to the environment's base URL.
            func endpointURL(_ template: Template, _ key: String) throws(RequestBuildError) -> String {
                let written = try template.render(scope)
                // An empty value (an imported implicit grant's `token_url` variable not filled in yet) would be the
                // base URL itself: say what to fill in before a browser opens.
                guard !written.trimmingCharacters(in: .whitespaces).isEmpty else {
                    let names = template.variableNames
                    let what = names.isEmpty ? "" : " (set `\(names.joined(separator: "`, `"))`)"
                    throw RequestBuildError(
                        .invalidURL("`\(key)` is empty\(what)"), location: template.location, context: "auth.\(key)")
                }
                let url =
                    URLBuilder.hasScheme(written)
                    ? written
                    : URLBuilder.join(
                        base: WebSocketConnection.transportURL(try environment.baseURL.render(scope)), path: written)
                guard Self.isHTTPURL(url) else {
                    throw RequestBuildError(.invalidURL(url), location: template.location, context: "auth.\(key)")
                }
                return url
            }
            var tokenURL: String?
            if let template = spec.tokenURL { tokenURL = try endpointURL(template, "token_url") }
            var issuer: String?
            if let template = spec.issuer { issuer = try endpointURL(template, "issuer") }
            var authorizationURL: String?
            if let template = spec.authorizationURL {
                authorizationURL = try endpointURL(template, "authorization_url")
            }
            var revocationURL: String?
            if let template = spec.revocationURL { revocationURL = try endpointURL(template, "revocation_url") }
            var deviceAuthorizationURL: String?
            if let template = spec.deviceAuthorizationURL {
                deviceAuthorizationURL = try endpointURL(template, "device_authorization_url")
            }
            var extra: [OAuth2Settings.Field] = []
            for parameter in spec.extra {
                for value in parameter.values ?? [] {
                    extra.append(OAuth2Settings.Field(name: parameter.name, value: try value.render(scope)))
                }
            }
            return .oauth2(
                OAuth2Settings(
                    grant: spec.grant, tokenURL: tokenURL, issuer: issuer, clientID: try spec.clientID.render(scope),
                    clientSecret: try spec.clientSecret?.render(scope), username: try spec.username?.render(scope),
                    password: try spec.password?.render(scope), scope: try spec.scope?.render(scope),
                    clientAuth: spec.clientAuth, extra: extra,
                    transfer: try tokenTransferOptions(
                        for: endpoint, tokenURL: tokenURL ?? issuer ?? "", overrides: overrides, scope: scope),
                    authorizationURL: authorizationURL, redirectURI: try spec.redirectURI?.render(scope),
                    revocationURL: revocationURL, deviceAuthorizationURL: deviceAuthorizationURL))
        }
    }

    /// A static credential (bearer, basic, API key, Digest, NTLM, Negotiate, AWS SigV4) rendered in `scope`; with `masking`, its secrets read the
    /// scope's masks (names never do). `nil` for `none` and OAuth2.
    static func staticAuth(_ spec: AuthSpec, scope: VariableScope, masking: Bool) throws(RequestBuildError)
        -> ResolvedAuth?
    {
        switch spec {
        case .none, .oauth2:
            return nil
        case .bearer(let token):
            return .bearer(token: try token.render(scope, masking: masking))
        case .basic(let username, let password):
            return .basic(
                username: try username.render(scope, masking: masking),
                password: try password.render(scope, masking: masking))
        case .apiKey(let name, let value, let location):
            return .apiKey(
                name: try name.render(scope), value: try value.render(scope, masking: masking), location: location)
        case .challenge(let scheme, let username, let password):
            return .challenge(
                scheme, username: try username.render(scope, masking: masking),
                password: try password.render(scope, masking: masking))
        case .awsSigV4(let aws):
            return .awsSigV4(
                ResolvedAuth.AWSCredentials(
                    accessKeyID: try aws.accessKeyID.render(scope, masking: masking),
                    secretAccessKey: try aws.secretAccessKey.render(scope, masking: masking),
                    sessionToken: try aws.sessionToken?.render(scope, masking: masking),
                    region: try aws.region?.render(scope), service: try aws.service?.render(scope)))
        }
    }

    /// Token requests get the profile's and environment's TLS settings, and the time limits of the request that
    /// needs the token (the endpoint's over the environment's and profile's, then `--timeout`; 30 s when none says
    /// otherwise): a token server that accepts and never answers cannot outlast the limit the user set.
    private func tokenTransferOptions(
        for endpoint: Endpoint?, tokenURL: String, overrides: RequestOverrides, scope: VariableScope
    ) throws(RequestBuildError) -> TransferOptions {
        var options = TransferOptions(timeout: .seconds(30))
        let settings = environment.transferSettings.over(profile.transfer)
        settings.apply(to: &options)
        // The same proxy, client certificate and cookie jar as the profile's requests.
        try applyNetwork(settings, url: tokenURL, overrides: overrides, scope: scope, masking: false, to: &options)
        if let limits = endpoint?.transfer {
            // Only the time limits: the endpoint's TLS or redirect settings are for its own server.
            TransferSettings(
                timeout: limits.timeout, connectTimeout: limits.connectTimeout, stallTimeout: limits.stallTimeout
            ).apply(to: &options)
        }
        if let timeout = overrides.timeout { options.timeout = timeout > .zero ? timeout : nil }
        if let insecure = overrides.insecure { options.insecure = insecure }
        return options
    }
}

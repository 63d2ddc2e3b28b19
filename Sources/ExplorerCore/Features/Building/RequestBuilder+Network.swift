/// The network settings of a request: HTTP version, proxy, client certificate and cookie jar.
extension RequestBuilder {
    /// Applies the layered `settings` and the user's `overrides` to `options`: the proxy chosen for `url`
    /// (`ProxyRoute`), the key passphrase rendered (masked when `masking`), files resolved like `ca_file`, and the
    /// cookie jar of this profile and environment unless `cookies: false`.
    func applyNetwork(
        _ settings: TransferSettings, url: String, overrides: RequestOverrides, scope: VariableScope, masking: Bool,
        to options: inout TransferOptions
    ) throws(RequestBuildError) {
        if let version = overrides.httpVersion { options.httpVersion = version }
        if let caFile = overrides.caFile { options.caFile = caFile }
        if let certFile = overrides.certFile { options.certFile = certFile }
        if let keyFile = overrides.keyFile { options.keyFile = keyFile }
        if let caFile = options.caFile { options.caFile = resolvePath(caFile) }
        if let certFile = options.certFile { options.certFile = resolvePath(certFile) }
        if let keyFile = options.keyFile { options.keyFile = resolvePath(keyFile) }
        options.keyPassword = try settings.keyPassword?.render(scope, masking: masking)
        var configured = overrides.proxy
        if configured == nil, let proxy = settings.proxy {
            configured = try Self.renderProxy(proxy, scope: scope, masking: masking)
        }
        let rule = ProxyRoute.Rule(
            configured: configured, noProxy: overrides.noProxy ?? settings.noProxy, environment: processEnvironment)
        options.proxy = rule.proxy(for: url)
        options.noProxy = rule.noProxy
        options.proxyRule = rule
        if settings.cookies != false {
            options.cookieJar = CookieJar.path(
                profile: profile.id, environment: environment.name,
                stateDirectory: StateDirectory.path(environment: processEnvironment))
        }
    }

    /// A `proxy:` URL with its variables percent-encoded, so a password with `@` or `:` stays in the user
    /// information (masked values are left as they are: bullets for the screen, markers for exports).
    static func renderProxy(_ template: Template, scope: VariableScope, masking: Bool) throws(RequestBuildError)
        -> String
    {
        var output = ""
        for piece in template.pieces {
            switch piece {
            case .text(let text):
                output += text
            case .variable(let name):
                guard let value = scope.rendered(name, masking: masking) else {
                    throw RequestBuildError(.unknownVariable(name: name), location: template.location)
                }
                output +=
                    masking && scope.isSecret(name)
                    ? value : PercentEncoding.encode(value, allowed: PercentEncoding.unreserved)
            }
        }
        return output
    }
}

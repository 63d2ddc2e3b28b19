/// The transfer settings of a request: limits, redirects, HTTP version, TLS, proxy, client certificate and cookie jar.
extension RequestBuilder {
    /// The transfer options of a request to `url`: the layered settings (profile < environment < `endpoint`), then
    /// the user's `overrides`. Every built request gets them (`plan(for:)`), and so does a recorded one sent again
    /// (`ExchangePlan(replaying:…)`, whose history keeps no options): with `endpoint` nil, the environment's and the
    /// profile's.
    package func transferOptions(
        for endpoint: Endpoint?, url: String, overrides: RequestOverrides, scope: VariableScope? = nil,
        masking: Bool = false
    ) throws(RequestBuildError) -> TransferOptions {
        var options = TransferOptions()
        let shared = environment.transferSettings.over(profile.transfer)
        let settings = endpoint.map { $0.transfer.over(shared) } ?? shared
        settings.apply(to: &options)
        if let timeout = overrides.timeout { options.timeout = timeout > .zero ? timeout : nil }
        if let follow = overrides.followRedirects { options.followRedirects = follow }
        if let max = overrides.maxRedirects { options.maxRedirects = max }
        if let insecure = overrides.insecure { options.insecure = insecure }
        if let compressed = overrides.compressed { options.compressed = compressed }
        if let maxBody = overrides.maxBody { options.maxBody = maxBody > 0 ? maxBody : nil }
        if let ratio = overrides.maxBodyRatio { options.maxBodyRatio = ratio > 0 ? ratio : nil }
        let layered: VariableScope
        if let scope {
            layered = scope
        } else {
            layered = try self.scope(overrides: overrides.variables, masking: masking)
        }
        try applyNetwork(settings, url: url, overrides: overrides, scope: layered, masking: masking, to: &options)
        return options
    }

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

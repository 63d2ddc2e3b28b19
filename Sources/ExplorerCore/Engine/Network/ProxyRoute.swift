import Foundation

/// Which proxy a request goes through: the one rule for sending, `--json`, the explorer and `apix export curl`.
///
/// A profile's `proxy:` (or `--proxy`) wins; `proxy: none` goes direct whatever the environment says. Otherwise
/// the usual variables apply as curl reads them: `http_proxy` (lower case only) for http URLs, `https_proxy` or
/// `HTTPS_PROXY` for https, then `all_proxy` / `ALL_PROXY`; `no_proxy:` (or `--noproxy`), else `no_proxy` /
/// `NO_PROXY`, lists hosts reached directly.
package enum ProxyRoute {
    /// The `proxy:` value that turns every proxy off.
    static let none = "none"
    static let schemes = ["http", "https", "socks4", "socks4a", "socks5", "socks5h"]

    /// Whether `text` is a proxy URL apix accepts (`scheme://host[:port]`, credentials allowed).
    static func isProxyURL(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            schemes.contains(scheme), let host = components.host, !host.isEmpty
        else { return false }
        return true
    }

    /// Whether `text` is a proxy URL `--proxy` accepts.
    package static func accepts(_ text: String) -> Bool { isProxyURL(text) }

    /// What chooses the proxy of each hop: the configured proxy (`proxy:` or `--proxy`, rendered), the no-proxy
    /// list and the proxy environment variables. A request keeps it (`TransferOptions.proxyRule`), so a redirect
    /// to another scheme or host is routed again for its URL (`RedirectPolicy`) instead of keeping the first
    /// URL's proxy.
    struct Rule: Sendable, Equatable {
        static let variables = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]

        var configured: String?
        var noProxy: String?
        /// Only the proxy variables of the process environment.
        var environment: [String: String]

        init(configured: String?, noProxy configuredNoProxy: String?, environment: [String: String]) {
            self.configured = configured
            noProxy = configuredNoProxy ?? environment["no_proxy"] ?? environment["NO_PROXY"]
            self.environment = environment.filter { Self.variables.contains($0.key) }
        }

        /// The proxy for `url`; `""`: direct.
        func proxy(for url: String) -> String {
            let chosen: String
            if let configured {
                chosen = configured == ProxyRoute.none ? "" : configured
            } else {
                let scheme = URLComponents(string: url)?.scheme?.lowercased()
                let specific =
                    scheme == "https"
                    ? environment["https_proxy"] ?? environment["HTTPS_PROXY"] : environment["http_proxy"]
                chosen =
                    ProxyRoute.nonEmpty(specific)
                    ?? ProxyRoute.nonEmpty(environment["all_proxy"] ?? environment["ALL_PROXY"]) ?? ""
            }
            guard !chosen.isEmpty, let host = URLComponents(string: url)?.host else { return "" }
            return ProxyRoute.bypasses(host: host, noProxy: noProxy) ? "" : chosen
        }
    }

    /// The proxy for `url` (`""`: direct) and the no-proxy list libcurl checks on later hops.
    static func resolve(
        url: String, configured: String?, noProxy configuredNoProxy: String?, environment: [String: String]
    ) -> (proxy: String, noProxy: String?) {
        let rule = Rule(configured: configured, noProxy: configuredNoProxy, environment: environment)
        return (rule.proxy(for: url), rule.noProxy)
    }

    fileprivate static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// Whether `host` is reached directly by curl's `NO_PROXY` rules: `*` for every host, else a comma-separated
    /// list of names that match the host or a domain it is in (a leading dot does not matter).
    static func bypasses(host: String, noProxy: String?) -> Bool {
        guard let noProxy else { return false }
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        for entry in noProxy.split(whereSeparator: { $0 == "," || $0 == " " }) {
            var pattern = entry.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            if pattern == "*" { return true }
            if pattern.hasPrefix(".") { pattern.removeFirst() }
            if pattern.isEmpty { continue }
            if name == pattern || name.hasSuffix("." + pattern) { return true }
        }
        return false
    }

    /// The proxy `request` goes through as shown to the user (a password in it masked), or nil when it goes
    /// direct.
    package static func shown(for request: PreparedRequest) -> String? {
        guard let proxy = request.options.proxy, !proxy.isEmpty else { return nil }
        return masked(proxy)
    }

    /// `proxy` with the password of its user information as `••••` (markers and bullets are left as they are).
    static func masked(_ proxy: String) -> String {
        guard let scheme = proxy.range(of: "://"), let at = proxy[scheme.upperBound...].lastIndex(of: "@") else {
            return proxy
        }
        let userInfo = proxy[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return proxy }
        let password = userInfo[userInfo.index(after: colon)...]
        let marked = SecretMarker.split(String(password)).contains { if case .secret = $0 { true } else { false } }
        if password.isEmpty || password.contains("•") || marked { return proxy }
        return String(proxy[..<userInfo.index(after: colon)]) + VariableScope.mask + String(proxy[at...])
    }
}

import Foundation

/// A request's headers: the layers, which of them carry a secret, and what another origin does not get.
extension RequestBuilder {
    /// The headers of `endpoint`'s request to `url`, layered profile < environment < endpoint < user, and the
    /// lowercased names of those whose value uses one of `secrets` (a redirect to another origin drops them).
    ///
    /// A request to another origin than the environment's `base` (a one-off request, an endpoint whose path is a
    /// whole URL) gets none of the profile's and environment's headers that carry a secret: they are that API's
    /// credentials. The endpoint's own and the user's stay.
    func headers(
        for endpoint: Endpoint, url: String, base: String, overrides: RequestOverrides, secrets: Set<String>,
        scope: VariableScope, masking: Bool
    ) throws(RequestBuildError) -> (HTTPHeaders, secret: Set<String>) {
        var headers = HTTPHeaders()
        var secretHeaders: Set<String> = []
        // Those of `secretHeaders` the profile or environment set (not the endpoint or the user).
        var inheritedSecretHeaders: Set<String> = []
        for (index, layer) in [profile.headers, environment.headers, endpoint.headers].enumerated() {
            headers = try Self.apply(layer, to: headers, scope: scope, masking: masking)
            for parameter in layer {
                let name = parameter.name.lowercased()
                // A later layer's value replaces an earlier one's, secret or not.
                if parameter.values?.contains(where: { Self.uses(secrets, $0) }) == true {
                    secretHeaders.insert(name)
                    if index < 2 { inheritedSecretHeaders.insert(name) } else { inheritedSecretHeaders.remove(name) }
                } else {
                    secretHeaders.remove(name)
                    inheritedSecretHeaders.remove(name)
                }
            }
        }
        for field in overrides.headers {
            if field.value.isEmpty { headers.remove(field.name) } else { headers.set(field.name, field.value) }
            secretHeaders.remove(field.name.lowercased())
            inheritedSecretHeaders.remove(field.name.lowercased())
        }
        if !inheritedSecretHeaders.isEmpty, !Self.sameOrigin(url, base) {
            for name in inheritedSecretHeaders { headers.remove(name) }
        }
        return (headers, secretHeaders.filter { headers.contains($0) })
    }

    /// Whether `url` is on `base`'s origin (scheme, host and port); texts that do not parse (a masked host) are
    /// compared by their `scheme://authority` prefix.
    static func sameOrigin(_ url: String, _ base: String) -> Bool {
        if let a = URL(string: url), let b = URL(string: base), a.host != nil, b.host != nil {
            return RedirectPolicy.sameOrigin(a, b)
        }
        func origin(_ text: String) -> Substring {
            guard let scheme = text.range(of: "://") else { return Substring(text.lowercased()) }
            let rest = text[scheme.upperBound...]
            let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            return Substring(text[..<end].lowercased())
        }
        return origin(url) == origin(base)
    }

    /// `layer` applied over `headers`: a value replaces the inherited ones, `Name: null` removes them, a switched-off
    /// parameter says nothing.
    private static func apply(
        _ layer: [Parameter], to headers: HTTPHeaders, scope: VariableScope, masking: Bool
    ) throws(RequestBuildError) -> HTTPHeaders {
        var headers = headers
        for parameter in layer where !parameter.isOnlyDisabled {  // switched off: this layer says nothing
            guard let values = parameter.values else {
                headers.remove(parameter.name)  // `Name: null` removes an inherited header
                continue
            }
            headers.remove(parameter.name)
            for value in values { headers.add(parameter.name, try value.render(scope, masking: masking)) }
        }
        return headers
    }
}

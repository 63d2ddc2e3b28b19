/// A named value an endpoint takes from its response (`capture:`), for other endpoints to use as
/// `{{endpoint.name}}`.
///
/// ```yaml
/// capture:
///   token: { json: "$.access_token" }
///   next: { header: Link, regex: '<([^>]+)>; rel="next"' }
///   session: { cookie: sid }
///   code: { status: true }
///   order: { regex: 'order (\d+)' }        # on the body as text
///   id: { json: $.id, type: integer }      # a value of another type is a failed check
/// ```
/// A `regex:` applies to the source's text and keeps its first group (the whole match when it has none).
package struct Capture: Sendable, Hashable {
    /// Where the value comes from.
    package enum Source: Sendable, Hashable {
        /// The first node a JSONPath query selects in the JSON body (strings as they are, others as JSON).
        case json(String)
        /// A response header's value (the first, when it repeats).
        case header(String)
        /// The status code.
        case status
        /// The body as text; used with `regex`.
        case body
        /// A cookie the response sets (`Set-Cookie`), by name.
        case cookie(String)
    }

    /// The name after the endpoint id in `{{endpoint.name}}`; no dots.
    package var name: String
    package var source: Source
    /// Applied to the source's text: the first group, or the whole match.
    package var regex: String?
    /// `type:` (with `json:`): the JSON type the selected value must have (`ResponseExpectation.typeNames`); a value
    /// of another type is not kept and is a failed check naming both.
    package var type: String?
    package var location: SourceLocation?

    package init(name: String, source: Source, regex: String? = nil, location: SourceLocation? = nil) {
        self.name = name
        self.source = source
        self.regex = regex
        self.location = location
    }

    /// Whether a value from this source is treated as a secret (masked when shown, kept out of exports): tokens,
    /// cookies, and anything taken from a credential-bearing header or a key that names one.
    package var isSecretLike: Bool {
        switch source {
        case .cookie: return true
        case .status: return false
        case .body: return Self.namesSecret(name)
        case .header(let header):
            let credentialHeaders = ["authorization", "proxy-authorization", "cookie", "set-cookie"]
            return credentialHeaders.contains(header.lowercased()) || Self.namesSecret(header) || Self.namesSecret(name)
        case .json(let query): return Self.namesSecret(query) || Self.namesSecret(name)
        }
    }

    /// Whether a value this capture takes from `endpoint`'s answer is a secret: `isSecretLike`, or any value from
    /// a token endpoint (one whose id or path names a token, OAuth, a login or a sign-in), whose answers are
    /// credentials more often than not.
    package func isSecretLike(from endpoint: Endpoint) -> Bool {
        isSecretLike || Self.isTokenEndpoint(endpoint)
    }

    /// Whether an endpoint's id or path says it hands out credentials.
    static func isTokenEndpoint(_ endpoint: Endpoint) -> Bool {
        let words = ["token", "oauth", "login", "signin", "sign-in", "sign_in"]
        let texts = [endpoint.id.lowercased(), endpoint.path.raw.lowercased()]
        return texts.contains { text in words.contains { text.contains($0) } }
    }

    private static func namesSecret(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return ["token", "secret", "password", "passwd", "session", "cookie", "auth", "key", "credential"].contains {
            lowered.contains($0)
        }
    }
}

import Foundation

/// One browser login's request (RFC 6749 section 4.1.1, PKCE of RFC 7636 with S256 always): a fresh `state` and code
/// verifier of 256 random bits each, the authorization URL that carries the state and the verifier's challenge, and
/// the check of the redirect that comes back.
package struct AuthorizationRequest: Sendable {
    /// Matched against the redirect's `state` (RFC 6749 section 10.12): only this login's redirect is accepted.
    package let state: String
    /// Sent only in the token request, never in a URL.
    package let verifier: String
    package let redirectURI: String

    /// `state` and `verifier` from the system's random generator unless given (tests).
    package init(redirectURI: String, state: String? = nil, verifier: String? = nil) {
        self.redirectURI = redirectURI
        self.state = state ?? Self.randomText()
        self.verifier = verifier ?? Self.randomText()
    }

    /// BASE64URL(SHA256(verifier)) without padding (RFC 7636 section 4.2).
    package var challenge: String {
        var hasher = SHA256()
        hasher.update(verifier)
        return Self.base64URL(hasher.finalize())
    }

    /// The authorization endpoint with the request's query items added after any it already has: `response_type`,
    /// `client_id`, `redirect_uri`, `scope`, `state`, `code_challenge`, `code_challenge_method=S256`, then `extra`.
    package func url(settings: OAuth2Settings) -> String {
        var items: [(name: String, value: String)] = [
            ("response_type", "code"), ("client_id", settings.clientID), ("redirect_uri", redirectURI),
        ]
        if let scope = settings.scope, !scope.isEmpty { items.append(("scope", scope)) }
        items += [("state", state), ("code_challenge", challenge), ("code_challenge_method", "S256")]
        items += settings.extra.map { ($0.name, $0.value) }
        let base = settings.authorizationURL ?? ""
        let (address, fragment) = Self.split(base, at: "#")
        let separator = address.contains("?") ? (address.hasSuffix("?") || address.hasSuffix("&") ? "" : "&") : "?"
        return address + separator + FormEncoding.body(items).replacingOccurrences(of: "+", with: "%20")
            + (fragment.map { "#" + $0 } ?? "")
    }

    /// The code of a redirect to this request (its query: `code=…&state=…`, or a whole URL as pasted), or why the
    /// login ends: a `state` other than this request's (checked first: an unmatched redirect's `error` is not ours
    /// to report), an `error=` answer, no `code`.
    package func code(fromRedirect text: String) -> Result<AuthorizationCode, AuthError> {
        var query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        query = Self.split(query, at: "#").before
        if let mark = query.firstIndex(of: "?") { query = String(query[query.index(after: mark)...]) }
        let items = FormEncoding.decode(query, plusIsSpace: true)
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard let state = value("state") else {
            return .failure(AuthError(.authorization("the redirect carries no `state`; nothing stored")))
        }
        guard Self.equal(state, self.state) else {
            return .failure(
                AuthError(
                    .authorization(
                        "the redirect's `state` is not this login's (a stale or forged redirect); nothing stored")))
        }
        if let error = value("error") {
            let detail = value("error_description").map { ": " + OAuthTokenClient.printable($0) } ?? ""
            return .failure(
                AuthError(
                    .authorization(
                        "the authorization server answered \(OAuthTokenClient.printable(error))\(detail); nothing "
                            + "stored")))
        }
        guard let code = value("code"), !code.isEmpty else {
            return .failure(AuthError(.authorization("the redirect carries no `code`; nothing stored")))
        }
        return .success(AuthorizationCode(code: code, verifier: verifier, redirectURI: redirectURI))
    }

    // MARK: - Helpers

    /// 32 random bytes as 43 base64url characters: ≥ 128 bits for `state`, within RFC 7636's 43–128 unreserved
    /// characters for the verifier.
    static func randomText() -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Compared in time independent of where they differ.
    static func equal(_ first: String, _ second: String) -> Bool {
        let (a, b) = (Array(first.utf8), Array(second.utf8))
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func split(_ text: String, at mark: Character) -> (before: String, after: String?) {
        guard let index = text.firstIndex(of: mark) else { return (text, nil) }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }
}

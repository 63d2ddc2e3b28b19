/// What a browser login brings back for the token request (RFC 6749 section 4.1.3, RFC 7636 section 4.5): the code,
/// the verifier whose challenge the authorization request carried, and the redirect URI it named.
///
/// Its `description` shows none of them, so interpolating one into a message or log cannot leak them.
package struct AuthorizationCode: Sendable, Hashable, CustomStringConvertible {
    package var code: String
    package var verifier: String
    package var redirectURI: String

    package init(code: String, verifier: String, redirectURI: String) {
        self.code = code
        self.verifier = verifier
        self.redirectURI = redirectURI
    }

    package var description: String { "AuthorizationCode(\(VariableScope.mask), redirect \(redirectURI))" }
}

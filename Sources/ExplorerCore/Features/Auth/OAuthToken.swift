import Foundation

/// Tokens from one successful token response (RFC 6749 section 5.1), with the expiry turned into a date.
///
/// Its `description` never shows the tokens, so interpolating one into a message or log cannot leak them.
public struct OAuthToken: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible {
    public var accessToken: String
    /// `Bearer` unless the server said otherwise.
    var tokenType: String
    public var refreshToken: String?
    /// When the access token stops working, from `expires_in`; `nil` when the server did not say.
    public var expiresAt: Date?
    public var scope: String?
    /// OpenID Connect's ID token, when the token response carried one (shown by `apix auth status`, never sent).
    package var idToken: String?
    var receivedAt: Date

    package init(
        accessToken: String, tokenType: String = "Bearer", refreshToken: String? = nil, expiresAt: Date? = nil,
        scope: String? = nil, receivedAt: Date = Date()
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
        self.receivedAt = receivedAt
    }

    /// The `Authorization` header value: `Bearer <token>` (the scheme spelled as RFC 6750 does).
    public var authorization: String {
        let scheme = tokenType.lowercased() == "bearer" || tokenType.isEmpty ? "Bearer" : tokenType
        return "\(scheme) \(accessToken)"
    }

    /// Whether the access token is known to have expired at `now` (see `staleAt`).
    func isExpired(at now: Date = Date()) -> Bool {
        staleAt.map { now >= $0 } ?? false
    }

    /// When apix starts treating the token as expired: a little before the real expiry (a tenth of the lifetime,
    /// at most 5 s), so a request does not leave with a token that dies on the way.
    var staleAt: Date? {
        guard let expiresAt else { return nil }
        let margin = min(5, max(0, expiresAt.timeIntervalSince(receivedAt) / 10))
        return expiresAt.addingTimeInterval(-margin)
    }

    public var description: String {
        var text = "OAuthToken(\(tokenType) \(VariableScope.mask)"
        if refreshToken != nil { text += ", refresh token" }
        if let expiresAt { text += ", expires \(expiresAt)" }
        return text + ")"
    }

    public var debugDescription: String { description }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case refreshToken = "refresh_token"
        case expiresAt = "expires_at"
        case scope
        case idToken = "id_token"
        case receivedAt = "received_at"
    }
}

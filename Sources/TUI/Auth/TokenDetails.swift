import ExplorerCore
import Foundation

/// What the auth panel shows under the token's state, as `apix auth status` prints it: the grant, where tokens come
/// from, the scope granted, whether a refresh token is held, the absolute expiry, and the claims of JWT tokens
/// (read, not verified). Built from the core's `AuthStatus`; never holds a token itself.
package struct TokenDetails: Sendable, Equatable {
    /// Label and value, in order.
    package var rows: [(label: String, value: String)]

    package init(_ status: AuthStatus) {
        var rows: [(String, String)] = [("grant", status.grant.rawValue)]
        if let issuer = status.issuer { rows.append(("issuer", issuer)) }
        rows.append(("token url", status.tokenURL ?? "from the issuer's metadata at the first login"))
        if let token = status.token {
            if let scope = token.scope, !scope.isEmpty { rows.append(("scope", scope)) }
            rows.append(("refresh", token.refreshToken == nil ? "no refresh token" : "refresh token held"))
            if let expiresAt = token.expiresAt { rows.append(("expires", Self.utc(expiresAt))) }
            if let claims = JWTClaims(token: token.accessToken) { rows.append(("claims", claims.line)) }
            if let claims = token.idToken.flatMap(JWTClaims.init(token:)) { rows.append(("id token", claims.line)) }
        }
        self.rows = rows
    }

    /// `2026-11-29 10:12:03 UTC`.
    static func utc(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return formatter.string(from: date)
    }

    package static func == (lhs: TokenDetails, rhs: TokenDetails) -> Bool {
        lhs.rows.map(\.label) == rhs.rows.map(\.label) && lhs.rows.map(\.value) == rhs.rows.map(\.value)
    }
}

import Foundation

/// The claims `apix auth status` shows of a token that is a JWT (RFC 7519): `sub`, `iss`, `aud`, `scope` (or `scp`),
/// `exp`, `iat`, read from its payload and NOT verified (apix holds no key to check the signature with; the token
/// server's answer is what apix trusts). Nil for a token that is not a JWT (opaque tokens, encrypted JWEs).
package struct JWTClaims: Sendable, Equatable {
    /// The claims in the order shown, each as text (`aud` lists joined with `, `; times as seconds since 1970).
    package var claims: [(name: String, value: String)]

    package static let names = ["sub", "iss", "aud", "scope", "exp", "iat"]

    package init?(token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, token.utf8.count <= 64 * 1024, let payload = Self.decode(parts[1]),
            let object = (try? JSONValue.parse(payload))?.objectValue
        else { return nil }
        var claims: [(name: String, value: String)] = []
        for name in Self.names {
            let value = object[name] ?? (name == "scope" ? object["scp"] : nil)
            guard let value else { continue }
            let text: String? =
                switch value {
                case .string(let text): text
                case .number(let number): number
                case .array(let items): items.compactMap(\.stringValue).joined(separator: name == "scope" ? " " : ", ")
                default: nil
                }
            if let text { claims.append((name, text)) }
        }
        self.claims = claims
    }

    package static func == (lhs: JWTClaims, rhs: JWTClaims) -> Bool {
        lhs.claims.elementsEqual(rhs.claims) { $0.name == $1.name && $0.value == $1.value }
    }

    /// A claim's value as shown: `exp` and `iat` as ISO 8601 times in UTC, the rest as they are.
    package static func shown(_ name: String, _ value: String) -> String {
        guard name == "exp" || name == "iat", let seconds = Double(value), seconds.isFinite,
            abs(seconds) < 1e11
        else { return value }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// One line: `sub alice, iss https://id.example, …, exp 2026-11-28T23:00:00Z (not verified)`.
    package var line: String {
        claims.map { "\($0.name) \(Self.shown($0.name, $0.value))" }.joined(separator: ", ") + " (not verified)"
    }

    /// The claims as JSON (numbers as numbers), with `verified: false`.
    package var json: JSONValue {
        var object = JSONObject()
        for (name, value) in claims {
            let number = (name == "exp" || name == "iat") && Double(value) != nil
            object.append(key: name, value: number ? .number(value) : .string(value))
        }
        object.append(key: "verified", value: .bool(false))
        return .object(object)
    }

    /// Base64url without padding (RFC 7515 section 2), bounded by the caller.
    private static func decode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

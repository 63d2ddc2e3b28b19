import Foundation

/// User and password from an `Authorization: Basic ...` header.
struct BasicCredentials: Sendable, Equatable {
    var user: String
    var password: String

    /// Parses an Authorization header value; `nil` unless it is well-formed Basic credentials.
    init?(authorization: String) {
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let data = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
            let decoded = String(data: data, encoding: .utf8),
            let colon = decoded.firstIndex(of: ":")
        else { return nil }
        user = String(decoded[..<colon])
        password = String(decoded[decoded.index(after: colon)...])
    }

    init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

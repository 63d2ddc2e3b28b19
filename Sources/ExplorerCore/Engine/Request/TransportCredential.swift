import Foundation

/// A credential libcurl works out itself on each exchange from a user name and a password: HTTP Digest, NTLM and
/// Negotiate answer the server's challenge (`CURLOPT_HTTPAUTH`), AWS Signature Version 4 signs the request
/// (`CURLOPT_AWS_SIGV4`). No header apix could write ahead of time carries it, so it travels in
/// `TransferOptions.authentication`: set for each attempt by `AuthInterceptor`, dropped by `RedirectPolicy` at a
/// redirect to another origin (libcurl follows no redirect itself, and `CURLOPT_UNRESTRICTED_AUTH` stays off).
package struct TransportCredential: Sendable, Hashable {
    package enum Scheme: Sendable, Hashable {
        /// RFC 7616; libcurl sends nothing until the server's 401 names its nonce.
        case digest
        /// Microsoft's NTLM handshake (two round trips on one connection).
        case ntlm
        /// SPNEGO (RFC 4559), with a Kerberos ticket from the user's credential cache (`kinit`).
        case negotiate
        /// AWS Signature Version 4; `parameter` is libcurl's `provider1:provider2:region:service`
        /// (`aws:amz:eu-west-1:execute-api`), region and service read from the host name when left out.
        case awsSigV4(parameter: String)

        /// The curl options that ask for it (`apix export curl` writes them before `-u`).
        package var curlOptions: [String] {
            switch self {
            case .digest: ["--digest"]
            case .ntlm: ["--ntlm"]
            case .negotiate: ["--negotiate"]
            case .awsSigV4(let parameter): ["--aws-sigv4", parameter]
            }
        }

        /// The `Authorization` scheme it produces, as the shown request names it (`Digest ••••`).
        package var authorizationScheme: String {
            switch self {
            case .digest: "Digest"
            case .ntlm: "NTLM"
            case .negotiate: "Negotiate"
            case .awsSigV4: "AWS4-HMAC-SHA256"
            }
        }
    }

    package var scheme: Scheme
    /// The user name (AWS: the access key id).
    package var username: String
    /// The password (AWS: the secret access key).
    package var password: String

    package init(_ scheme: Scheme, username: String, password: String) {
        self.scheme = scheme
        self.username = username
        self.password = password
    }

    /// What tells this credential's user apart in a response cache key (`CacheKey.identity`): hashed there with the
    /// file's salt, never stored as it is.
    var identity: String {
        "\(scheme)\u{0}\(username)\u{0}\(password)"
    }

    /// The header in which an AWS request says which body it signed (hex SHA-256, or `UNSIGNED-PAYLOAD`).
    package static let contentSHA256Header = "x-amz-content-sha256"

    /// `url` with its query in SigV4's canonical form: every name and value percent-encoded with only RFC 3986's
    /// unreserved characters left as they are, the items sorted by name, then value. libcurl 7.88 signs the query
    /// as it is written while AWS signs its canonical form, so a request goes with the canonical form itself (the
    /// same items, which every AWS service reads alike). A URL without a query is returned unchanged.
    static func canonicalQueryURL(_ url: String) -> String {
        guard let mark = url.firstIndex(of: "?") else { return url }
        let end = url.firstIndex(of: "#") ?? url.endIndex
        guard mark < end else { return url }
        let query = url[url.index(after: mark)..<end]
        guard !query.isEmpty else { return url }
        let items = query.split(separator: "&", omittingEmptySubsequences: true).map { piece in
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.canonical(parts[0])
            let value = parts.count > 1 ? Self.canonical(parts[1]) : ""
            return (name, value)
        }
        let sorted = items.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return String(url[..<mark]) + "?" + sorted.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
            + String(url[end...])
    }

    /// One query component as SigV4 encodes it: decoded once (a `%` that starts no escape stays), then encoded
    /// again with only the unreserved characters left bare.
    private static func canonical(_ component: Substring) -> String {
        let decoded = String(component).removingPercentEncoding ?? String(component)
        return PercentEncoding.encode(decoded, allowed: PercentEncoding.unreserved)
    }
}

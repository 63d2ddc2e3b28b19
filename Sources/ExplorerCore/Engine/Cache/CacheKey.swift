import Foundation

/// What a stored response is filed under: the method, the URL that answered, and a digest of who asked.
///
/// The digest is salted per cache file, so equal credentials give equal keys within one profile's cache while the
/// file never holds a token or anything that could be matched against one elsewhere. Who asked is read from the
/// credentials the request declares (`PreparedRequest.credentialNames`) plus the usual credential headers and the
/// credential libcurl works out (`TransferOptions.authentication`: Digest, SigV4, …); a credential in the query is
/// masked in the stored URL and counted in the digest instead.
struct CacheKey: Hashable, Sendable, Codable {
    var method: String
    var url: String
    /// Empty for a request without credentials.
    var identity: String

    /// Credential headers always taken into account, whatever the options say.
    static let alwaysCredentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    init(method: String, url: String, identity: String) {
        self.method = method
        self.url = url
        self.identity = identity
    }

    /// What a credential query item's value reads in a stored URL: `VariableScope.mask`, percent-encoded.
    static let maskedQueryValue = VariableScope.mask.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""

    /// - Parameter credentialHeaders: headers that identify the user besides those the request declares.
    init(_ request: PreparedRequest, credentialHeaders: [String], salt: String) {
        method = request.method.rawValue
        url = Self.normalized(request.url, credentials: request.credentialNames)
        identity = Self.identity(
            of: request.headers, credentialHeaders: credentialHeaders + request.credentialNames.headers.sorted(),
            queryCredentials: request.credentialNames.queryPieces(in: Self.normalized(request.url))
                + (request.options.authentication.map { ["transport:" + $0.identity] } ?? []), salt: salt)
    }

    /// A salted digest of the credential headers present and of `queryCredentials` (`name=value` pieces); empty
    /// when there are none.
    static func identity(
        of headers: HTTPHeaders, credentialHeaders: [String], queryCredentials: [String] = [], salt: String
    ) -> String {
        var seen: Set<String> = []
        let names = (alwaysCredentialHeaders + credentialHeaders).map { $0.lowercased() }.filter {
            seen.insert($0).inserted
        }
        let present =
            names.sorted().compactMap { name -> String? in
                let values = headers.values(for: name)
                return values.isEmpty ? nil : name + ":" + values.joined(separator: "\u{0}")
            } + queryCredentials.map { "?" + $0 }
        guard !present.isEmpty else { return "" }
        return SHA256.hex("identity\u{0}" + salt + "\u{0}" + present.joined(separator: "\n"))
    }

    /// A salted digest of the values of the request headers a response varies on (names lower-cased).
    static func varyDigest(of headers: HTTPHeaders, names: [String], salt: String) -> String {
        guard !names.isEmpty else { return "" }
        let values = names.map { name in
            name + ":"
                + headers.values(for: name).map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: ",")
        }
        return SHA256.hex("vary\u{0}" + salt + "\u{0}" + values.joined(separator: "\n"))
    }

    /// The URL without a fragment, which never reaches the server.
    static func normalized(_ url: String) -> String {
        url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
    }

    /// The URL as stored: without a fragment, and with the values of credential query items masked so the cache
    /// file never holds them (the identity tells users apart instead).
    static func normalized(_ url: String, credentials: CredentialNames) -> String {
        credentials.masking(normalized(url), with: maskedQueryValue)
    }
}

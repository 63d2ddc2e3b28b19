import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Fills in the endpoints an OAuth2 definition with `issuer:` does not write, from the authorization server's
/// metadata: OpenID Connect Discovery's `{issuer}/.well-known/openid-configuration` first, then RFC 8414's
/// `/.well-known/oauth-authorization-server{path}`. Explicit keys win over the metadata.
///
/// The metadata is kept per profile and environment (and named definition) under `discovery/` in the state
/// directory, for `lifetime`, and in memory for the process, so a login or refresh does not ask twice. A document
/// whose `issuer` is not the one configured is refused (RFC 8414 section 3.3, OpenID Connect Discovery section
/// 4.3: it would let one server name another's endpoints), as is one that names a non-HTTP endpoint.
package final class AuthorizationServerDiscovery: Sendable {
    /// The endpoints a metadata document names, and where and when it was read.
    package struct Metadata: Sendable, Equatable, Codable {
        package var issuer: String
        package var tokenEndpoint: String?
        package var authorizationEndpoint: String?
        package var deviceAuthorizationEndpoint: String?
        package var revocationEndpoint: String?
        /// The document's URL.
        package var source: String
        package var fetchedAt: Date

        enum CodingKeys: String, CodingKey {
            case issuer, source
            case tokenEndpoint = "token_endpoint"
            case authorizationEndpoint = "authorization_endpoint"
            case deviceAuthorizationEndpoint = "device_authorization_endpoint"
            case revocationEndpoint = "revocation_endpoint"
            case fetchedAt = "fetched_at"
        }
    }

    /// How long a document read from the server is used before it is read again.
    package static let lifetime: TimeInterval = 24 * 3600
    /// Metadata documents are a few kilobytes; a larger answer is not one.
    static let maxDocumentBytes = 1 << 20

    /// The directory holding one file per profile and environment.
    package let directory: String
    private let client: Client
    private let memory = Mutex<[String: Metadata]>([:])

    package init(directory: String, client: Client = Client()) {
        self.directory = directory
        self.client = client
    }

    /// The discovery beside a token store: `discovery/` next to its `tokens/`.
    package convenience init(beside store: TokenStore, client: Client = Client()) {
        let parent = (store.directory as NSString).deletingLastPathComponent
        self.init(directory: (parent as NSString).appendingPathComponent("discovery"), client: client)
    }

    /// `settings` with the endpoints it lacks taken from its issuer's metadata (read from the server when none is
    /// kept, or `refresh`); `settings` itself when it names no issuer. Throws when the metadata cannot be read or
    /// lacks an endpoint the grant needs.
    package func complete(_ settings: OAuth2Settings, key: ProfileEnvironmentKey, refresh: Bool = false)
        async throws(AuthError) -> OAuth2Settings
    {
        guard let issuer = settings.issuer else { return settings }
        let metadata: Metadata
        if !refresh, let kept = kept(issuer: issuer, key: key) {
            metadata = kept
        } else {
            metadata = try await fetch(issuer: issuer, settings: settings)
            remember(metadata, key: key)
        }
        let completed = Self.apply(metadata, to: settings)
        if let missing = Self.missingEndpoint(completed) {
            throw AuthError(
                .discovery("\(metadata.source) names no `\(missing)`; write the endpoint under `auth` instead"))
        }
        return completed
    }

    /// `settings` with what the kept metadata says, never asking the server (for status displays).
    package func completedFromKept(_ settings: OAuth2Settings, key: ProfileEnvironmentKey) -> OAuth2Settings {
        guard let issuer = settings.issuer, let kept = kept(issuer: issuer, key: key) else { return settings }
        return Self.apply(kept, to: settings)
    }

    /// Forgets the metadata kept for `key` (its endpoints failed: the next login reads the document again).
    package func forget(_ key: ProfileEnvironmentKey) {
        let path = path(for: key)
        memory.withLock { $0[path] = nil }
        unlink(path)
    }

    /// Explicit keys win: only the endpoints `settings` leaves out are taken from `metadata`.
    static func apply(_ metadata: Metadata, to settings: OAuth2Settings) -> OAuth2Settings {
        var settings = settings
        settings.tokenURL = settings.tokenURL ?? metadata.tokenEndpoint
        if settings.grant == .authorizationCode {
            settings.authorizationURL = settings.authorizationURL ?? metadata.authorizationEndpoint
        }
        if settings.grant == .deviceCode {
            settings.deviceAuthorizationURL = settings.deviceAuthorizationURL ?? metadata.deviceAuthorizationEndpoint
        }
        settings.revocationURL = settings.revocationURL ?? metadata.revocationEndpoint
        return settings
    }

    /// The metadata name of an endpoint the grant needs and still lacks.
    private static func missingEndpoint(_ settings: OAuth2Settings) -> String? {
        if settings.tokenURL == nil { return "token_endpoint" }
        if settings.grant == .authorizationCode, settings.authorizationURL == nil { return "authorization_endpoint" }
        if settings.grant == .deviceCode, settings.deviceAuthorizationURL == nil {
            return "device_authorization_endpoint"
        }
        return nil
    }

    // MARK: - Reading the server's document

    /// The two places a document may be, in the order asked: OpenID Connect's (appended to the issuer) and RFC
    /// 8414's (inserted between the host and the issuer's path).
    static func documentURLs(issuer: String) -> [String] {
        let trimmed = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        var urls = [trimmed + "/.well-known/openid-configuration"]
        if let components = URLComponents(string: trimmed), let scheme = components.scheme,
            let host = components.percentEncodedHost
        {
            let port = components.port.map { ":\($0)" } ?? ""
            urls.append(
                "\(scheme)://\(host)\(port)/.well-known/oauth-authorization-server\(components.percentEncodedPath)")
        }
        return urls
    }

    private func fetch(issuer: String, settings: OAuth2Settings) async throws(AuthError) -> Metadata {
        var options = settings.transfer
        options.downloadTo = nil
        // A redirect could hand the document to another origin, which would then name the endpoints that receive
        // the client secret: metadata is read only where the issuer says.
        options.followRedirects = false
        options.maxBody = Int64(Self.maxDocumentBytes)
        var tried: [String] = []
        for url in Self.documentURLs(issuer: issuer) {
            let request = PreparedRequest(
                method: .get, url: url, headers: ["Accept": "application/json"], options: options)
            switch await client.send(request) {
            case .failure(let error):
                if error.isCancelled { throw AuthError(.cancelled) }
                throw AuthError(.discovery("\(url) unreachable: \(OAuthTokenClient.printable(error.message))"))
            case .success(let response) where response.statusCode == 200:
                return try Self.metadata(from: response, issuer: issuer, source: url)
            case .success(let response):
                tried.append("\(url) answered HTTP \(response.statusCode)")
            }
        }
        throw AuthError(.discovery("no metadata for issuer \(issuer): " + tried.joined(separator: "; ")))
    }

    /// Reads a metadata document (RFC 8414 section 3.2) and checks its issuer and endpoints.
    static func metadata(from response: Response, issuer: String, source: String, now: Date = Date())
        throws(AuthError) -> Metadata
    {
        let json = (try? response.body.data(limit: maxDocumentBytes)).flatMap { try? JSONValue.parse($0) }
        guard let object = json?.objectValue else {
            throw AuthError(.discovery("\(source) is not a JSON object"))
        }
        let said = object["issuer"]?.stringValue
        guard let said, Self.sameIssuer(said, issuer) else {
            let named = said.map { "`\(OAuthTokenClient.printable($0))`" } ?? "none"
            throw AuthError(
                .discovery(
                    "\(source) names issuer \(named), not \(issuer): refused (a server may describe only itself)"))
        }
        func endpoint(_ name: String) throws(AuthError) -> String? {
            guard let value = object[name]?.stringValue else { return nil }
            guard RequestBuilder.isHTTPURL(value) else {
                throw AuthError(
                    .discovery(
                        "\(source): `\(name)` is not an http:// or https:// URL (\(OAuthTokenClient.printable(value)))")
                )
            }
            return value
        }
        return Metadata(
            issuer: issuer, tokenEndpoint: try endpoint("token_endpoint"),
            authorizationEndpoint: try endpoint("authorization_endpoint"),
            deviceAuthorizationEndpoint: try endpoint("device_authorization_endpoint"),
            revocationEndpoint: try endpoint("revocation_endpoint"), source: source, fetchedAt: now)
    }

    /// Identical, as both specifications require, but for a trailing slash that profiles often add or leave out.
    private static func sameIssuer(_ a: String, _ b: String) -> Bool {
        func trimmed(_ text: String) -> Substring { text.hasSuffix("/") ? text.dropLast() : Substring(text) }
        return trimmed(a) == trimmed(b)
    }

    // MARK: - Keeping it

    /// `profile@environment.json` as the token files are named, in `directory`.
    func path(for key: ProfileEnvironmentKey) -> String {
        TokenStore(directory: directory).path(for: key)
    }

    private func kept(issuer: String, key: ProfileEnvironmentKey, now: Date = Date()) -> Metadata? {
        let path = path(for: key)
        func fresh(_ metadata: Metadata) -> Bool {
            metadata.issuer == issuer && now.timeIntervalSince(metadata.fetchedAt) < Self.lifetime
                && metadata.fetchedAt <= now.addingTimeInterval(60)
        }
        if let inMemory = memory.withLock({ $0[path] }), fresh(inMemory) { return inMemory }
        guard let data = FileManager.default.contents(atPath: path),
            let onDisk = try? StateFileJSON.decoder.decode(Metadata.self, from: data), fresh(onDisk)
        else { return nil }
        memory.withLock { $0[path] = onDisk }
        return onDisk
    }

    /// Kept in memory, and on disk when it can be (a read-only state directory only costs the next process a read).
    private func remember(_ metadata: Metadata, key: ProfileEnvironmentKey) {
        let path = path(for: key)
        memory.withLock { $0[path] = metadata }
        guard let data = try? StateFileJSON.encoder.encode(metadata) else { return }
        try? PrivateDirectory.prepare(directory)
        try? AtomicFile.write(data, to: path, options: .userOnly)
    }
}

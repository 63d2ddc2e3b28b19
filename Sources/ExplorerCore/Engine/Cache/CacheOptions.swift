/// How one request uses the response cache.
public struct CacheOptions: Sendable, Equatable {
    public enum Mode: Sendable, Equatable {
        /// Answer from the cache while the stored response is fresh, revalidate it when stale, store new answers.
        case use
        /// Always ask the server, then store its answer (a reload).
        case refresh
    }

    /// Whose entries these are: the profile id. Each namespace is persisted in its own file.
    public var namespace: String
    /// The profile's `cache:` lifetime, used when the response names none (see `CachePolicy`).
    public var ttl: Duration
    public var mode: Mode
    /// Request headers that identify the user besides the credentials the request declares
    /// (`PreparedRequest.credentialNames`, always included with `Authorization`, `Proxy-Authorization` and
    /// `Cookie`): entries are kept apart per distinct value of these (digested, never stored).
    package var credentialHeaders: [String]

    /// Common API key headers, for a key written into the profile's headers by hand: nothing declares those, so
    /// their names can only be guessed. Keys placed by `auth:` need no guess.
    public static let defaultCredentialHeaders = ["X-API-Key", "API-Key", "X-Auth-Token"]

    public init(
        namespace: String, ttl: Duration = .zero, mode: Mode = .use,
        credentialHeaders: [String] = CacheOptions.defaultCredentialHeaders
    ) {
        self.namespace = namespace
        self.ttl = ttl
        self.mode = mode
        self.credentialHeaders = credentialHeaders
    }

    /// The options for sending `endpoint` from the explorer, which caches only endpoints that declare
    /// `cache: SECONDS` above 0; `nil` otherwise.
    package static func forEndpoint(_ endpoint: Endpoint, profile: String, mode: Mode = .use) -> CacheOptions? {
        guard let seconds = endpoint.cacheSeconds, seconds > 0 else { return nil }
        return CacheOptions(namespace: profile, ttl: .seconds(seconds), mode: mode)
    }
}

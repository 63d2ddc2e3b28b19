extension SendOptions {
    /// Whether a send goes through the response cache: as the endpoint declares it, or as the user asked.
    public enum CacheUse: Sendable, Equatable {
        /// Only an endpoint that declares `cache:` above 0 uses the cache, in this mode (the explorer; `R` is
        /// `.declared(.refresh)`).
        case declared(CacheOptions.Mode)
        /// The user asked for the cache (`--cached`: `.use`, `--no-cache`: `.refresh`): it takes part whatever
        /// `cache:` says, with the endpoint's lifetime (none: reused only as the server's headers allow).
        case always(CacheOptions.Mode)
        /// Neither read nor written (`apix run` without a cache flag).
        case off
    }

    /// The send options for `endpoint` of profile `profile`: the user's `priority` over the endpoint's (else
    /// normal), and the cache as `cache` says. The interceptor is added by the sender.
    package static func forEndpoint(
        _ endpoint: Endpoint, profile: String, cache: CacheUse, priority: Endpoint.Priority? = nil
    ) -> SendOptions {
        let options: CacheOptions? =
            switch cache {
            case .declared(let mode): CacheOptions.forEndpoint(endpoint, profile: profile, mode: mode)
            case .always(let mode):
                CacheOptions(namespace: profile, ttl: .seconds(max(0, endpoint.cacheSeconds ?? 0)), mode: mode)
            case .off: nil
            }
        return SendOptions(priority: priority ?? endpoint.priority ?? .normal, cache: options)
    }
}

/// How the client should treat one request beyond what goes on the wire.
public struct SendOptions: Sendable {
    /// Adds credentials and retries after a refresh (see `RequestInterceptor`).
    public var interceptor: (any RequestInterceptor)?
    /// Order among waiting requests of the same lane (see `RequestScheduler`).
    public var priority: Endpoint.Priority
    /// Whether and how the client's `ResponseCache` takes part; `nil`: not at all.
    public var cache: CacheOptions?
    /// The scheduler lane; `nil` chooses by size (see `Lane.automatic(for:threshold:)`).
    public var lane: Lane?
    /// Receives the final response's body as events when it is a stream (`text/event-stream`, or `stream: true`);
    /// nil: streams are kept as bodies only.
    public var events: EventStream?

    public init(
        interceptor: (any RequestInterceptor)? = nil, priority: Endpoint.Priority = .normal,
        cache: CacheOptions? = nil, lane: Lane? = nil
    ) {
        self.interceptor = interceptor
        self.priority = priority
        self.cache = cache
        self.lane = lane
    }
}

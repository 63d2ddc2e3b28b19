/// How the client should treat one request beyond what goes on the wire.
public struct SendOptions: Sendable {
    /// Adds credentials and retries after a refresh (see `RequestInterceptor`).
    public var interceptor: (any RequestInterceptor)?
    public var priority: Endpoint.Priority

    public init(interceptor: (any RequestInterceptor)? = nil, priority: Endpoint.Priority = .normal) {
        self.interceptor = interceptor
        self.priority = priority
    }
}

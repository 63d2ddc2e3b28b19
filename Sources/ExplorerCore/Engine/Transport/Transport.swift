/// Carries out one HTTP exchange. Redirects, auth and caching live above it, in `Client`.
///
/// Cancelling the calling task cancels the exchange; it then returns `.cancelled` promptly.
public protocol Transport: Sendable {
    /// Sends `request` once and returns the response (any status) or why none came.
    ///
    /// When `request.options.followRedirects` is on, a redirect response's body is discarded (the client will
    /// follow it), so only the final body reaches memory or `downloadTo`.
    func exchange(
        _ request: PreparedRequest, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<Response, TransportError>

    /// The same, feeding the final response's body to `events` as it arrives when it is a stream
    /// (`EventStream.begin`). Transports that cannot stream ignore it.
    func exchange(
        _ request: PreparedRequest, events: EventStream?, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<Response, TransportError>
}

extension Transport {
    public func exchange(
        _ request: PreparedRequest, events: EventStream?, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<Response, TransportError> {
        await exchange(request, progress: progress)
    }
}

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
}

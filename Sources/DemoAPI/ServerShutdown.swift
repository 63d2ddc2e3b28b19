import ServiceLifecycle

/// How long-running handlers notice that the server is stopping.
///
/// Hummingbird's graceful shutdown waits for every open response to finish, so a stalled, dripping or multi-GiB
/// response would hold `RunningDemoServer.shutdown()` for as long as it runs. Handlers run as child tasks of the
/// server's service, which carries ServiceLifecycle's graceful-shutdown task local: these helpers end the work
/// as soon as shutdown starts (and on task cancellation, the fallback `shutdown()` uses after a grace period).
enum ServerShutdown {
    /// Throws `CancellationError` once the server is shutting down or the task is cancelled.
    static func throwIfStopping() throws {
        if Task.isShuttingDownGracefully { throw CancellationError() }
        try Task.checkCancellation()
    }

    /// Sleeps for `duration`, throwing `CancellationError` early when the server shuts down.
    static func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return try throwIfStopping() }
        try await cancelWhenGracefulShutdown { try await Task.sleep(for: duration) }
        try throwIfStopping()
    }

    /// Suspends until the server shuts down, then throws `CancellationError`.
    static func waitForever() async throws {
        try await gracefulShutdown()
        throw CancellationError()
    }
}

extension ServerShutdown {
    /// Sleeps until `deadline` (returning at once if it has passed), throwing early when the server shuts down.
    static func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await sleep(for: ContinuousClock.now.duration(to: deadline))
    }
}

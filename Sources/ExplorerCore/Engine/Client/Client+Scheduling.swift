extension Client {
    /// Where tasks that send many requests one after another pay least for each: the transport's own loop
    /// threads, when it has them (libcurl's); none otherwise (the tasks then run where they would anyway).
    package var loopExecutors: [any TaskExecutor] { (transport as? CurlTransport)?.executors ?? [] }

    /// One exchange on the wire, started when the scheduler gives it a slot in its lane; the wait goes into
    /// `Metrics.queued` and `queuePosition`.
    func scheduledExchange(
        _ request: PreparedRequest, options: SendOptions, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<Response, TransportError> {
        let lane = options.lane ?? Lane.automatic(for: request, threshold: scheduler.transferThreshold)
        guard let slot = await scheduler.enter(lane: lane, url: request.url, priority: options.priority) else {
            return .failure(TransportError(.cancelled, "cancelled"))
        }
        defer { scheduler.leave(slot) }
        options.events?.noteRequestStart()
        switch await transport.exchange(request, events: options.events, progress: progress) {
        case .success(var response):
            response.metrics.queued = slot.waited
            response.metrics.queuePosition = slot.position
            return .success(response)
        case .failure(var error):
            error.metrics.queued = slot.waited
            error.metrics.queuePosition = slot.position
            return .failure(error)
        }
    }
}

extension Client {
    /// A load run's fast path: `request`, adapted once by the interceptor (its credentials), sent again and again on
    /// `connections` handles inside the transport's loops (`CurlTransport.burst`), holding that many slots of its
    /// lane. Each answer goes to `answered`, except the ones only the whole pipeline can finish — a 401 when an
    /// interceptor may refresh the credentials, a redirect to follow — which end the burst as handed off: the caller
    /// sends each of those again through `send`, then may start another burst (with the refreshed credentials).
    ///
    /// Nil when this client cannot burst (another transport, a cache in the way, an event stream to feed): the
    /// caller then uses `send` for every request.
    package func burst(
        _ request: PreparedRequest, options: SendOptions, connections: Int, next: @escaping @Sendable () -> Bool,
        answered: @escaping @Sendable (Result<Response, TransportError>) -> BurstDecision
    ) async -> BurstEnd? {
        guard let transport = transport as? CurlTransport, options.cache == nil || cache == nil, options.events == nil
        else { return nil }
        var adapted = request
        if let interceptor = options.interceptor {
            guard let ready = try? await interceptor.adapt(request, attempt: 0) else { return nil }
            adapted = ready
        }
        let lane = options.lane ?? Lane.automatic(for: adapted, threshold: scheduler.transferThreshold)
        // One slot per handle, taken only as far as the lane allows at once (more would wait for ever on slots
        // this burst holds itself).
        let count = min(max(1, connections), scheduler.capacity(of: lane))
        var slots: [RequestScheduler.Slot] = []
        defer { for slot in slots { scheduler.leave(slot) } }
        for _ in 0..<count {
            guard let slot = await scheduler.enter(lane: lane, url: adapted.url, priority: options.priority) else {
                return BurstEnd(cancelled: true)
            }
            slots.append(slot)
        }
        let sent = adapted
        return await transport.burst(sent, connections: count, next: next) { result in
            if case .success(let response) = result,
                Self.needsPipeline(response, request: sent, options: options)
            {
                return .handOff
            }
            return answered(result)
        }
    }

    /// Whether only the whole pipeline can finish `response`: a 401 an interceptor may cure by refreshing, or a
    /// redirect to follow. A burst hands such answers back; one the pipeline itself ends on stops bursting.
    package static func needsPipeline(
        _ response: Response, request: PreparedRequest, options: SendOptions
    ) -> Bool {
        if options.interceptor != nil, response.statusCode == 401 { return true }
        return request.options.followRedirects && HTTPStatus.redirectCodes.contains(response.statusCode)
            && response.headers.contains("Location")
    }
}

extension CurlTransport {
    /// Sends `request` on up to `connections` handles spread over the loops, again and again: each handle is
    /// re-added by its loop as soon as its answer went to `answered`, for as long as `next` (asked before every
    /// exchange, on a loop thread) says another is due and no answer stopped the burst. The request is configured
    /// once per handle by the code every exchange uses (`CurlTransfer`), so each sends the same bytes as a send.
    /// Cancelling the calling task stops every handle.
    package func burst(
        _ request: PreparedRequest, connections: Int, next: @escaping @Sendable () -> Bool,
        answered: @escaping @Sendable (Result<Response, TransportError>) -> BurstDecision
    ) async -> BurstEnd {
        let wired: (request: PreparedRequest, segments: [BodySegment])
        switch Self.wire(request) {
        case .success(let wire): wired = wire
        case .failure(let error): return BurstEnd(failure: error.message)
        }
        var transfers: [CurlTransfer] = []
        for _ in 0..<max(1, connections) {
            guard !Task.isCancelled, next() else { break }
            guard
                let transfer = CurlTransfer(
                    id: 0, request: wired.request, segments: wired.segments, onProgress: { _ in })
            else {
                // The tickets taken for handles not made are handed back as requests still to send.
                return BurstEnd(handedOff: transfers.count + 1, failure: "libcurl could not create a handle")
            }
            transfers.append(transfer)
        }
        guard !transfers.isEmpty else { return BurstEnd(cancelled: Task.isCancelled) }
        let burst = CurlBurst(handles: transfers.count, next: next, answered: answered)
        let loops = loops
        let handles = transfers
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                burst.attach(continuation)
                for (index, transfer) in handles.enumerated() {
                    transfer.burst = burst
                    loops[index % loops.count].add(transfer)
                }
            }
        } onCancel: {
            for (index, transfer) in handles.enumerated() { loops[index % loops.count].cancel(transfer) }
        }
    }
}

/// A request on its way: watch its progress, await its result, or cancel it.
public final class Transfer: Sendable {
    public let request: PreparedRequest
    /// Progress events, at most about 20 a second, ending with one `isFinal` event with exact counts.
    public let progress: AsyncStream<TransferProgress>
    /// The response's events when it is a stream (`SendOptions.events`).
    public let events: EventStream?
    private let task: Task<(Result<Response, ClientError>, [String]), Never>

    init(
        request: PreparedRequest, progress: AsyncStream<TransferProgress>, events: EventStream? = nil,
        task: Task<(Result<Response, ClientError>, [String]), Never>
    ) {
        self.request = request
        self.progress = progress
        self.events = events
        self.task = task
    }

    /// The response, or why there is none. Awaiting it from several places is fine.
    public var result: Result<Response, ClientError> {
        get async { await task.value.0 }
    }

    /// What the user should be told once the transfer ended, one message each, for a front end to show as a
    /// warning: a cache file or token file that had to be ignored. Known when `result` is.
    public var warnings: [String] {
        get async { await task.value.1 }
    }

    /// Stops the transfer; `result` then becomes a `.cancelled` error promptly.
    public func cancel() {
        task.cancel()
    }

    /// Ends a stream keeping what arrived: `result` becomes the response with the body and events so far. A
    /// transfer that is not (yet) a stream is cancelled.
    public func stopStream() {
        if let events, events.isStream { events.requestStop() }
        task.cancel()
    }
}

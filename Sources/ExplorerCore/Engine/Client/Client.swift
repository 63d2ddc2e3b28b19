import Synchronization

/// Sends prepared requests: adapts them through an interceptor (auth), follows redirects hop by hop, retries
/// once when the interceptor asks (401 after a token refresh), and merges the metrics of every hop. Each hop
/// goes through the response cache (when `SendOptions.cache` is set) and waits for the scheduler's go.
public final class Client: Sendable {
    package let transport: any Transport
    /// Consulted only for requests whose `SendOptions.cache` is set.
    package let cache: ResponseCache?
    package let scheduler: RequestScheduler

    public init(
        transport: any Transport = CurlTransport.shared, cache: ResponseCache? = nil,
        scheduler: RequestScheduler = RequestScheduler()
    ) {
        self.transport = transport
        self.cache = cache
        self.scheduler = scheduler
    }

    /// Starts `request` now and returns a handle to watch, await or cancel it.
    public func start(_ request: PreparedRequest, options: SendOptions = SendOptions()) -> Transfer {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TransferProgress.self, bufferingPolicy: .bufferingNewest(32))
        // The send runs on libcurl's loop thread when the transport has one: handing the request over and taking
        // the answer back then cross no thread (the caller's own wait for the result is the only hop left).
        let task = Task(executorPreference: loopExecutors.first) {
            // Problems the cache meets while this request uses it (its file read for the first time).
            let known = options.cache == nil ? nil : await self.cache?.problems.count
            // Asked before and after: a token file ignored at the start is replaced by a login meanwhile.
            var warnings = await options.interceptor?.warnings() ?? []
            let result = await self.send(request, options: options) { continuation.yield($0) }
            continuation.finish()
            for warning in await options.interceptor?.warnings() ?? [] where !warnings.contains(warning) {
                warnings.append(warning)
            }
            if let known, let cache = self.cache {
                warnings += await cache.problems.dropFirst(known).map(\.message)
            }
            return (result, warnings)
        }
        return Transfer(request: Self.withJarCookie(request), progress: stream, events: options.events, task: task)
    }

    /// `request` with the `Cookie` field libcurl will add from its jar (`PreparedRequest.jarCookie`), for the
    /// request as the front ends show it. Read now, before the answer can change the jar; an answer to a request that
    /// waited for a token, or to another exchange meanwhile, could still change what goes.
    static func withJarCookie(_ request: PreparedRequest) -> PreparedRequest {
        guard let jar = request.options.cookieJar else { return request }
        var shown = request
        shown.jarCookie = CookieShares.requestCookie(
            jar: jar, url: request.url, host: request.headers["Host"].map(RequestCookies.host(fromHeader:)))
        return shown
    }

    /// Sends `request` and reports progress; the last event reported is the final one, with exact counts.
    public func send(
        _ request: PreparedRequest, options: SendOptions = SendOptions(),
        progress: @escaping @Sendable (TransferProgress) -> Void = { _ in }
    ) async -> Result<Response, ClientError> {
        let lastFinal = Mutex<TransferProgress?>(nil)
        defer {
            if var final = lastFinal.withLock({ $0 }) {
                final.isFinal = true
                progress(final)
            }
        }
        let report: @Sendable (TransferProgress) -> Void = { event in
            var event = event
            if event.isFinal {
                lastFinal.withLock { $0 = event }
                event.isFinal = false
            }
            progress(event)
        }
        // Before a token is fetched or a byte sent, for every sender alike: an answer with nowhere to go means a POST
        // that went and then failed to save.
        if let refusal = Self.unwritableDownload(request) { return .failure(.transport(refusal)) }
        let maxAttempts = options.interceptor == nil ? 1 : 2
        var attempt = 0
        while true {
            var adapted = request
            do {
                if let interceptor = options.interceptor {
                    adapted = try await interceptor.adapt(request, attempt: attempt)
                }
            } catch {
                return .failure(error)
            }
            options.events?.startAttempt()
            let result = await followRedirects(adapted, options: options, progress: report)
            guard case .success(let response) = result, attempt + 1 < maxAttempts,
                let interceptor = options.interceptor
            else {
                return result.mapError(ClientError.transport)
            }
            do {
                guard try await interceptor.retry(adapted, after: response, attempt: attempt) else {
                    return .success(response)
                }
            } catch {
                return .failure(error)
            }
            if Task.isCancelled { return .failure(.transport(TransportError(.cancelled, "cancelled"))) }
            attempt += 1
        }
    }

    /// Why `request`'s `downloadTo` cannot be written, as the failure that ends it before it is sent; nil when it can
    /// (or when the body goes to memory).
    static func unwritableDownload(_ request: PreparedRequest) -> TransportError? {
        guard let target = request.options.downloadTo,
            let why = BodyDestination(resolved: target).missingDirectory
        else { return nil }
        return TransportError(.localIO, "cannot write \(target): \(why); nothing was sent")
    }

    /// One attempt: the exchange and every redirect after it.
    private func followRedirects(
        _ request: PreparedRequest, options: SendOptions, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<Response, TransportError> {
        var policy = RedirectPolicy(maxRedirects: request.options.maxRedirects)
        var current = request
        var hops: [Metrics] = []
        while true {
            let hop = hops.count
            let result = await exchange(current, options: options) { event in
                var event = event
                event.hop = hop
                progress(event)
            }
            switch result {
            case .failure(var error):
                error.metrics = Self.merge(hops, error.metrics)
                return .failure(error)
            case .success(var response):
                hops.append(response.metrics)
                let next: PreparedRequest?
                do {
                    next = try policy.nextRequest(after: response, for: current)
                } catch {
                    var error = error
                    error.metrics = Self.merge(hops.dropLast(), response.metrics)
                    return .failure(error)
                }
                guard let next else {
                    response.metrics = Self.merge(hops.dropLast(), response.metrics)
                    // The transport ended the stream (`EventStream.finish`) before it answered.
                    response.stream = options.events?.metrics()
                    return .success(response)
                }
                if Task.isCancelled {
                    return .failure(TransportError(.cancelled, "cancelled", metrics: Self.merge(hops, Metrics())))
                }
                current = next
            }
        }
    }

    /// The final exchange's phases, with earlier hops counted as redirect time.
    static func merge(_ earlier: some Collection<Metrics>, _ last: Metrics) -> Metrics {
        guard let first = earlier.first else { return last }
        var merged = last
        merged.startedAt = first.startedAt
        merged.redirects = earlier.count
        merged.redirectTime = earlier.reduce(Duration.zero) { $0 + $1.total }
        merged.total = merged.redirectTime + last.total
        merged.bytesSent = earlier.reduce(last.bytesSent) { $0 + $1.bytesSent }
        merged.bytesReceived = earlier.reduce(last.bytesReceived) { $0 + $1.bytesReceived }
        merged.queued = earlier.reduce(last.queued) { $0 + $1.queued }
        merged.queuePosition = earlier.reduce(last.queuePosition) { max($0, $1.queuePosition) }
        return merged
    }
}

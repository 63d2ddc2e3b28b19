import Foundation

extension Client {
    /// One hop through the response cache: answered from it while fresh, revalidated when stale (a 304 refreshes
    /// the stored entry), stored when new. Requests without cache options only invalidate (unsafe methods).
    func exchange(
        _ request: PreparedRequest, options: SendOptions, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<Response, TransportError> {
        guard let cache else { return await scheduledExchange(request, options: options, progress: progress) }
        guard let cacheOptions = options.cache else {
            let result = await scheduledExchange(request, options: options, progress: progress)
            if case .success(let response) = result, CachePolicy.invalidates(request, response: response) {
                await cache.invalidate(request, namespace: nil)
            }
            return result
        }
        var conditional = request
        switch await cache.lookup(request, options: cacheOptions) {
        case .fresh(let response):
            progress(TransferProgress(received: response.body.count, receiveTotal: response.body.count, isFinal: true))
            return .success(response)
        case .stale(let validators):
            for field in validators { conditional.headers.set(field.name, field.value) }
        case .miss:
            break
        }
        let requestTime = cache.now()
        let result = await scheduledExchange(conditional, options: options, progress: progress)
        guard case .success(let response) = result else { return result }
        if response.statusCode == 304, conditional != request,
            let revalidated = await cache.revalidate(
                with: response, for: request, requestTime: requestTime, options: cacheOptions)
        {
            return .success(revalidated)
        }
        if CachePolicy.invalidates(request, response: response) {
            await cache.invalidate(request, namespace: cacheOptions.namespace)
        } else {
            await cache.store(response, for: request, requestTime: requestTime, options: cacheOptions)
        }
        return result
    }
}

/// When an answer that asks the client to come back later is sent again: a `429 Too Many Requests` or a
/// `503 Service Unavailable` carrying `Retry-After` (RFC 9110 §10.2.3; read by `RateLimit`), at most `retries`
/// times per exchange, and only when the wait asked for is at most `longestWait`. Used by `apix test` (each
/// endpoint's exchange) and `apix bench` (the run pauses); a send in the explorer shows the countdown instead.
///
/// Bounded both ways: a server cannot keep a run retrying (the count) nor park it (the longest wait, and
/// `RateLimit` reads no wait past a day).
package struct RetryAfterPolicy: Sendable, Equatable {
    /// Sends again after a wait, per exchange (0: never).
    package var retries: Int
    /// A longer `Retry-After` is not waited for: the answer stands.
    package var longestWait: Duration

    package init(retries: Int = 3, longestWait: Duration = .seconds(60)) {
        self.retries = max(0, retries)
        self.longestWait = max(.zero, longestWait)
    }

    /// What to do after `response`, the answer to the exchange's `retry`-th retry (0 for its first send).
    package enum Decision: Equatable, Sendable {
        /// The answer stands (not a 429/503 with `Retry-After`, or retries are spent).
        case keep
        /// Send again after `wait`.
        case retry(after: Duration)
        /// The server asked for a wait past `longestWait`: the answer stands, and the user is told why.
        case tooLong(Duration)
    }

    package func decision(after response: Response, retry: Int) -> Decision {
        guard response.statusCode == 429 || response.statusCode == 503, let wait = response.rateLimit?.retryAfter,
            retry < retries
        else { return .keep }
        return wait <= longestWait ? .retry(after: wait) : .tooLong(wait)
    }

    /// Sends with `send`, and again after each wait the answers ask for, within the bounds; `said` gets one line per
    /// wait (and one for a wait too long), naming the exchange as `label`. A cancelled wait returns the last answer.
    package func send(
        _ label: String, said: (String) -> Void, _ send: () async -> Result<Response, ClientError>
    ) async -> Result<Response, ClientError> {
        var result = await send()
        var retry = 0
        while case .success(let response) = result {
            switch decision(after: response, retry: retry) {
            case .keep:
                return result
            case .tooLong(let wait):
                said(
                    "\(label) answered \(response.statusCode) with Retry-After \(RateLimit.countdown(wait)), longer than "
                        + "the \(Units.plainSeconds(longestWait)) s apix waits: not sent again")
                return result
            case .retry(let wait):
                retry += 1
                said(
                    "\(label) answered \(response.statusCode); waiting \(RateLimit.countdown(wait)) as its Retry-After "
                        + "asks (retry \(retry) of \(retries))")
                do {
                    try await Task.sleep(for: wait)
                } catch {
                    return result
                }
                result = await send()
            }
        }
        return result
    }
}

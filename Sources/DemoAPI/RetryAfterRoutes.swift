import HTTPTypes
import Hummingbird
import Synchronization

/// `/retry-after/{key}?times=N&seconds=S&status=429|503`: a server that is busy for the first N requests of each key
/// (429 by default, or 503) with `Retry-After: S` and a spent budget in the IETF draft's `RateLimit` fields, then
/// answers 200 with the attempt number. Counted per key, not timed, so a test's retries get the same answers
/// however slow the machine.
final class RetryAfterRoutes: Sendable {
    /// Requests seen per key (keys are few: a test's, a demo user's).
    let attempts = Mutex<[String: Int]>([:])

    func register(on router: Router<BasicRequestContext>) {
        for method in EchoRoutes.methods {
            router.on("/retry-after/:key", method: method) { request, context in
                let key = context.parameters.get("key") ?? ""
                let times = try request.query("times", in: 0...1000) ?? 1
                let seconds = try request.query("seconds", in: 0...86_400) ?? 1
                let code = try request.query("status", in: 429...503) ?? 429
                guard code == 429 || code == 503 else { throw DemoError.badRequest("status must be 429 or 503") }
                let attempt = self.attempts.withLock { counts in
                    counts[key, default: 0] += 1
                    return counts[key, default: 0]
                }
                guard attempt > times else {
                    let headers: HTTPFields = [
                        .retryAfter: "\(seconds)", HTTPField.Name("RateLimit")!: "\"demo\";r=0;t=\(seconds)",
                        HTTPField.Name("RateLimit-Policy")!: "\"demo\";q=\(times);w=\(max(1, seconds))",
                    ]
                    return Response.json(
                        ["key": .string(key), "attempt": .int(attempt), "retry_after": .int(seconds)],
                        status: HTTPResponse.Status(code: code), headers: headers
                    ).forMethod(request.method)
                }
                return Response.json(["key": .string(key), "attempt": .int(attempt)]).forMethod(request.method)
            }
        }
    }
}

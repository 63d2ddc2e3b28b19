import Foundation
import Testing

@testable import ExplorerCore

/// The request budget an answer declares (issue 30, "Rate limits"): each header family servers send, read to numbers
/// only, and worded the same by `apix run --timings` and the TUI's metrics bar.
@Suite("Rate-limit headers")
struct RateLimitTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("the IETF draft's structured form: RateLimit r and t, RateLimit-Policy q")
    func structured() throws {
        let headers: HTTPHeaders = ["RateLimit": #""default";r=50;t=30"#, "RateLimit-Policy": #""default";q=100;w=60"#]
        let limit = try #require(RateLimit.parse(headers, receivedAt: now))
        #expect(limit == RateLimit(limit: 100, remaining: 50, reset: .seconds(30)))
        #expect(limit.summary() == "budget 50/100 · resets in 30 s")
        #expect(limit.summary(elapsed: .seconds(12)) == "budget 50/100 · resets in 18 s", "the countdown goes down")
    }

    @Test("the earlier drafts: one RateLimit field with names, or three RateLimit- fields")
    func earlierDrafts() throws {
        let one = RateLimit.parse(["RateLimit": "limit=10, remaining=3, reset=5"], receivedAt: now)
        #expect(one == RateLimit(limit: 10, remaining: 3, reset: .seconds(5)))
        let three = RateLimit.parse(
            ["RateLimit-Limit": "10", "RateLimit-Remaining": "0", "RateLimit-Reset": "61"], receivedAt: now)
        #expect(three?.summary() == "budget 0/10 · resets in 61 s")
    }

    @Test("X-RateLimit-: a reset past 10⁹ is a Unix time (GitHub), a small one seconds")
    func xHeaders() {
        let github = RateLimit.parse(
            ["X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "4999", "X-RateLimit-Reset": "1700000300"],
            receivedAt: now)
        #expect(github == RateLimit(limit: 5000, remaining: 4999, reset: .seconds(300)))
        #expect(github?.summary() == "budget 4999/5000 · resets in 5 min 0 s")
        let delta = RateLimit.parse(["X-RateLimit-Remaining": "7", "X-RateLimit-Reset": "42"], receivedAt: now)
        #expect(delta?.summary() == "budget 7 left · resets in 42 s")
    }

    @Test("Retry-After in seconds or as an HTTP date; a hostile value is clamped to a day")
    func retryAfter() {
        #expect(RateLimit.parse(["Retry-After": "12"], receivedAt: now)?.retryAfter == .seconds(12))
        let date = RateLimit.parse(["Retry-After": "Tue, 14 Nov 2023 22:14:20 GMT"], receivedAt: now)
        #expect(date?.retryAfter == .seconds(60), "one minute after the answer came: \(String(describing: date))")
        #expect(RateLimit.parse(["Retry-After": "999999999999"], receivedAt: now)?.retryAfter == .seconds(86_400))
    }

    @Test("what is not a number is ignored: no header text reaches the summary")
    func hostile() {
        #expect(RateLimit.parse(["X-RateLimit-Remaining": "\u{1B}[2J lots"], receivedAt: now) == nil)
        #expect(RateLimit.parse(["RateLimit": "r=-1;t=abc"], receivedAt: now) == nil)
        #expect(RateLimit.parse(["Content-Type": "text/plain"], receivedAt: now) == nil)
        let huge = RateLimit.parse(["RateLimit-Remaining": "1234567890123"], receivedAt: now)
        #expect(huge == nil, "13 digits is not a budget")
    }
}

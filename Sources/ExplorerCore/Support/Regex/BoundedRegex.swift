import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A regular expression (ICU syntax) whose evaluation on any text is bounded: every pattern apix runs on what a
/// server sent (checks' `matches`, capture patterns, JSONPath's `match()` and `search()`, schema `pattern`s) goes
/// through this type, so a catastrophic pattern (`(a+)+$` on `aaaa…b`) is stopped, not left spinning.
///
/// The bound is CPU time of the matching thread, shared by every evaluation that draws on one `RegexBudget`.
/// Linux Foundation does not expose ICU's `uregex_setTimeLimit`, but `NSRegularExpression`'s `.reportProgress`
/// installs ICU's match and find-progress callbacks, whose block may stop the match: ICU calls the first every
/// 10,000 backtracking states and the second at every start position, so the budget is looked at within a
/// fraction of a millisecond however the pattern behaves, and the match ends in ICU's own loop (no thread to
/// abandon, nothing left running). CPU time of this thread rather than the clock, so a busy machine does not turn
/// an honest pattern into an expensive one.
struct BoundedRegex {
    /// The pattern as written (for messages).
    let pattern: String
    private let expression: NSRegularExpression

    /// The compiled pattern (from the shared cache); nil when it does not compile.
    init?(_ pattern: String) {
        guard let expression = RegexCache.shared.expression(for: pattern) else { return nil }
        self.pattern = pattern
        self.expression = expression
    }

    /// The first match in `text`, or nil; throws when matching used up `budget`.
    func firstMatch(in text: String, budget: inout RegexBudget) throws(RegexTooExpensive) -> NSTextCheckingResult? {
        guard budget.remainingNanoseconds > 0 else { throw RegexTooExpensive(pattern: pattern, limit: budget.limit) }
        var found: NSTextCheckingResult?
        var exhausted = false
        var progressCalls = 0
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        let start = RegexBudget.threadCPUNanoseconds()
        let allowed = budget.remainingNanoseconds
        expression.enumerateMatches(in: text, options: [.reportProgress], range: range) { result, _, stop in
            if let result {
                found = result
                stop.pointee = true
                return
            }
            // A progress call: at every start position (cheap, so the clock is read every 64th) and every
            // 10,000 backtracking states.
            progressCalls += 1
            guard progressCalls % 64 == 0 else { return }
            if RegexBudget.threadCPUNanoseconds() - start > allowed {
                exhausted = true
                stop.pointee = true
            }
        }
        budget.spend(RegexBudget.threadCPUNanoseconds() - start)
        if exhausted { throw RegexTooExpensive(pattern: pattern, limit: budget.limit) }
        return found
    }

    /// The first match in `text` with a budget of its own (`RegexBudget.defaultLimit`).
    func firstMatch(in text: String) throws(RegexTooExpensive) -> NSTextCheckingResult? {
        var budget = RegexBudget()
        return try firstMatch(in: text, budget: &budget)
    }

    /// Whether the pattern is found in `text`.
    func isFound(in text: String, budget: inout RegexBudget) throws(RegexTooExpensive) -> Bool {
        try firstMatch(in: text, budget: &budget) != nil
    }
}

/// How much CPU time regex matching may still take: one per check, one per JSONPath query (shared by every
/// `match()`/`search()` of its filter, so an array of a million elements cannot each take just under the limit).
struct RegexBudget: Sendable {
    /// One second of matching: an honest pattern on a 64 MiB body takes a fraction of it.
    static let defaultLimit: Duration = .seconds(1)

    let limit: Duration
    private(set) var spentNanoseconds: Int64 = 0

    init(limit: Duration = Self.defaultLimit) {
        self.limit = limit
    }

    var remainingNanoseconds: Int64 {
        let total = limit.components.seconds * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
        return max(0, total - spentNanoseconds)
    }

    mutating func spend(_ nanoseconds: Int64) {
        spentNanoseconds += max(0, nanoseconds)
    }

    /// CPU time of the calling thread: the match runs synchronously on it, so this is the work it did.
    static func threadCPUNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// A pattern stopped because matching it used up its budget.
struct RegexTooExpensive: Error, Sendable, Equatable, CustomStringConvertible {
    let pattern: String
    let limit: Duration

    /// `pattern too expensive: /(a+)+$/ was stopped after 1 s of matching`.
    var description: String {
        let milliseconds = limit.milliseconds
        let shown = milliseconds >= 1000 ? Units.age(limit) : "\(Int(milliseconds.rounded())) ms"
        return "pattern too expensive: /\(SafeText.escape(pattern))/ was stopped after \(shown) of matching"
    }
}

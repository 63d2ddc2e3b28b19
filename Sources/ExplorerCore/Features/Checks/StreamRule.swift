import Foundation

/// A check on a streamed answer's timing (`expect: { stream: { first_event: "< 500ms", max_gap: "< 2s" } }`),
/// read from `StreamMetrics`: `first_event` from the request's start to the first event, `max_gap` the longest
/// time between two consecutive events, `events` how many came.
///
/// An answer that was not a stream fails every such check and says so (`not a stream`), as does a stream with no
/// event (for `first_event`) or fewer than two (for `max_gap`): a limit that could not be measured is not met.
package struct StreamRule: Sendable, Hashable {
    package enum Measure: String, Sendable, CaseIterable {
        case firstEvent = "first_event"
        case maxGap = "max_gap"
        case events

        /// What a limit on this measure looks like, for a profile's mistakes.
        package var syntax: String {
            self == .events ? "a comparison and a count, such as \">= 5\"" : TimingRule.syntax
        }
    }

    package var measure: Measure
    package var comparison: TimingRule.Comparison
    /// Milliseconds for `first_event` and `max_gap`, a count for `events`.
    package var limit: Double
    /// The limit as written (`< 500ms`), which a save writes back.
    package var text: String

    /// Reads `< 500ms`, `<= 1.5s` (a duration, as `TimingRule`), or `>= 5` for `events`.
    /// - Returns: nil when `text` is not one; `Measure.syntax` says what is.
    package init?(_ measure: Measure, _ text: String) {
        switch measure {
        case .firstEvent, .maxGap:
            guard let timing = TimingRule(.total, text) else { return nil }
            comparison = timing.comparison
            limit = timing.milliseconds
        case .events:
            var rest = Substring(text.trimmingCharacters(in: .whitespaces))
            guard let comparison = TimingRule.Comparison.allCases.first(where: { rest.hasPrefix($0.rawValue) }) else {
                return nil
            }
            rest = rest.dropFirst(comparison.rawValue.count)
            guard let count = Int(rest.trimmingCharacters(in: .whitespaces)), count >= 0 else { return nil }
            self.comparison = comparison
            limit = Double(count)
        }
        self.measure = measure
        self.text = text
    }

    /// The result of this check on the answer's stream metrics (nil: the answer was not a stream).
    func check(_ stream: StreamMetrics?) -> CheckResult {
        let expected = text.trimmingCharacters(in: .whitespaces)
        let subject = "stream \(measure.rawValue)"
        func result(_ actual: String, _ passed: Bool) -> CheckResult {
            CheckResult(subject: subject, expected: expected, actual: actual, passed: passed)
        }
        guard let stream else { return result("not a stream", false) }
        switch measure {
        case .events:
            return result(String(stream.events), comparison.holds(Double(stream.events), limit))
        case .firstEvent:
            guard let first = stream.firstEvent else { return result("no event", false) }
            return result(TimingRule.format(first.milliseconds), comparison.holds(first.milliseconds, limit))
        case .maxGap:
            guard let gap = stream.maxGap else {
                return result("\(Units.count(stream.events, "event")): no gap to measure", false)
            }
            return result(TimingRule.format(gap.milliseconds), comparison.holds(gap.milliseconds, limit))
        }
    }
}

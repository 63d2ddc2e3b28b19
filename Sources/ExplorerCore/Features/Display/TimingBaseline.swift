/// What an endpoint's answers usually take: the median total of its recent answers from the server, read from the
/// history before a send. A send that takes more than `slowFactor` times it is worth a word (issue 30's drift): the
/// explorer's status bar says `2.4× its usual 120 ms`.
///
/// A median, not a mean: one slow answer in twenty (a cold cache, a new connection) does not move it. Too few
/// answers make no baseline: two sends say nothing about what is usual.
package struct TimingBaseline: Sendable, Equatable {
    /// The median of the totals it was made from.
    package var median: Duration
    /// How many answers it was made from.
    package var samples: Int

    /// The newest answers read for it.
    package static let window = 20
    /// Fewer answers than this make no baseline.
    package static let minimumSamples = 3
    /// A send slower than this many times the median is said to be slow.
    package static let slowFactor = 2.0

    /// The baseline of `totals` (in any order); nil when there are fewer than `minimumSamples`.
    package init?(totals: [Duration]) {
        guard totals.count >= Self.minimumSamples else { return nil }
        let sorted = totals.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        samples = totals.count
    }

    /// `2.4× its usual 120 ms` when `total` is more than `slowFactor` times the median; nil otherwise, and when the
    /// median is zero (nothing to compare with).
    package func slowNote(total: Duration) -> String? {
        let usual = median.seconds
        guard usual > 0, total.seconds > usual * Self.slowFactor else { return nil }
        return "\(Units.fixed(total.seconds / usual, digits: 1))× its usual \(Units.duration(median))"
    }
}

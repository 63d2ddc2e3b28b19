import Foundation

/// A check on one phase of an exchange's time (`expect: { timing: { ttfb: "< 200ms", total: "<= 1.5s" } }`).
///
/// Phases are those of `Metrics`, each its own duration (a reused connection's `dns`, `connect` and `tls` are 0),
/// plus `ttfb`, from the start to the first byte of the final answer (`Metrics.timeToFirstByte`: redirect hops,
/// dns, connect, tls, send and wait), and `total`, the whole exchange with its redirects.
package struct TimingRule: Sendable, Hashable {
    package enum Measure: String, Sendable, CaseIterable {
        case dns, connect, tls, send, wait, ttfb, transfer, total

        /// This measure of `metrics`, in milliseconds.
        package func milliseconds(of metrics: Metrics) -> Double {
            switch self {
            case .dns: metrics.dns.milliseconds
            case .connect: metrics.connect.milliseconds
            case .tls: metrics.tls.milliseconds
            case .send: metrics.preTransfer.milliseconds
            case .wait: metrics.firstByte.milliseconds
            case .ttfb: metrics.timeToFirstByte.milliseconds
            case .transfer: metrics.transfer.milliseconds
            case .total: metrics.total.milliseconds
            }
        }
    }

    package enum Comparison: String, Sendable, CaseIterable {
        // Longest first: `<=` must be tried before `<`.
        case atMost = "<="
        case atLeast = ">="
        case below = "<"
        case above = ">"

        package func holds(_ value: Double, _ limit: Double) -> Bool {
            switch self {
            case .atMost: value <= limit
            case .atLeast: value >= limit
            case .below: value < limit
            case .above: value > limit
            }
        }
    }

    package var measure: Measure
    package var comparison: Comparison
    package var milliseconds: Double
    /// The limit as written (`< 500ms`), which a save writes back.
    package var text: String

    /// Reads `< 500ms`, `<= 1.5s`, `> 200 us`: a comparison, a number and a unit (`ms`, `s`, `us` or `µs`).
    /// - Returns: nil when `text` is not one; `TimingRule.syntax` says what is.
    package init?(_ measure: Measure, _ text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        guard let comparison = Comparison.allCases.first(where: { rest.hasPrefix($0.rawValue) }) else { return nil }
        rest = rest.dropFirst(comparison.rawValue.count).drop(while: { $0 == " " })
        let units: [(String, Double)] = [("ms", 1), ("us", 0.001), ("µs", 0.001), ("s", 1000)]
        guard let (unit, scale) = units.first(where: { rest.hasSuffix($0.0) }),
            let number = Double(rest.dropLast(unit.count).trimmingCharacters(in: .whitespaces)),
            number.isFinite, number >= 0
        else { return nil }
        self.measure = measure
        self.comparison = comparison
        self.milliseconds = number * scale
        self.text = text
    }

    package static let syntax = "a comparison and a duration, such as \"< 500ms\", \"<= 1.5s\" or \"> 100us\""

    /// The result of this check on `metrics`.
    func check(_ metrics: Metrics) -> CheckResult {
        let value = measure.milliseconds(of: metrics)
        return CheckResult(
            subject: "timing \(measure.rawValue)", expected: text.trimmingCharacters(in: .whitespaces),
            actual: Self.format(value), passed: comparison.holds(value, milliseconds))
    }

    /// `12 ms`, `0.42 ms`: whole milliseconds from 10 on, two decimals below.
    static func format(_ milliseconds: Double) -> String {
        milliseconds >= 10 ? "\(Int(milliseconds.rounded())) ms" : "\((milliseconds * 100).rounded() / 100) ms"
    }
}

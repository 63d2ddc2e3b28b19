import Foundation

/// A check on the TLS connection an answer came on (`expect: { tls: { days_left: "> 14" } }`).
///
/// `days_left` is the whole days until the server's own certificate (the first of the chain) expires, as the
/// Connection tab shows it. An answer over clear text, or on a reused connection whose handshake apix did not see,
/// fails the check and says why.
package struct TLSRule: Sendable, Hashable {
    package enum Measure: String, Sendable, CaseIterable {
        case daysLeft = "days_left"
    }

    package var measure: Measure
    package var comparison: TimingRule.Comparison
    package var limit: Int
    /// The limit as written (`> 14`), which a save writes back.
    package var text: String

    /// Reads `> 14`, `>= 30`: a comparison and a whole number of days.
    /// - Returns: nil when `text` is not one; `TLSRule.syntax` says what is.
    package init?(_ measure: Measure, _ text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        guard let comparison = TimingRule.Comparison.allCases.first(where: { rest.hasPrefix($0.rawValue) }) else {
            return nil
        }
        rest = rest.dropFirst(comparison.rawValue.count).drop(while: { $0 == " " })
        if rest.hasSuffix("days") { rest = rest.dropLast(4) } else if rest.hasSuffix("d") { rest = rest.dropLast() }
        guard let number = Int(rest.trimmingCharacters(in: .whitespaces)) else { return nil }
        self.measure = measure
        self.comparison = comparison
        self.limit = number
        self.text = text
    }

    package static let syntax = "a comparison and a number of days, such as \"> 14\" or \">= 30\""

    /// The result of this check on the answer's connection, at `now`.
    func check(_ connection: ConnectionInfo?, now: Date = Date()) -> CheckResult {
        let expected = text.trimmingCharacters(in: .whitespaces)
        let subject = "tls \(measure.rawValue)"
        func failed(_ why: String) -> CheckResult {
            CheckResult(subject: subject, expected: expected, actual: why, passed: false)
        }
        guard let connection else { return failed("no connection seen (not sent over the network)") }
        guard let tls = connection.tls else { return failed("no TLS: the answer came over plain HTTP") }
        guard let leaf = tls.certificates.first else {
            return failed("no certificate seen (a reused connection whose handshake apix did not see)")
        }
        guard let days = leaf.daysLeft(at: now) else { return failed("the certificate has no expiry date") }
        return CheckResult(
            subject: subject, expected: expected, actual: days == 1 ? "1 day" : "\(days) days",
            passed: comparison.holds(Double(days), Double(limit)))
    }
}

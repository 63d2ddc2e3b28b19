/// The outcome of one check of an `expect:`: what was checked, what was expected, what was found.
package struct CheckResult: Sendable, Equatable, CustomStringConvertible {
    /// What was checked: `status`, `header Content-Type`, `$.items count`, `body contains`, `time`.
    package var subject: String
    /// The expectation in words: `2xx`, `matches ^application/json`, `== 1`.
    package var expected: String
    /// What the response had, shortened and escaped for one line.
    package var actual: String
    package var passed: Bool

    package init(subject: String, expected: String, actual: String, passed: Bool) {
        self.subject = subject
        self.expected = expected
        self.actual = actual
        self.passed = passed
    }

    /// `✓ status 2xx (200)` / `✗ $.total >= 3 (got 2)`.
    package var description: String {
        "\(Self.mark(passed: passed)) \(subject) \(expected) (\(passed ? "" : "got ")\(actual))"
    }

    /// `✓` for passed, `✗` for failed: the mark of one check, and of an endpoint's last checks in the explorer.
    package static func mark(passed: Bool) -> String { passed ? "✓" : "✗" }

    /// `checks: 4/4 passed` / `checks: 1 of 4 failed`: a whole answer's checks in a few words.
    package static func summary(_ results: [CheckResult]) -> String {
        let failed = results.filter { !$0.passed }.count
        return failed == 0
            ? "checks: \(results.count)/\(results.count) passed" : "checks: \(failed) of \(results.count) failed"
    }
}

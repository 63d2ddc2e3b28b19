/// The outcome of one check of an `expect:`: what was checked, what was expected, what was found.
public struct CheckResult: Sendable, Equatable, CustomStringConvertible {
    /// What was checked: `status`, `header Content-Type`, `$.items count`, `body contains`, `time`.
    public var subject: String
    /// The expectation in words: `2xx`, `matches ^application/json`, `== 1`.
    public var expected: String
    /// What the response had, shortened and escaped for one line.
    public var actual: String
    public var passed: Bool

    public init(subject: String, expected: String, actual: String, passed: Bool) {
        self.subject = subject
        self.expected = expected
        self.actual = actual
        self.passed = passed
    }

    /// `✓ status 2xx (200)` / `✗ $.total >= 3 (got 2)`.
    public var description: String {
        "\(passed ? "✓" : "✗") \(subject) \(expected) (\(passed ? "" : "got ")\(actual))"
    }
}

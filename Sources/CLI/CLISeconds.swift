/// A number of seconds given on the command line (`--timeout`, `--idle`). Only a finite number up to `maximum` becomes
/// a `Duration`: `apix run --timeout 1e300` trapped converting its milliseconds to `Int64`.
enum CLISeconds {
    /// About 31 years: more than any wait, far below what a `Duration`'s milliseconds hold.
    static let maximum = 1_000_000_000.0

    /// Whether `value` is a number of seconds a flag takes: from 0 (or from just above it) to `maximum`.
    static func isValid(_ value: Double, zeroAllowed: Bool = true) -> Bool {
        value.isFinite && (zeroAllowed ? value >= 0 : value > 0) && value <= maximum
    }

    /// The usage error's words for `flag`.
    static func problem(_ flag: String, zeroAllowed: Bool = true) -> String {
        "\(flag) must be a number of seconds from \(zeroAllowed ? "0" : "more than 0") to 1000000000"
    }

    /// `value`, which `isValid` accepted, as a `Duration`.
    static func duration(_ value: Double) -> Duration {
        .milliseconds(Int64((min(max(value, 0), maximum) * 1000).rounded()))
    }
}

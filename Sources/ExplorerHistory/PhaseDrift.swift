import ExplorerCore

/// How one phase of an exchange's time moved from one recorded exchange to another (`HistoryDiff.timing`):
/// `ttfb +180 ms (120 ms → 300 ms)`. Timing is not a difference that makes `apix diff` exit 1: two sends never take
/// the same time, and the drift is there to read.
package struct PhaseDrift: Sendable, Equatable {
    /// `dns`, `connect`, `tls`, `send`, `wait`, `ttfb`, `transfer`, `total`: `expect: { timing: … }`'s names.
    package var phase: String
    package var old: Duration
    package var new: Duration

    /// A phase is shown when it moved by at least this much…
    static let least: Duration = .milliseconds(1)
    /// …and by at least this share of its old time.
    static let share = 0.1

    package var delta: Duration { new - old }

    /// `ttfb +180 ms (120 ms → 300 ms)`.
    package var line: String {
        let sign = delta >= .zero ? "+" : "−"
        let size = delta >= .zero ? delta : .zero - delta
        return "\(phase) \(sign)\(Units.duration(size)) (\(Units.duration(old)) → \(Units.duration(new)))"
    }

    /// The phases of `new` that moved noticeably from `old`'s, in `TimingRule`'s order.
    static func drifts(_ old: Metrics, _ new: Metrics) -> [PhaseDrift] {
        TimingRule.Measure.allCases.compactMap { measure in
            let before = Duration.microseconds(Int64((measure.milliseconds(of: old) * 1000).rounded()))
            let after = Duration.microseconds(Int64((measure.milliseconds(of: new) * 1000).rounded()))
            let moved = after > before ? after - before : before - after
            guard moved >= least, moved.seconds >= before.seconds * share else { return nil }
            return PhaseDrift(phase: measure.rawValue, old: before, new: after)
        }
    }

    /// `reused → new connection` when one came on a pooled connection and the other needed a new one (and so a new
    /// handshake, `a resumed TLS session` when it resumed one); `TLS resumed → full handshake` when both made a new
    /// TLS connection and one resumed a session the other could not (a server that forgot it, a new process: a full
    /// handshake costs a round trip and the certificate); nil when both did the same.
    static func connection(_ old: Metrics, _ new: Metrics) -> String? {
        func handshake(_ resumed: Bool) -> String { resumed ? "resumed" : "full handshake" }
        guard old.reusedConnection != new.reusedConnection else {
            guard !new.reusedConnection, let before = old.tlsResumed, let after = new.tlsResumed, before != after
            else { return nil }
            return "TLS \(handshake(before)) → \(handshake(after))"
        }
        func word(_ reused: Bool) -> String { reused ? "reused" : "new" }
        let how = new.tlsResumed == true ? " (a resumed TLS session)" : " (a new handshake)"
        return "\(word(old.reusedConnection)) → \(word(new.reusedConnection)) connection"
            + (new.reusedConnection ? "" : how)
    }
}

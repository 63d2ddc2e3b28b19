import ExplorerCore

/// A part of a request's time a bench reports percentiles of. `dns`, `connect` and `tls` are each their own
/// duration (zero on a reused connection); `ttfb` runs from the start of the request to the first byte of the
/// answer; `total` to its last byte, and in an open-model run (`--rate`) from when the request was due.
public enum BenchPhase: String, Sendable, CaseIterable, Codable {
    case dns, connect, tls, ttfb, total

    /// The phase's duration in `metrics` (`total` as the transport measured it, without queueing).
    package func duration(in metrics: Metrics) -> Duration {
        switch self {
        case .dns: metrics.dns
        case .connect: metrics.connect
        case .tls: metrics.tls
        case .ttfb: metrics.timeToFirstByte
        case .total: metrics.total
        }
    }
}

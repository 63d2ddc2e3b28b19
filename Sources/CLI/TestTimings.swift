import ExplorerBench
import ExplorerCore
import Foundation

/// Per-endpoint timing of an `apix test --repeat N` run: for each endpoint that answered, in the order first seen,
/// the p50 / p90 / p99 / max of each phase (`BenchPhase`: dns, connect, tls, ttfb, total) over its answers.
///
/// Samples are kept as they are (five numbers an answer, for the endpoints chosen times N): a test run is sized by
/// its user, unlike a bench, whose histograms hold any number of requests in fixed memory.
struct TestTimings {
    struct Endpoint {
        var id: String
        /// Milliseconds, per phase, one per answer.
        var samples: [BenchPhase: [Double]]
        var runs: Int { samples[.total]?.count ?? 0 }
    }

    private(set) var endpoints: [Endpoint] = []

    init(_ steps: [ChainStep]) {
        for step in steps {
            guard case .success(let response) = step.result else { continue }
            let index =
                endpoints.firstIndex { $0.id == step.endpointID }
                ?? {
                    endpoints.append(Endpoint(id: step.endpointID, samples: [:]))
                    return endpoints.count - 1
                }()
            for phase in BenchPhase.allCases {
                endpoints[index].samples[phase, default: []].append(phase.milliseconds(in: response.metrics))
            }
        }
    }

    /// The nearest-rank percentile `p` (0…100) of `sorted` (ascending).
    static func percentile(_ p: Double, of sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    static let percentiles: [(name: String, p: Double)] = [("p50", 50), ("p90", 90), ("p99", 99), ("max", 100)]

    /// The table printed after the summary: a heading per endpoint, a row per phase, in milliseconds.
    var lines: [String] {
        var lines: [String] = []
        for endpoint in endpoints {
            let heading = "\(endpoint.id) (\(endpoint.runs) runs, ms)"
            lines.append(
                heading.padding(toLength: max(heading.count, 28), withPad: " ", startingAt: 0)
                    + Self.percentiles.map { $0.name.leftPadded(to: 10) }.joined())
            for phase in BenchPhase.allCases {
                let values = (endpoint.samples[phase] ?? []).sorted()
                lines.append(
                    "  \(phase.rawValue)".padding(toLength: max(heading.count, 28), withPad: " ", startingAt: 0)
                        + Self.percentiles.map { Self.format(Self.percentile($0.p, of: values)).leftPadded(to: 10) }
                        .joined())
            }
        }
        return lines
    }

    /// `timings` of `apix test --json` with `--repeat`: `{ ENDPOINT: { runs, PHASE: { p50, p90, p99, max } } }`.
    func json() -> JSONValue {
        .object(
            JSONObject(
                endpoints.map { endpoint in
                    var members: [(key: String, value: JSONValue)] = [
                        (key: "runs", value: .number(String(endpoint.runs)))
                    ]
                    for phase in BenchPhase.allCases {
                        let values = (endpoint.samples[phase] ?? []).sorted()
                        let figures = Self.percentiles.map { item in
                            (key: item.name, value: JSONValue.number(Self.format(Self.percentile(item.p, of: values))))
                        }
                        members.append((key: phase.rawValue, value: .object(JSONObject(figures))))
                    }
                    return (key: endpoint.id, value: .object(JSONObject(members)))
                }))
    }

    /// The JUnit `properties` of one test case: `dns_ms`, `connect_ms`, `tls_ms`, `ttfb_ms`, `total_ms`.
    static func junitProperties(_ metrics: Metrics) -> String {
        var xml = "      <properties>\n"
        for phase in BenchPhase.allCases {
            xml +=
                #"        <property name="\#(phase.rawValue)_ms" value="\#(format(phase.milliseconds(in: metrics)))"/>"#
            xml += "\n"
        }
        return xml + "      </properties>\n"
    }

    /// Three decimals: microseconds, which loopback phases need.
    static func format(_ milliseconds: Double) -> String { String(format: "%.3f", milliseconds) }
}

extension BenchPhase {
    /// This phase of `metrics` in milliseconds.
    fileprivate func milliseconds(in metrics: Metrics) -> Double { duration(in: metrics).milliseconds }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}

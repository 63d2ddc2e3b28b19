import ExplorerCore
import Foundation

/// A bench's figures in words: the lines the CLI's live view and summary print (and the TUI's bench view draws),
/// and the `--json` document. Plain text, every figure the run's own (no server byte is in it).
public enum BenchReport {
    /// The summary: counts, rate, statuses and errors, each phase's percentiles, the latency histogram and the
    /// throughput line.
    public static func lines(_ snapshot: BenchSnapshot, connections: Int, done: Bool) -> [String] {
        var lines: [String] = []
        let state = done ? "" : " (running)"
        lines.append(
            "\(count(snapshot.requests)) requests in \(Units.duration(snapshot.elapsed))\(state) · "
                + "\(fixed(snapshot.requestsPerSecond, 1)) req/s · \(count(snapshot.failed)) failed · "
                + "\(connections) at once")
        let statuses = snapshot.statuses.sorted { $0.key < $1.key }.map { "\($0.key) ×\(count($0.value))" }
        lines.append("status   " + (statuses.isEmpty ? "none yet" : statuses.joined(separator: "  ")))
        if !snapshot.errors.isEmpty {
            let errors = snapshot.errors.sorted { $0.value > $1.value }.map { "\($0.key) ×\(count($0.value))" }
            lines.append("errors   " + errors.joined(separator: "  "))
        }
        if snapshot.pauses > 0 {
            let left = snapshot.pauseLeft.map { " (\(Units.duration($0)) left)" } ?? ""
            lines.append(
                "paused   \(count(snapshot.pauses)) × for Retry-After, \(Units.duration(snapshot.paused)) in all\(left)"
            )
        }
        lines.append("↑ \(Units.bytes(snapshot.bytesSent))  ↓ \(Units.bytes(snapshot.bytesReceived))")
        lines.append(pad("ms", 9) + ["p50", "p90", "p99", "p99.9", "max"].map { left($0, 10) }.joined())
        for phase in BenchPhase.allCases {
            guard let figures = snapshot.latency[phase] else { continue }
            let values = [figures.p50, figures.p90, figures.p99, figures.p999, figures.max]
            lines.append(pad(phase.rawValue, 9) + values.map { left(milliseconds($0), 10) }.joined())
        }
        if !snapshot.histogram.isEmpty {
            lines.append("total, ms")
            let most = max(1, snapshot.histogram.map(\.count).max() ?? 1)
            for bin in snapshot.histogram {
                let bar = String(repeating: "█", count: Int((Double(bin.count) / Double(most) * 30).rounded(.up)))
                lines.append("  ≤ " + left(milliseconds(bin.upTo), 9) + " " + pad(bar, 31) + count(bin.count))
            }
        }
        if snapshot.throughput.count > 1 {
            lines.append("req/s    " + sparkline(snapshot.throughput) + " (last \(snapshot.throughput.count) s)")
        }
        return lines
    }

    /// Eight levels of block, one a second, scaled to the busiest second shown.
    static func sparkline(_ values: [Int]) -> String {
        let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let most = max(1, values.max() ?? 1)
        return String(values.map { levels[min(7, $0 * 7 / most)] })
    }

    /// The `--json` document: `requests`, `duration_s`, `rps`, `status`, `errors`, `latency_ms.{phase}.{p50, p90,
    /// p99, p999, max}`, `bytes.{sent, received}`, `connections`, `rate`.
    public static func json(_ snapshot: BenchSnapshot, settings: BenchSettings) -> [String: Any] {
        var latency: [String: Any] = [:]
        for (phase, figures) in snapshot.latency {
            latency[phase.rawValue] = [
                "p50": figures.p50, "p90": figures.p90, "p99": figures.p99, "p999": figures.p999, "max": figures.max,
            ]
        }
        var document: [String: Any] = [
            "requests": snapshot.requests,
            "duration_s": snapshot.elapsed.seconds,
            "rps": snapshot.requestsPerSecond,
            "status": Dictionary(uniqueKeysWithValues: snapshot.statuses.map { (String($0.key), $0.value) }),
            "errors": snapshot.errors,
            "latency_ms": latency,
            "bytes": ["sent": snapshot.bytesSent, "received": snapshot.bytesReceived],
            "connections": settings.connections,
            "retry_after": ["pauses": snapshot.pauses, "waited_s": snapshot.paused.seconds],
        ]
        if let rate = settings.rate { document["rate"] = rate }
        return document
    }

    static func milliseconds(_ value: Double) -> String {
        value < 10 ? fixed(value, 2) : value < 1000 ? fixed(value, 1) : fixed(value, 0)
    }

    static func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    /// `1,234,567`.
    static func count(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, digit) in digits.reversed().enumerated() {
            if index > 0, index % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return String(result.reversed())
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func left(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : String(repeating: " ", count: width - text.count) + text
    }
}

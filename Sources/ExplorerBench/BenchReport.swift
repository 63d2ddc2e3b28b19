import ExplorerCore
import Foundation

/// A bench's figures in words: the lines the CLI's live view and summary print (and the TUI's bench view draws),
/// and the `--json` document. Plain text, every figure the run's own (no server byte is in it).
public enum BenchReport {
    /// What a line of the report shows, so a view can style it (the TUI colours statuses and errors).
    public enum Role: Sendable, Equatable {
        case headline, status, errors, paused, bytes, tableHeader, phase, histogramTitle, histogramBar, throughput
    }

    /// One line of the report and what it shows.
    public struct Row: Sendable, Equatable {
        public var role: Role
        public var text: String

        public init(role: Role, text: String) {
            self.role = role
            self.text = text
        }
    }

    /// The summary: counts, rate, statuses and errors, each phase's percentiles, the latency histogram and the
    /// throughput line.
    public static func lines(_ snapshot: BenchSnapshot, connections: Int, done: Bool, planned: Int? = nil) -> [String] {
        rows(snapshot, connections: connections, done: done, planned: planned).map(\.text)
    }

    /// The summary's lines with their roles, fitted to `width` columns where they can be (the percentile columns
    /// and the histogram's bars narrow down to a floor; 80 columns gives the CLI's layout). `planned`: the requests
    /// the run sends at most, shown as `done / planned` while it runs.
    public static func rows(
        _ snapshot: BenchSnapshot, connections: Int, done: Bool, planned: Int? = nil, width: Int = 80
    ) -> [Row] {
        var rows: [Row] = []
        let state = done ? "" : " (running)"
        let requests =
            done || planned == nil ? count(snapshot.requests) : "\(count(snapshot.requests)) / \(count(planned ?? 0))"
        let headline = [
            "\(requests) requests in \(Units.duration(snapshot.elapsed))\(state)",
            "\(fixed(snapshot.requestsPerSecond, 1)) req/s", "\(count(snapshot.failed)) failed",
            "\(connections) at once",
        ]
        // Too wide for one line (a narrow pane): the rate and the rest go on a second.
        if headline.joined(separator: " · ").count > width {
            rows.append(Row(role: .headline, text: headline[0]))
            rows.append(Row(role: .headline, text: headline.dropFirst().joined(separator: " · ")))
        } else {
            rows.append(Row(role: .headline, text: headline.joined(separator: " · ")))
        }
        let statuses = snapshot.statuses.sorted { $0.key < $1.key }.map { "\($0.key) ×\(count($0.value))" }
        rows.append(
            Row(
                role: .status,
                text: "status   " + (statuses.isEmpty ? (done ? "none" : "none yet") : statuses.joined(separator: "  "))
            ))
        if let checks = snapshot.checks {
            let failed = checks.failedChecks.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                .map { "✗ \(SafeText.escape($0.key)) ×\(count($0.value))" }
            rows.append(
                Row(
                    role: checks.failed == 0 ? .status : .errors,
                    text: "checks   \(count(checks.passed)) / \(count(checks.checked)) passed"
                        + (failed.isEmpty ? "" : "  " + failed.joined(separator: "  "))))
        }
        if !snapshot.errors.isEmpty {
            let errors = snapshot.errors.sorted { $0.value > $1.value }.map { "\($0.key) ×\(count($0.value))" }
            rows.append(Row(role: .errors, text: "errors   " + errors.joined(separator: "  ")))
        }
        if snapshot.pauses > 0 {
            let left = snapshot.pauseLeft.map { " (\(Units.duration($0)) left)" } ?? ""
            rows.append(
                Row(
                    role: .paused,
                    text: "paused   \(count(snapshot.pauses)) × for Retry-After, "
                        + "\(Units.duration(snapshot.paused)) in all\(left)"))
        }
        rows.append(
            Row(role: .bytes, text: "↑ \(Units.bytes(snapshot.bytesSent))  ↓ \(Units.bytes(snapshot.bytesReceived))"))
        let column = max(8, min(10, (width - 9) / 5))
        rows.append(
            Row(
                role: .tableHeader,
                text: pad("ms", 9) + ["p50", "p90", "p99", "p99.9", "max"].map { left($0, column) }.joined()))
        for phase in BenchPhase.allCases {
            guard let figures = snapshot.latency[phase] else { continue }
            // No request had this phase (plain HTTP has no TLS; reused connections dial nothing): `—`, as
            // `--timings` says it, rather than a row of zeros read as instant handshakes. `--json` keeps the zeros.
            if figures.max == 0, phase != .ttfb, phase != .total {
                rows.append(Row(role: .phase, text: pad(phase.rawValue, 9) + left("—", column)))
                continue
            }
            let values = [figures.p50, figures.p90, figures.p99, figures.p999, figures.max]
            rows.append(
                Row(role: .phase, text: pad(phase.rawValue, 9) + values.map { left(milliseconds($0), column) }.joined())
            )
        }
        if !snapshot.histogram.isEmpty {
            rows.append(Row(role: .histogramTitle, text: "total, ms"))
            let most = max(1, snapshot.histogram.map(\.count).max() ?? 1)
            let room = max(5, min(30, width - 24))
            for bin in snapshot.histogram {
                let length = Int((Double(bin.count) / Double(most) * Double(room)).rounded(.up))
                let bar = String(repeating: "█", count: length)
                rows.append(
                    Row(
                        role: .histogramBar,
                        text: "  ≤ " + left(milliseconds(bin.upTo), 9) + " " + pad(bar, room + 1) + count(bin.count)))
            }
        }
        // The newest seconds that fit the width.
        let seconds = Array(snapshot.throughput.suffix(max(2, width - 21)))
        if seconds.count > 1 {
            rows.append(
                Row(role: .throughput, text: "req/s    " + sparkline(seconds) + " (last \(seconds.count) s)"))
        }
        return rows
    }

    /// Eight levels of block, one a second, scaled to the busiest second shown.
    static func sparkline(_ values: [Int]) -> String {
        let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let most = max(1, values.max() ?? 1)
        return String(values.map { levels[min(7, $0 * 7 / most)] })
    }

    /// The `--json` document: `requests`, `duration_s`, `rps`, `status`, `errors`, `latency_ms.{phase}.{p50, p90,
    /// p99, p999, max}`, `bytes.{sent, received}`, `connections`, `rate`, and `checks.{checked, passed, failed,
    /// failed_checks}` when the endpoint has `expect:`.
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
        if let checks = snapshot.checks {
            document["checks"] = [
                "checked": checks.checked, "passed": checks.passed, "failed": checks.failed,
                "failed_checks": checks.failedChecks,
            ]
        }
        return document
    }

    static func milliseconds(_ value: Double) -> String {
        value < 10 ? fixed(value, 2) : value < 1000 ? fixed(value, 1) : fixed(value, 0)
    }

    static func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    /// `1,234,567`.
    public static func count(_ value: Int) -> String {
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

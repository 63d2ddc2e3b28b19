import Foundation

/// How figures are written in the table: medians first, then [min–max].
enum BenchmarkFormat {
    static func mib(_ bytes: Int) -> String {
        bytes >= 1 << 30 && bytes % (1 << 30) == 0
            ? "\(bytes >> 30) GiB" : String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }

    /// A body size in decimal megabytes, as the issue states them (5 MB, 50 MB).
    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%g MB", Double(bytes) / 1e6) : String(format: "%g kB", Double(bytes) / 1e3)
    }

    static func rate(_ bytes: Int, _ stats: Stats) -> String {
        func value(_ seconds: Double) -> String { String(format: "%.0f", Double(bytes) / 1_048_576 / seconds) }
        return "\(value(stats.median)) MiB/s [\(value(stats.max))–\(value(stats.min))]"
    }

    static func seconds(_ stats: Stats) -> String {
        String(format: "%.3f s [%.3f–%.3f]", stats.median, stats.min, stats.max)
    }

    static func milliseconds(_ stats: Stats) -> String {
        String(format: "%.1f ms [%.1f–%.1f]", stats.median * 1000, stats.min * 1000, stats.max * 1000)
    }

    /// Latencies of many key presses: median, 95th percentile and maximum.
    static func latency(_ stats: Stats) -> String {
        guard !stats.samples.isEmpty else { return "no key was measured" }
        return String(
            format: "median %.2f ms, p95 %.2f, max %.2f (%d keys)", stats.median * 1000, stats.percentile(95) * 1000,
            stats.max * 1000, stats.samples.count)
    }

    static func micros(_ value: Double) -> String { String(format: "%.0f µs", value * 1e6) }
    static func ratio(_ value: Double) -> String { String(format: "%.2f", value) }
    static func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
}

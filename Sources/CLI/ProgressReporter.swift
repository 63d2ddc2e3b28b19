import ExplorerCore
import Foundation

/// Draws a one-line upload/download progress indicator on stderr while a CLI transfer runs.
struct ProgressReporter {
    private var upload = TransferRate()
    private var download = TransferRate()
    private let start = monotonicSeconds()
    private var drawn = false

    mutating func show(_ progress: TransferProgress) {
        let now = Self.monotonicSeconds() - start
        upload.record(bytes: progress.sent, at: now)
        download.record(bytes: progress.received, at: now)
        var parts: [String] = []
        if progress.sent > 0 || (progress.sendTotal ?? 0) > 0 {
            parts.append("↑ " + Self.describe(progress.sent, progress.sendTotal, upload))
        }
        if progress.received > 0 || progress.receiveTotal != nil || parts.isEmpty {
            parts.append("↓ " + Self.describe(progress.received, progress.receiveTotal, download))
        }
        StandardError.write("\r\u{1B}[K" + parts.joined(separator: "   "))
        drawn = true
    }

    func clear() {
        if drawn { StandardError.write("\r\u{1B}[K") }
    }

    static func describe(_ done: Int64, _ total: Int64?, _ rate: TransferRate) -> String {
        var text = Units.bytes(done)
        if let total, total > 0 {
            let percent = Int(Double(done) / Double(total) * 100)
            text += " / \(Units.bytes(total)) \(percent)%"
        }
        text += "  \(Units.rate(rate.bytesPerSecond))"
        if let eta = rate.eta(total: total), total != done { text += "  ETA \(Units.eta(seconds: eta))" }
        return text
    }

    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

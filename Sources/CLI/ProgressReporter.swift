import ExplorerCore
import Foundation

/// Draws a one-line upload/download progress indicator on stderr while a CLI transfer runs, in the figures the
/// TUI's bars show (`TransferProgress.Figures`).
struct ProgressReporter {
    private var upload = TransferRate()
    private var download = TransferRate()
    private let start = monotonicSeconds()
    private var drawn = false

    mutating func show(_ progress: TransferProgress) {
        let now = Self.monotonicSeconds() - start
        upload.record(bytes: progress.sent, at: now)
        download.record(bytes: progress.received, at: now)
        StandardError.write("\r\u{1B}[K" + Self.line(progress, upload: upload, download: download))
        drawn = true
    }

    func clear() {
        if drawn { StandardError.write("\r\u{1B}[K") }
    }

    /// `↑ …   ↓ …`: the upload when there is one, and the download once it started (or when nothing else shows).
    static func line(_ progress: TransferProgress, upload: TransferRate, download: TransferRate) -> String {
        var parts: [String] = []
        if progress.isUploading {
            parts.append(TransferProgress.Figures.running(.upload, progress: progress, rate: upload).line)
        }
        if progress.received > 0 || progress.receiveTotal != nil || parts.isEmpty {
            parts.append(TransferProgress.Figures.running(.download, progress: progress, rate: download).line)
        }
        return parts.joined(separator: "   ")
    }

    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

extension TransferProgress {
    /// The figures of one direction of a transfer, as both front ends show them (`apix run`'s progress line, the
    /// TUI's bars): bytes done of the total, percent (0–100), rate, and ETA while running; once it ended, the time it
    /// took (`Metrics.total`, the one total) or that it failed, with what really moved.
    package struct Figures: Sendable, Equatable {
        package enum Direction: Sendable, Equatable {
            case upload
            case download

            /// `↑` or `↓`.
            package var arrow: String { self == .upload ? "↑" : "↓" }
        }

        /// How the transfer stands.
        package enum State: Sendable, Equatable {
            case running
            case completed
            case failed
            case cancelled
        }

        package var direction: Direction
        package var state: State
        package var done: Int64
        /// `nil` while unknown (no `Content-Length`, chunked upload).
        package var total: Int64?
        package var bytesPerSecond: Double
        /// Seconds left at the current rate; `nil` when unknown (no total, no rate yet) or when not running.
        package var eta: Double?
        /// How long it took (`Metrics.total`), once ended; `nil` while running or when nothing was measured.
        package var elapsed: Duration?

        package init(
            _ direction: Direction, state: State, done: Int64, total: Int64?, bytesPerSecond: Double,
            eta: Double? = nil,
            elapsed: Duration? = nil
        ) {
            self.direction = direction
            self.state = state
            self.done = done
            self.total = total.flatMap { $0 > 0 ? $0 : nil }
            self.bytesPerSecond = bytesPerSecond
            self.eta = eta
            self.elapsed = elapsed
        }

        /// A running transfer's figures from its latest progress event and the smoothed rate.
        package static func running(_ direction: Direction, progress: TransferProgress, rate: TransferRate)
            -> Figures
        {
            let (done, total) = progress.figures(direction)
            let eta = total.flatMap { done < $0 ? rate.eta(total: $0) : nil }
            return Figures(
                direction, state: .running, done: done, total: total, bytesPerSecond: rate.bytesPerSecond, eta: eta)
        }

        /// An ended transfer's figures: its final progress event, the rate and total time of its `Metrics` (the same
        /// the metrics line shows), and whether it completed.
        package static func ended(_ direction: Direction, progress: TransferProgress, metrics: Metrics, state: State)
            -> Figures
        {
            let (done, total) = progress.figures(direction)
            let rate = direction == .upload ? metrics.uploadRate : metrics.downloadRate
            return Figures(
                direction, state: state == .running ? .completed : state, done: done, total: total,
                bytesPerSecond: rate, elapsed: metrics.total > .zero ? metrics.total : nil)
        }

        /// Percent done, clamped to 0–100 and rounded down (100 only when all arrived); `nil` without a total.
        package var percent: Int? {
            guard let total else { return nil }
            let value = Int((Double(done) / Double(total) * 100).rounded(.down))
            return done >= total ? 100 : max(0, min(99, value))
        }

        /// How much of a bar to fill: `nil` for a running transfer of unknown size (an indeterminate bar); full only
        /// for a completed one; a failed one shows what really arrived (empty when its size was never known).
        package var fraction: Double? {
            guard let total else {
                switch state {
                case .running: return nil
                case .completed: return 1
                case .failed, .cancelled: return 0
                }
            }
            return max(0, min(1, Double(done) / Double(total)))
        }

        /// `1.2 MiB / 3.4 MiB  35%  1.1 MiB/s  ETA 0:02`, `3.4 MiB  1.1 MiB/s  in 3.02 s`,
        /// `1.2 MiB / 3.4 MiB  35%  failed after 1.03 s`: what `apix run` prints and the TUI puts beside its bar.
        package var text: String {
            var text = Units.bytes(done)
            if let total, let percent { text += " / \(Units.bytes(total))  \(percent)%" }
            let took = elapsed.map { " after \(Units.duration($0))" } ?? ""
            switch state {
            case .running:
                text += "  \(Units.rate(bytesPerSecond))"
                if let eta { text += "  ETA \(Units.eta(seconds: eta))" }
            case .completed:
                text += "  \(Units.rate(bytesPerSecond))"
                if let elapsed { text += "  in \(Units.duration(elapsed))" }
            case .failed:
                text += "  failed\(took)"
            case .cancelled:
                text += "  cancelled\(took)"
            }
            return text
        }

        /// The arrow and the text: `↓ 1.2 MiB / 3.4 MiB  35%  1.1 MiB/s  ETA 0:02`.
        package var line: String { "\(direction.arrow) \(text)" }
    }
}

extension TransferProgress {
    /// Bytes done and the total (when known) in one direction.
    func figures(_ direction: Figures.Direction) -> (done: Int64, total: Int64?) {
        direction == .upload ? (sent, sendTotal) : (received, receiveTotal)
    }

    /// Whether there is an upload to show: a body of known size, or bytes sent.
    package var isUploading: Bool { sendTotal.map { $0 > 0 } ?? (sent > 0) }
}

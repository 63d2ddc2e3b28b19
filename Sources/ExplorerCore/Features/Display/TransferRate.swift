/// Rate and ETA of a running transfer from its progress events, smoothed over a short window so the figures
/// do not jitter with every event.
package struct TransferRate: Sendable, Equatable {
    private var samples: [(time: Double, bytes: Int64)] = []
    private let window: Double

    package init(window: Double = 2) {
        self.window = window
    }

    package static func == (lhs: TransferRate, rhs: TransferRate) -> Bool {
        lhs.window == rhs.window
            && lhs.samples.elementsEqual(rhs.samples) { $0.time == $1.time && $0.bytes == $1.bytes }
    }

    /// Records `bytes` done at `time` (seconds on any monotonic clock).
    package mutating func record(bytes: Int64, at time: Double) {
        if let last = samples.last, bytes < last.bytes { samples.removeAll() }  // a new hop started over
        samples.append((time, bytes))
        while let first = samples.first, time - first.time > window, samples.count > 2 { samples.removeFirst() }
    }

    /// Bytes per second over the window.
    package var bytesPerSecond: Double {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return 0 }
        return Double(last.bytes - first.bytes) / (last.time - first.time)
    }

    /// Seconds left to reach `total` at the current rate.
    package func eta(total: Int64?) -> Double? {
        guard let total, let last = samples.last, bytesPerSecond > 0 else { return nil }
        return Double(max(0, total - last.bytes)) / bytesPerSecond
    }
}

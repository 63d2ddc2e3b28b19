/// Median, minimum and maximum of repeated measurements.
struct Stats {
    var samples: [Double]

    var median: Double { percentile(50) }

    var min: Double { samples.min() ?? .nan }
    var max: Double { samples.max() ?? .nan }

    /// The `p`th percentile (nearest rank; the median of an even count is the mean of the middle two).
    func percentile(_ p: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        if p == 50 {
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(sorted.count, Swift.max(1, rank)) - 1]
    }
}

import ExplorerCore
import Foundation
import Histogram

/// A bench run's figures at one moment (the live view redraws from one) or at its end (the summary and `--json`).
public struct BenchSnapshot: Sendable, Equatable {
    /// A phase's percentiles, in milliseconds.
    public struct Percentiles: Sendable, Equatable {
        public var p50: Double
        public var p90: Double
        public var p99: Double
        public var p999: Double
        public var max: Double

        init(_ histogram: Histogram<UInt64>) {
            func ms(_ micros: UInt64) -> Double { Double(micros) / 1000 }
            p50 = ms(histogram.valueAtPercentile(50))
            p90 = ms(histogram.valueAtPercentile(90))
            p99 = ms(histogram.valueAtPercentile(99))
            p999 = ms(histogram.valueAtPercentile(99.9))
            max = ms(histogram.maxRecorded)
        }

        package init(p50: Double, p90: Double, p99: Double, p999: Double, max: Double) {
            (self.p50, self.p90, self.p99, self.p999, self.max) = (p50, p90, p99, p999, max)
        }
    }

    /// One bar of the latency histogram: the requests whose total was at most `upTo` milliseconds (and more than
    /// the bar before's).
    public struct Bin: Sendable, Equatable {
        public var upTo: Double
        public var count: Int
    }

    /// Requests completed (answered or failed).
    public var requests: Int
    public var elapsed: Duration
    /// Answers by status code.
    public var statuses: [Int: Int]
    /// Failures by kind (`ClientError.kindName`: `connection_refused`, `timeout_total`, …).
    public var errors: [String: Int]
    /// Percentiles of each phase that has answers.
    public var latency: [BenchPhase: Percentiles]
    public var bytesSent: Int64
    public var bytesReceived: Int64
    /// Requests completed in each of the last whole seconds (up to 60), oldest first; the second under way is not
    /// in it.
    public var throughput: [Int]
    /// The totals in ten bars spaced evenly on a log scale from the fastest to the slowest.
    public var histogram: [Bin]
    /// How often the run paused because an answer (429 or 503) asked with `Retry-After`, and for how long in all.
    public var pauses = 0
    public var paused: Duration = .zero
    /// What is left of the pause on now, if one is.
    public var pauseLeft: Duration?
    /// The endpoint's `expect:` on the answers, when it has one.
    public var checks: Checks?

    /// How the answers fared against the endpoint's `expect:`.
    public struct Checks: Sendable, Equatable {
        /// Answers checked (every answer: a failure with no answer is not checked).
        public var checked: Int
        /// Answers that failed at least one check.
        public var failed: Int
        /// Each failed check (`status`, `$.id`, …) and how many answers failed it.
        public var failedChecks: [String: Int]
        public var passed: Int { checked - failed }
    }

    /// Requests completed a second over the whole run.
    public var requestsPerSecond: Double {
        let seconds = elapsed.seconds
        return seconds > 0 ? Double(requests) / seconds : 0
    }

    /// Failures of every kind.
    public var failed: Int { errors.values.reduce(0, +) }

    /// Ten log-spaced bars between the smallest and the largest total recorded.
    ///
    /// Each recorded bucket is counted once, in the bar its value falls in: `count(within:)` over adjacent ranges
    /// counts a bucket that straddles a bar's edge in both bars (31 of 30 requests, seen in a test).
    static func bins(of histogram: Histogram<UInt64>, count: Int = 10) -> [Bin] {
        guard histogram.totalCount > 0 else { return [] }
        let low = Double(Swift.max(1, histogram.min))
        let high = Double(Swift.max(histogram.maxRecorded, histogram.min + 1))
        let ratio = pow(high / low, 1 / Double(count))
        let uppers = (1...count).map { index in
            index == count ? histogram.max : UInt64((low * pow(ratio, Double(index))).rounded(.up))
        }
        var counts = [Int](repeating: 0, count: count)
        for bucket in histogram.recordedValues() {
            let index = uppers.firstIndex { bucket.value <= $0 } ?? count - 1
            counts[index] += Int(bucket.count)
        }
        var bins: [Bin] = []
        var lower: UInt64 = 0
        for (upper, counted) in zip(uppers, counts) where upper >= lower {
            bins.append(Bin(upTo: Double(upper) / 1000, count: counted))
            lower = upper + 1
        }
        return bins
    }
}

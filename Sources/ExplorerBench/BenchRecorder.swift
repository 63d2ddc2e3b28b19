import ExplorerCore
import Histogram
import Synchronization

/// What a bench run has seen so far, recorded from every worker: one HdrHistogram per phase (fixed memory whatever
/// the number of requests), counts by status and by error kind, bytes, and requests completed per second for the
/// throughput line. Snapshots are cheap copies of the figures, for the live view and the final result.
public final class BenchRecorder: Sendable {
    /// Microseconds from 1 µs to one hour, three significant digits: about 190 KB a histogram.
    static let highest: UInt64 = 3_600_000_000
    /// Seconds of throughput kept for the live view's line.
    static let throughputSeconds = 120

    private struct State {
        var histograms: [BenchPhase: Histogram<UInt64>]
        var statuses: [Int: Int] = [:]
        var errors: [String: Int] = [:]
        var bytesSent: Int64 = 0
        var bytesReceived: Int64 = 0
        var completed = 0
        /// Requests completed in each second since the start (the last `throughputSeconds`, by second number).
        var perSecond: [Int: Int] = [:]
        /// Until when no request goes out, as a 429 or 503 with `Retry-After` asked.
        var pausedUntil: ContinuousClock.Instant?
        var pauses = 0
        var paused: Duration = .zero
        /// Answers checked against the endpoint's `expect:`, those that failed a check, and each failed check.
        var checked = 0
        var checksFailed = 0
        var failedChecks: [String: Int] = [:]
    }

    private let state: Mutex<State>
    /// The number the next request takes (the open model's due time comes from it).
    private let tickets = Atomic<Int>(0)
    let started: ContinuousClock.Instant

    public init(started: ContinuousClock.Instant = .now) {
        self.started = started
        var histograms: [BenchPhase: Histogram<UInt64>] = [:]
        for phase in BenchPhase.allCases {
            histograms[phase] = Histogram(highestTrackableValue: Self.highest, numberOfSignificantValueDigits: .three)
        }
        state = Mutex(State(histograms: histograms))
    }

    /// Records one request: its answer's phases, status and bytes, or its error's kind. `due` is when it was due
    /// (open model; the start otherwise), `ended` when it ended: the total counts from `due` when that is earlier
    /// than the transport's own start.
    public func record(
        _ result: Result<Response, ClientError>, due: ContinuousClock.Instant, ended: ContinuousClock.Instant
    ) {
        let second = Int((ended - started).seconds)
        state.withLock { state in
            state.completed += 1
            state.perSecond[second, default: 0] += 1
            if state.perSecond.count > Self.throughputSeconds {
                state.perSecond = state.perSecond.filter { $0.key > second - Self.throughputSeconds }
            }
            switch result {
            case .success(let response):
                state.statuses[response.statusCode, default: 0] += 1
                state.bytesSent += response.metrics.bytesSent
                state.bytesReceived += response.metrics.bytesReceived
                for phase in BenchPhase.allCases {
                    var duration = phase.duration(in: response.metrics)
                    if phase == .total { duration = max(duration, ended - due) }
                    _ = state.histograms[phase]?.record(Self.microseconds(duration))
                }
            case .failure(let error):
                state.errors[error.kindName, default: 0] += 1
            }
        }
    }

    /// Records one answer's checks: `failures`, the subjects of the checks it failed (none: it passed them all).
    func recordChecks(failing failures: [String]) {
        state.withLock { state in
            state.checked += 1
            guard !failures.isEmpty else { return }
            state.checksFailed += 1
            for subject in Set(failures) {
                // Bounded for the summary's one line (the subjects are the profile's own checks, few as a rule).
                if state.failedChecks[subject] != nil || state.failedChecks.count < 20 {
                    state.failedChecks[subject, default: 0] += 1
                }
            }
        }
    }

    /// Holds every worker's next request until `wait` after `now` (a `Retry-After`); true when that starts a pause
    /// or makes the current one longer (the caller says so once), false when one already lasts as long.
    func pause(for wait: Duration, at now: ContinuousClock.Instant) -> Bool {
        let until = now + wait
        return state.withLock { state in
            if let current = state.pausedUntil, current > now {
                guard until > current else { return false }
                state.paused += until - current
            } else {
                state.pauses += 1
                state.paused += wait
            }
            state.pausedUntil = until
            return true
        }
    }

    /// Until when requests wait, when a pause is on at `now`.
    func pausedUntil(at now: ContinuousClock.Instant = .now) -> ContinuousClock.Instant? {
        state.withLock { state in state.pausedUntil.flatMap { $0 > now ? $0 : nil } }
    }

    /// A number for the next request to send: 0, 1, 2, … across every worker.
    func nextTicket() -> Int {
        tickets.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// The figures now, `elapsed` after the start.
    public func snapshot(at now: ContinuousClock.Instant = .now) -> BenchSnapshot {
        let elapsed = now - started
        return state.withLock { state in
            var latency: [BenchPhase: BenchSnapshot.Percentiles] = [:]
            for (phase, histogram) in state.histograms where histogram.totalCount > 0 {
                latency[phase] = BenchSnapshot.Percentiles(histogram)
            }
            // Whole seconds only: the second under way (and a run's last part-second) would show as a fall in
            // throughput that is not there: 0.02 s of a 5.02 s run is a bar near zero.
            let current = Int(elapsed.seconds)
            let throughput = (max(0, current - 60)..<current).map { state.perSecond[$0] ?? 0 }
            let totals = state.histograms[.total].map { BenchSnapshot.bins(of: $0) } ?? []
            return BenchSnapshot(
                requests: state.completed, elapsed: elapsed, statuses: state.statuses, errors: state.errors,
                latency: latency, bytesSent: state.bytesSent, bytesReceived: state.bytesReceived,
                throughput: throughput, histogram: totals, pauses: state.pauses, paused: state.paused,
                pauseLeft: state.pausedUntil.flatMap { $0 > now ? $0 - now : nil },
                checks: state.checked == 0
                    ? nil
                    : BenchSnapshot.Checks(
                        checked: state.checked, failed: state.checksFailed, failedChecks: state.failedChecks))
        }
    }

    static func microseconds(_ duration: Duration) -> UInt64 {
        let micros = duration.seconds * 1_000_000
        guard micros.isFinite, micros > 0 else { return 0 }
        return min(highest, UInt64(micros.rounded()))
    }
}

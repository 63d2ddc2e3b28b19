import Foundation
import Synchronization

/// Decides when each exchange may start: two lanes (interactive, transfer) with their own concurrency and
/// per-host limits, and within a lane higher priority first, then first come first served.
///
/// A class around a `Mutex` rather than an actor so that a cancelled waiter leaves the queue synchronously in
/// its cancellation handler, and so that `leave` can run from a `defer`.
public final class RequestScheduler: Sendable {
    /// One admitted request: hand it back to `leave` when its exchange is over.
    package struct Slot: Sendable {
        let id: UInt64
        package let lane: Lane
        /// How long the request waited for its slot (next to nothing when it started at once).
        let waited: Duration
        /// Its place in the lane's line when it arrived: 0 when it started at once, 1 when it was next, …
        package let position: Int
    }

    /// What runs and waits right now, for a status display.
    package struct Snapshot: Sendable, Equatable {
        package var running: [Lane: Int]
        package var waiting: [Lane: Int]
    }

    private struct State {
        var queue: SchedulerQueue
        var continuations: [UInt64: CheckedContinuation<Bool, Never>] = [:]
        var nextID: UInt64 = 0
        var observers: [UInt64: AsyncStream<Int>.Continuation] = [:]
        /// The waiting count the observers last got.
        var publishedWaiting = 0
        /// The last URL entered and its host key: a run of requests to one URL (a bench, a repeat) parses it once.
        var lastURL = ""
        var lastHost = ""

        /// Tells the observers the waiting count when it changed. Called under the lock after every change to the
        /// queue, so observers see the counts in the order they happened (`yield` only buffers; it runs no
        /// observer code here).
        mutating func publishWaiting() {
            guard !observers.isEmpty else { return }
            let waiting = queue.waitingCount
            guard waiting != publishedWaiting else { return }
            publishedWaiting = waiting
            for observer in observers.values { observer.yield(waiting) }
        }
    }

    /// Requests whose body (or download) is larger than this go to the transfer lane when none is chosen.
    package let transferThreshold: Int64
    private let state: Mutex<State>

    public static let defaultTransferThreshold: Int64 = 1 << 20

    /// A scheduler with these lane limits (browser-like 6 interactive, 2 transfers by default).
    public init(
        interactive: SchedulerLimits = .interactive, transfer: SchedulerLimits = .transfer,
        transferThreshold: Int64 = RequestScheduler.defaultTransferThreshold
    ) {
        self.transferThreshold = transferThreshold
        state = Mutex(State(queue: SchedulerQueue(limits: [.interactive: interactive, .transfer: transfer])))
    }

    /// Waits for a slot in `lane` for a request to `url`; `nil` when the task was cancelled while waiting (it
    /// then left the queue at once).
    package func enter(lane: Lane, url: String, priority: Endpoint.Priority) async -> Slot? {
        let start = ContinuousClock.now
        let (id, host) = state.withLock { state in
            state.nextID += 1
            if state.lastURL != url {
                state.lastURL = url
                state.lastHost = Self.hostKey(url)
            }
            return (state.nextID, state.lastHost)
        }
        let request = SchedulerQueue.Request(id: id, lane: lane, host: host, priority: priority)
        let position = Mutex(0)
        let started = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                // Under the lock, so a cancellation either finds the waiter queued or is seen here first.
                let outcome: Bool? = state.withLock { state in
                    if Task.isCancelled { return false }
                    let place = state.queue.submit(request)
                    position.withLock { $0 = place }
                    if place == 0 { return true }
                    state.continuations[id] = continuation
                    state.publishWaiting()
                    return nil
                }
                if let outcome { continuation.resume(returning: outcome) }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                guard state.queue.withdraw(id) else { return CheckedContinuation<Bool, Never>?.none }
                state.publishWaiting()
                return state.continuations.removeValue(forKey: id)
            }
            continuation?.resume(returning: false)
        }
        guard started else { return nil }
        return Slot(id: id, lane: lane, waited: ContinuousClock.now - start, position: position.withLock { $0 })
    }

    /// How many requests of `lane` may run at once to one host.
    package func capacity(of lane: Lane) -> Int {
        state.withLock { state in
            let limits = state.queue.limits[lane] ?? SchedulerLimits(concurrency: 1, perHost: 1)
            return min(limits.concurrency, limits.perHost)
        }
    }

    /// Frees `slot` and starts whoever is next.
    func leave(_ slot: Slot) {
        let next = state.withLock { state in
            let started = state.queue.finish(slot.id).compactMap { state.continuations.removeValue(forKey: $0) }
            if !started.isEmpty { state.publishWaiting() }
            return started
        }
        for continuation in next { continuation.resume(returning: true) }
    }

    package var snapshot: Snapshot {
        state.withLock { state in
            var snapshot = Snapshot(running: [:], waiting: [:])
            for lane in Lane.allCases {
                snapshot.running[lane] = state.queue.runningCount(lane)
                snapshot.waiting[lane] = state.queue.waitingCount(lane)
            }
            return snapshot
        }
    }

    /// How many requests wait for a slot, all lanes together: the count now, then each change, so a status display
    /// is told instead of polling `snapshot`. A slow reader gets the latest count only. Ends when the reading task
    /// is cancelled.
    package func waitingCounts() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            state.nextID += 1
            let waiting = state.queue.waitingCount
            // With no observers the published count is not kept up to date; this one starts from the truth.
            if state.observers.isEmpty { state.publishedWaiting = waiting }
            state.observers[state.nextID] = continuation
            continuation.yield(waiting)
            return state.nextID
        }
        // Runs outside the lock: the stream calls it when the reader stops, never from `yield`.
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// `scheme://host:port` with the default port filled in, so `http://a` and `http://a:80` share a limit; the URL
    /// itself when it has no `scheme://host`. Parsed by hand: it runs for every request, and Foundation's URL parser
    /// costs more than a small request's whole trip through the client.
    static func hostKey(_ url: String) -> String {
        guard let colon = url.firstIndex(of: ":"), colon > url.startIndex, url[colon...].hasPrefix("://") else {
            return url
        }
        let scheme = url[..<colon].lowercased()
        var authority = url[url.index(colon, offsetBy: 3)...]
        if let end = authority.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            authority = authority[..<end]
        }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority
        var port: Substring = ""
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return url }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return url }
                port = rest.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return url }
        let number = port.isEmpty ? (scheme == "https" ? "443" : "80") : String(Int(port) ?? 0)
        return "\(scheme)://\(host.lowercased()):\(number)"
    }
}

/// The scheduler's bookkeeping as a plain value: who runs, who waits, and who starts next. No tasks, no clocks,
/// so the ordering rules are tested directly.
///
/// Rules: a request starts at once when its lane and its host (within the lane) have a free slot; otherwise it
/// waits. When a slot frees, the waiting request that can start with the highest priority starts, the earliest
/// submitted first among equals. A waiter blocked only by its host's limit does not hold up others.
struct SchedulerQueue {
    struct Request: Sendable, Equatable {
        var id: UInt64
        var lane: Lane
        /// `scheme://host:port`, for the per-host limit.
        var host: String
        var priority: Endpoint.Priority
    }

    private struct Waiter {
        var request: Request
        var sequence: UInt64
    }

    private struct HostSlot: Hashable {
        var lane: Lane
        var host: String
    }

    let limits: [Lane: SchedulerLimits]
    private var waiting: [Waiter] = []
    private var running: [UInt64: Request] = [:]
    private var runningPerLane: [Lane: Int] = [:]
    private var runningPerHost: [HostSlot: Int] = [:]
    private var nextSequence: UInt64 = 0

    init(limits: [Lane: SchedulerLimits]) {
        self.limits = limits
    }

    /// Ids of the requests running now.
    var runningIDs: Set<UInt64> { Set(running.keys) }

    /// Ids of the waiting requests, in the order they would start if slots freed one at a time.
    var waitingIDs: [UInt64] { waiting.sorted(by: Self.startsBefore).map(\.request.id) }

    func runningCount(_ lane: Lane) -> Int { runningPerLane[lane, default: 0] }

    func waitingCount(_ lane: Lane) -> Int { waiting.count { $0.request.lane == lane } }

    /// Waiting requests in all lanes.
    var waitingCount: Int { waiting.count }

    /// Adds `request`; returns 0 when it starts at once, else its place in its lane's line (1 = next).
    mutating func submit(_ request: Request) -> Int {
        precondition(running[request.id] == nil && !waiting.contains { $0.request.id == request.id }, "duplicate id")
        nextSequence += 1
        let waiter = Waiter(request: request, sequence: nextSequence)
        if canStart(request) {
            start(request)
            return 0
        }
        waiting.append(waiter)
        return waiting.count { $0.request.lane == request.lane && !Self.startsBefore(waiter, $0) }
    }

    /// Removes a waiting request (cancelled before it started). Returns whether it was waiting.
    mutating func withdraw(_ id: UInt64) -> Bool {
        guard let index = waiting.firstIndex(where: { $0.request.id == id }) else { return false }
        waiting.remove(at: index)
        return true
    }

    /// Frees the slot of a running request and returns the ids that start now, in start order.
    mutating func finish(_ id: UInt64) -> [UInt64] {
        guard let request = running.removeValue(forKey: id) else { return [] }
        runningPerLane[request.lane, default: 0] -= 1
        runningPerHost[HostSlot(lane: request.lane, host: request.host), default: 0] -= 1
        var started: [UInt64] = []
        while let next = waiting.indices.filter({ canStart(waiting[$0].request) })
            .min(by: { Self.startsBefore(waiting[$0], waiting[$1]) })
        {
            let waiter = waiting.remove(at: next)
            start(waiter.request)
            started.append(waiter.request.id)
        }
        return started
    }

    private func canStart(_ request: Request) -> Bool {
        let limit = limits[request.lane] ?? SchedulerLimits(concurrency: 1, perHost: 1)
        return runningPerLane[request.lane, default: 0] < limit.concurrency
            && runningPerHost[HostSlot(lane: request.lane, host: request.host), default: 0] < limit.perHost
    }

    private mutating func start(_ request: Request) {
        running[request.id] = request
        runningPerLane[request.lane, default: 0] += 1
        runningPerHost[HostSlot(lane: request.lane, host: request.host), default: 0] += 1
    }

    /// Higher priority first, then first come first served.
    private static func startsBefore(_ a: Waiter, _ b: Waiter) -> Bool {
        let (rankA, rankB) = (rank(a.request.priority), rank(b.request.priority))
        return rankA != rankB ? rankA > rankB : a.sequence < b.sequence
    }

    private static func rank(_ priority: Endpoint.Priority) -> Int {
        switch priority {
        case .high: 2
        case .normal: 1
        case .low: 0
        }
    }
}

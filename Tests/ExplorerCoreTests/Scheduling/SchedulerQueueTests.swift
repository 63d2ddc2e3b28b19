import Testing

@testable import ExplorerCore

/// The ordering rules as a plain value: no tasks, no clocks.
@Suite("Scheduler queue (pure)")
struct SchedulerQueueTests {
    var queue = SchedulerQueue(limits: [
        .interactive: SchedulerLimits(concurrency: 1, perHost: 1),
        .transfer: SchedulerLimits(concurrency: 1, perHost: 1),
    ])

    static func request(
        _ id: UInt64, _ priority: Endpoint.Priority = .normal, lane: Lane = .interactive, host: String = "a"
    ) -> SchedulerQueue.Request {
        SchedulerQueue.Request(id: id, lane: lane, host: host, priority: priority)
    }

    /// Frees slots one at a time from `first` and returns the order in which the waiters start.
    static func drain(_ queue: inout SchedulerQueue, from first: UInt64) -> [UInt64] {
        var order: [UInt64] = []
        var current = [first]
        for _ in 0..<100 {
            guard let running = current.first else { break }
            current = Array(current.dropFirst()) + queue.finish(running)
            if let next = current.first { order.append(next) }
        }
        return order
    }

    @Test("a request starts at once while its lane has room")
    mutating func startsAtOnce() {
        var roomy = SchedulerQueue(limits: [.interactive: .interactive, .transfer: .transfer])
        for id in 1...6 {
            let place = roomy.submit(Self.request(UInt64(id)))
            #expect(place == 0)
        }
        let place1 = roomy.submit(Self.request(7))
        #expect(place1 == 1, "the seventh waits, first in line")
        #expect(roomy.runningCount(.interactive) == 6)
        let started1 = roomy.finish(3)
        #expect(started1 == [7])
    }

    @Test("higher priority starts first; equal priorities in the order they came")
    mutating func priorityThenFIFO() {
        let place1 = queue.submit(Self.request(1))
        #expect(place1 == 0)
        let place2 = queue.submit(Self.request(2, .low))
        #expect(place2 == 1)
        let place3 = queue.submit(Self.request(3, .normal))
        #expect(place3 == 1, "ahead of the low one")
        let place4 = queue.submit(Self.request(4, .high))
        #expect(place4 == 1, "ahead of everyone")
        let place5 = queue.submit(Self.request(5, .normal))
        #expect(place5 == 3, "behind the high one and the earlier normal one")
        let place6 = queue.submit(Self.request(6, .high))
        #expect(place6 == 2)
        #expect(queue.waitingIDs == [4, 6, 3, 5, 2])
        let order = Self.drain(&queue, from: 1)
        #expect(order == [4, 6, 3, 5, 2])
    }

    @Test("a withdrawn request never starts and leaves its place at once")
    mutating func withdraw() {
        _ = queue.submit(Self.request(1))
        _ = queue.submit(Self.request(2))
        _ = queue.submit(Self.request(3))
        let withdrawn1 = queue.withdraw(2)
        #expect(withdrawn1)
        let withdrawn2 = queue.withdraw(2)
        #expect(!withdrawn2, "only once")
        let withdrawn3 = queue.withdraw(1)
        #expect(!withdrawn3, "a running request is not withdrawn")
        #expect(queue.waitingIDs == [3])
        let started1 = queue.finish(1)
        #expect(started1 == [3])
    }

    @Test("the lanes are independent: a full transfer lane does not hold up interactive requests")
    mutating func lanes() {
        let place1 = queue.submit(Self.request(1, lane: .transfer))
        #expect(place1 == 0)
        let place2 = queue.submit(Self.request(2, .high, lane: .transfer))
        #expect(place2 == 1)
        let place3 = queue.submit(Self.request(3, .low, lane: .interactive))
        #expect(place3 == 0)
        #expect(queue.runningIDs == [1, 3])
        let started1 = queue.finish(3)
        #expect(started1 == [], "an interactive slot is not given to a transfer")
        let started2 = queue.finish(1)
        #expect(started2 == [2])
    }

    @Test("the per-host limit holds back one host without blocking requests to others")
    mutating func perHost() {
        var hosts = SchedulerQueue(limits: [.interactive: SchedulerLimits(concurrency: 3, perHost: 1)])
        let place1 = hosts.submit(Self.request(1, host: "a"))
        #expect(place1 == 0)
        let place2 = hosts.submit(Self.request(2, .high, host: "a"))
        #expect(place2 == 1)
        let place3 = hosts.submit(Self.request(3, .low, host: "b"))
        #expect(place3 == 0, "host b has room even though a high one waits")
        let place4 = hosts.submit(Self.request(4, host: "b"))
        #expect(place4 == 2)
        let started1 = hosts.finish(3)
        #expect(started1 == [4])
        let started2 = hosts.finish(1)
        #expect(started2 == [2])
    }

    @Test("finishing an unknown request changes nothing")
    mutating func unknownFinish() {
        _ = queue.submit(Self.request(1))
        _ = queue.submit(Self.request(2))
        let started1 = queue.finish(99)
        #expect(started1 == [])
        #expect(queue.waitingIDs == [2])
    }
}

import Testing

@testable import ExplorerCore

@Suite("Request scheduler: observing the waiting count")
struct RequestSchedulerWaitingCountTests {
    let scheduler = RequestScheduler(
        interactive: SchedulerLimits(concurrency: 1, perHost: 1), transfer: SchedulerLimits(concurrency: 1, perHost: 1))

    /// A request that waits for a slot in the interactive lane.
    func waiter(_ path: String) -> Task<RequestScheduler.Slot?, Never> {
        Task { [scheduler] in await scheduler.enter(lane: .interactive, url: "http://h/\(path)", priority: .normal) }
    }

    @Test("an observer sees the waiting count rise and fall; a cancelled waiter leaves before cancel returns")
    func riseAndFall() async throws {
        var counts = scheduler.waitingCounts().makeAsyncIterator()
        #expect(await counts.next() == 0)
        let first = try #require(await scheduler.enter(lane: .interactive, url: "http://h/1", priority: .normal))
        let second = waiter("2")
        #expect(await counts.next() == 1)
        let third = waiter("3")
        #expect(await counts.next() == 2)

        var late = scheduler.waitingCounts().makeAsyncIterator()
        #expect(await late.next() == 2, "a new observer starts from the count now")

        third.cancel()
        #expect(scheduler.snapshot.waiting[.interactive] == 1)
        #expect(await counts.next() == 1)
        #expect(await late.next() == 1)
        #expect(await third.value == nil)

        scheduler.leave(first)
        #expect(await counts.next() == 0)
        let slot = try #require(await second.value)
        scheduler.leave(slot)
        #expect(scheduler.snapshot.running[.interactive] == 0)
    }

    @Test("a slot that frees with nobody waiting publishes nothing new")
    func noChangeNoMessage() async throws {
        var counts = scheduler.waitingCounts().makeAsyncIterator()
        #expect(await counts.next() == 0)
        for index in 0..<3 {
            let slot = try #require(await scheduler.enter(lane: .interactive, url: "http://h/\(index)", priority: .low))
            scheduler.leave(slot)
        }
        let first = try #require(await scheduler.enter(lane: .interactive, url: "http://h/a", priority: .normal))
        let second = waiter("b")
        // The next value is the rise to 1: nothing was published for the requests that never waited.
        #expect(await counts.next() == 1)
        scheduler.leave(first)
        scheduler.leave(try #require(await second.value))
    }
}

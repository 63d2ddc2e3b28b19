import Foundation

/// A task executor with threads of its own, which the demo API's tasks prefer over the shared cooperative pool.
///
/// Why: the demo API often runs inside a process whose pool is busy with other work. In the test runner that pool
/// has one thread per core (two here) and CPU-heavy suites run beside the demo; a WebSocket close or a response
/// then waited seconds for a pool thread, and `apix` on the other end timed out (a CI failure of
/// `WebSocketDemoRouteTests`). On threads of its own the server is scheduled by the kernel like any other thread,
/// whatever the pool is doing. NIO's event loops still do the I/O; these threads run the handlers.
final class ServerThreads: TaskExecutor, @unchecked Sendable {
    // @unchecked Sendable: `jobs` and `head` are only touched with `condition` locked; the threads never end.

    /// The executor every demo server in the process shares (its threads live as long as the process).
    static let shared = ServerThreads(count: 2)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0

    private init(count: Int) {
        for index in 0..<count {
            let thread = Thread { [self] in work() }
            thread.name = "apix-demo-\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while head == jobs.count { condition.wait() }
            let job = jobs[head]
            head += 1
            // Drop what has run once the queue empties (or grows long), so the array stays small.
            if head == jobs.count || head > 1024 {
                jobs.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

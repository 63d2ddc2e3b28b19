import CCurl
import Foundation
import Synchronization

/// One libcurl multi handle driven by one thread: connections are pooled and every transfer runs on it.
///
/// Other threads only queue work (add, cancel) under a lock and wake the loop with `curl_multi_wakeup`, which
/// libcurl documents as thread-safe.
///
/// When the last running transfer has just completed, the loop first waits a little (`idleSpin`, yielding the
/// processor) for the next one before it goes to sleep in `curl_multi_poll`: a caller sending requests one after
/// another adds the next within tens of microseconds, and catching it awake saves a sleep and a wake-up per request
/// (on two cores that was most of what one small request cost beyond the curl command's).
///
/// The loop is also a `TaskExecutor`: a task that prefers it (`Client.loopExecutors`: every `Client.start`, `apix test`
/// one request at a time, `apix bench`'s workers) runs its Swift code on this thread between libcurl's turns, so
/// handing a transfer over and resuming the task when it completes cross no thread: no wake-up, no context switch,
/// no cache lines moving between cores. Such code must not block: a transfer in flight waits for it.
final class CurlMulti: TaskExecutor {
    private struct Queue {
        var adds: [CurlTransfer] = []
        var cancels: [CurlTransfer] = []
        var jobs: [UnownedJob] = []
    }

    private let handle: MultiHandle
    private let queue = Mutex(Queue())
    /// Work queued since the loop last took the queue (adds, cancels and jobs).
    private let queued = Atomic<Int>(0)
    /// True while the loop waits awake for work, so `add` and `cancel` need not wake it.
    private let spinning = Atomic<Bool>(false)
    /// The loop's thread, set before it runs anything (a job running there need not wake it).
    private let loopThread = Atomic<pthread_t>(0)

    /// The longest the loop waits awake for the next transfer.
    static let idleSpin: UInt64 = 100_000

    init() {
        handle = MultiHandle()
        let thread = Thread { [self] in run() }
        thread.name = "apix-curl"
        thread.start()
    }

    func add(_ transfer: CurlTransfer) {
        queue.withLock { $0.adds.append(transfer) }
        wake()
    }

    /// Whether the calling thread is this loop's.
    var isCurrent: Bool { loopThread.load(ordering: .relaxed) == pthread_self() }

    /// Runs `job` on the loop thread at its next turn (a task that prefers this executor).
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
        wake()
    }

    func cancel(_ transfer: CurlTransfer) {
        transfer.cancelRequested.withLock { $0 = true }
        queue.withLock { $0.cancels.append(transfer) }
        wake()
    }

    /// Announces queued work; wakes the loop unless it is waiting awake (it then sees `queued` change).
    ///
    /// Sequentially consistent with the loop's side in `waitAwake()`: either the loop still spins when this reads
    /// `spinning` (and will see the count), or it has stopped and will see the count when it checks again, or this
    /// reads `false` and wakes it. No work is left waiting for the poll timeout.
    private func wake() {
        queued.add(1, ordering: .sequentiallyConsistent)
        // The loop itself (a job running on it) looks at the queue again before it sleeps.
        if isCurrent { return }
        if !spinning.load(ordering: .sequentiallyConsistent) { apix_multi_wakeup(handle.pointer) }
    }

    /// Waits up to `idleSpin` for queued work without sleeping; true when some arrived.
    private func waitAwake() -> Bool {
        spinning.store(true, ordering: .sequentiallyConsistent)
        let start = monotonicNanos()
        while queued.load(ordering: .sequentiallyConsistent) == 0, monotonicNanos() &- start < Self.idleSpin {
            sched_yield()
        }
        spinning.store(false, ordering: .sequentiallyConsistent)
        return queued.load(ordering: .sequentiallyConsistent) > 0
    }

    // MARK: - Loop thread

    private func run() {
        loopThread.store(pthread_self(), ordering: .relaxed)
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        // Transfers writing to a file the user named: only these can be paused for a FIFO's reader.
        var downloads: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var running: Int32 = 0
        let connections = ConnectionMemory()
        let executor = asUnownedTaskExecutor()
        while true {
            var work = take()
            // Tasks first: what they hand over (transfers, more jobs) is taken in the same turn.
            if !work.jobs.isEmpty {
                for job in work.jobs { job.runSynchronously(on: executor) }
                let more = take()
                work.adds += more.adds
                work.cancels += more.cancels
                requeue(more.jobs)
            }
            for transfer in work.adds {
                if transfer.cancelRequested.withLock({ $0 }) {
                    Self.cancelled(transfer)
                    continue
                }
                transfer.markStarted()
                apix_multi_add_handle(handle.pointer, transfer.easy)
                active[transfer.easy] = transfer
                if transfer.request.options.downloadTo != nil { downloads[transfer.easy] = transfer }
            }
            for transfer in work.cancels where active.removeValue(forKey: transfer.easy) != nil {
                downloads[transfer.easy] = nil
                apix_multi_remove_handle(handle.pointer, transfer.easy)
                Self.cancelled(transfer)
            }

            apix_multi_perform(handle.pointer, &running)
            var remaining: Int32 = 0
            var completed = false
            while let message = apix_multi_info_read(handle.pointer, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                // Copy the result before remove_handle invalidates the message.
                let code = apix_msg_result(message)
                apix_multi_remove_handle(handle.pointer, easy)
                downloads[easy] = nil
                if let transfer = active.removeValue(forKey: easy) {
                    if let burst = transfer.burst {
                        // A bench's handle goes again at once when its burst says so.
                        if burst.completed(transfer, code: code) {
                            transfer.markStarted()
                            apix_multi_add_handle(handle.pointer, easy)
                            active[easy] = transfer
                        }
                    } else {
                        transfer.complete(
                            code: code, cancelled: transfer.cancelRequested.withLock { $0 }, connections: connections)
                    }
                    completed = true
                }
            }
            // Work queued meanwhile (completions resume tasks that run here) is taken without sleeping.
            if queued.load(ordering: .sequentiallyConsistent) > 0 { continue }
            if completed && active.isEmpty && waitAwake() { continue }
            // Sleeps until socket activity, libcurl's next timeout, or a wakeup from add/cancel/enqueue; and, for a
            // transfer paused for its FIFO's reader, until that descriptor takes more.
            var held: [(transfer: CurlTransfer, wait: curl_waitfd)] = []
            for transfer in downloads.values {
                guard let descriptor = transfer.sink.readerDescriptor else { continue }
                held.append((transfer, curl_waitfd(fd: descriptor, events: Int16(CURL_WAIT_POLLOUT), revents: 0)))
            }
            if held.isEmpty {
                apix_multi_poll(handle.pointer, nil, 0, active.isEmpty ? 60_000 : 1_000, nil)
                continue
            }
            var waits = held.map(\.wait)
            apix_multi_poll(handle.pointer, &waits, UInt32(waits.count), 1_000, nil)
            for (index, wait) in waits.enumerated() where wait.revents != 0 {
                held[index].transfer.resumeIfReaderTookMore()
            }
        }
    }

    /// Ends a transfer cancelled before or while it ran: its caller's, or its burst's share.
    private static func cancelled(_ transfer: CurlTransfer) {
        if let burst = transfer.burst {
            burst.finished(transfer, cancelled: true)
        } else {
            transfer.complete(code: CURLE_OK, cancelled: true)
        }
    }

    /// Takes everything queued and clears the count.
    private func take() -> Queue {
        queue.withLock { pending -> Queue in
            defer { pending = Queue() }
            queued.store(0, ordering: .sequentiallyConsistent)
            return pending
        }
    }

    /// Puts jobs queued while others ran back for the next turn (after libcurl's), so a task that keeps enqueueing
    /// cannot starve the transfers.
    private func requeue(_ jobs: [UnownedJob]) {
        guard !jobs.isEmpty else { return }
        queue.withLock { $0.jobs.insert(contentsOf: jobs, at: 0) }
        queued.add(1, ordering: .sequentiallyConsistent)
    }
}

/// The `CURLM*`.
///
/// `@unchecked Sendable`: only the loop thread uses it, except `curl_multi_wakeup`, which libcurl documents as
/// safe to call from any thread.
private final class MultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    init() {
        guard let multi = apix_multi_init() else { fatalError("curl_multi_init failed: out of memory") }
        pointer = multi
    }
}

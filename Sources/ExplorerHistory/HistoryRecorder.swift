import ExplorerCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Records exchanges into the history, opening it on the first record (a send never waits for the database to
/// open), and only when recording is on: the config file's `history.enabled`, the profile's `history:`, and the
/// front end's own switch (`--no-history`).
///
/// Two ways in. `record(_:)` writes on the caller's thread and returns any failure (the CLI, which exits right
/// after). `recordLater(_:onFailure:)` hands the work, building the entry included, to a writer thread of its own
/// (the explorer), which writes behind the sender: once no exchange has finished for `WriteBehind.quiet`, or at the
/// latest `WriteBehind.longest` after the oldest waiting one finished, or when `WriteBehind.most` (or `mostBytes` of
/// bodies) wait, all that waits
/// in one transaction, at a lower scheduling priority. A burst of sends is recorded after it, not during it; a kill
/// loses at most the exchanges of the last `longest`.
package final class HistoryRecorder: Sendable {
    package let directory: String
    package let settings: HistorySettings
    /// Config file problems, to be shown once.
    package let warnings: [String]
    private let store = Mutex<HistoryStore?>(nil)

    /// When the writer thread writes what waits.
    package struct WriteBehind: Sendable {
        /// How long no exchange must have finished.
        package var quiet: Duration = .milliseconds(10)
        /// The longest an exchange waits, however busy the sender.
        package var longest: Duration = .seconds(1)
        /// The most exchanges that wait (their responses are held in memory until written).
        package var most = 1_000
        /// The most body bytes the waiting exchanges may hold (an in-memory body is up to 8 MiB each).
        package var mostBytes: Int64 = 64 << 20

        package init() {}
    }

    package let writeBehind: WriteBehind

    /// One exchange to record: its entry, built when it is written, and where a failure goes (nil: to the caller of
    /// `record(_:)` that writes it).
    private struct Job {
        let build: @Sendable () -> HistoryEntry?
        let onFailure: (@Sendable (String) -> Void)?
    }

    /// Jobs waiting, whether someone is writing them, and what the writer thread decides by. Exchanges that finish
    /// while a transaction runs are written together in the next one.
    private struct Queue {
        var waiting: [Job] = []
        var writing = false
        var threadStarted = false
        /// When the oldest and the newest waiting job arrived.
        var oldest: ContinuousClock.Instant?
        var newest: ContinuousClock.Instant?
        /// The body bytes the waiting jobs hold (`recordLater`'s `bytes`).
        var bytes: Int64 = 0
        /// Set by `waitUntilIdle`: the writer thread writes now.
        var flush = false
    }

    private let queue = Mutex(Queue())
    /// Wakes the writer thread when `recordLater` finds no one writing.
    private let wake = DispatchSemaphore(value: 0)

    /// The writer thread's nice value: below the sender's (0), so that on a busy machine the sender goes first.
    static let writerNice: Int32 = 10

    package init(
        directory: String = StateDirectory.path(),
        environment: [String: String] = ProcessInfo.processInfo.environment, writeBehind: WriteBehind = WriteBehind()
    ) {
        self.directory = directory
        self.writeBehind = writeBehind
        (settings, warnings) = HistorySettings.load(environment: environment)
    }

    /// Whether exchanges with `profile` are recorded (a one-off request with no profile: the config's word).
    package func records(_ profile: Profile?) -> Bool {
        settings.enabled && (profile?.recordsHistory ?? true)
    }

    /// The store, opened now if it is not yet.
    package func opened() throws(HistoryStoreError) -> HistoryStore {
        if let open = store.withLock({ $0 }) { return open }
        let opened = try HistoryStore(directory: directory, settings: settings)
        return store.withLock { current in
            if let current { return current }
            current = opened
            return opened
        }
    }

    /// Whether nothing is waiting or being written.
    package var isIdle: Bool { queue.withLock { !$0.writing && $0.waiting.isEmpty } }

    /// Has what waits written now and waits until nothing is waiting or being written, for at most `limit`; true
    /// when idle. The explorer calls it as it quits, so the last exchanges are not lost with the process, and before
    /// it reads the history. It sleeps between looks, holding no thread.
    @discardableResult
    package func waitUntilIdle(upTo limit: Duration) async -> Bool {
        queue.withLock { $0.flush = true }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while !isIdle {
            guard clock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        queue.withLock { if $0.waiting.isEmpty { $0.flush = false } }
        return true
    }

    /// Records `entry` on this thread; a failure is returned as a warning line (history never fails a send). When
    /// another caller or the writer thread is writing, `entry` joins its next transaction and this returns at once.
    @discardableResult
    package func record(_ entry: HistoryEntry) -> String? {
        let writes = queue.withLock { queue in
            queue.waiting.append(Job(build: { entry }, onFailure: nil))
            guard !queue.writing else { return false }
            queue.writing = true
            return true
        }
        return writes ? writeWaiting() : nil
    }

    /// Builds the entry with `build` (nil: nothing to record) and records it on the writer thread, behind the
    /// sender; `bytes` is the size of the body `build` holds on to (counted against `WriteBehind.mostBytes`);
    /// `onFailure` gets the warning line if it cannot be written. Returns at once.
    package func recordLater(
        bytes: Int64 = 0, _ build: @escaping @Sendable () -> HistoryEntry?,
        onFailure: @escaping @Sendable (String) -> Void
    ) {
        let now = ContinuousClock.now
        let (wakes, starts) = queue.withLock { queue in
            queue.waiting.append(Job(build: build, onFailure: onFailure))
            queue.bytes += bytes
            if queue.oldest == nil { queue.oldest = now }
            queue.newest = now
            let starts = !queue.threadStarted
            queue.threadStarted = true
            guard !queue.writing else { return (false, starts) }
            queue.writing = true
            return (true, starts)
        }
        if starts {
            let thread = Thread { [self] in runWriter() }
            thread.name = "apix-history"
            thread.start()
        }
        if wakes { wake.signal() }
    }

    /// The writer thread: at a lower priority (on Linux the nice value is the calling thread's alone), each time it
    /// is woken it waits for the moment `WriteBehind` names, then writes whatever waits; what arrives during that
    /// transaction waits for its own moment in turn, so a long burst is not written as it goes.
    private func runWriter() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.writerNice)
        var unused: String?
        while true {
            wake.wait()
            repeat {
                // In steps of at most 5 ms, to see `most` reached or a flush asked for.
                while let pause = pauseBeforeWriting() { usleep(UInt32(min(5_000, max(1, pause / 1_000)))) }
            } while writeBatch(warning: &unused)
        }
    }

    /// How long the writer thread still waits before writing, in nanoseconds; nil: write now.
    private func pauseBeforeWriting() -> Int64? {
        let now = ContinuousClock.now
        return queue.withLock { queue -> Int64? in
            guard !queue.flush, queue.waiting.count < writeBehind.most, queue.bytes < writeBehind.mostBytes,
                let oldest = queue.oldest,
                let newest = queue.newest
            else { return nil }
            let wait = min(newest + writeBehind.quiet, oldest + writeBehind.longest) - now
            guard wait > .zero else { return nil }
            return Int64(wait.components.seconds) * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000
        }
    }

    /// Writes what waits, batch after batch, until nothing does; then clears `writing`. Only the holder of
    /// `writing` calls it. Returns the last failure of a job that has no handler of its own.
    private func writeWaiting() -> String? {
        var warning: String?
        while writeBatch(warning: &warning) {}
        return warning
    }

    /// Writes what waits now in one transaction and returns true; when nothing waits, clears `writing` and returns
    /// false. Only the holder of `writing` calls it. A failure goes to each job's handler, or to `warning` for a job
    /// that has none.
    private func writeBatch(warning: inout String?) -> Bool {
        let jobs = queue.withLock { queue in
            let jobs = queue.waiting
            queue.waiting = []
            queue.oldest = nil
            queue.newest = nil
            queue.bytes = 0
            if jobs.isEmpty {
                queue.writing = false
                queue.flush = false
            }
            return jobs
        }
        if jobs.isEmpty { return false }
        let batch = jobs.compactMap { $0.build() }
        guard !batch.isEmpty else { return true }
        do {
            try opened().record(batch: batch)
        } catch {
            var unhandled = false
            for job in jobs {
                if let onFailure = job.onFailure { onFailure(error.description) } else { unhandled = true }
            }
            if unhandled { warning = error.description }
        }
        return true
    }
}

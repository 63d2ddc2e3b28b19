import ServiceLifecycle
import Synchronization

/// A demo server that is listening. Shut it down when done; dropping the last reference also stops it (abruptly).
package final class RunningDemoServer: Sendable {
    /// How long `shutdown()` lets open requests finish before cancelling them.
    static let gracePeriod: Duration = .seconds(2)

    /// The bound port (the real one when the configuration asked for port 0).
    package let port: Int
    /// The host the server is bound to, as configured.
    package let host: String

    /// The server's root URL, e.g. `http://127.0.0.1:41234` (IPv6 hosts in brackets).
    package var baseURL: String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }

    private let serviceGroup: ServiceGroup
    private let runTask: Task<Void, any Error>
    /// The shutdown in progress, created by the first `shutdown()` so later calls join it.
    private let shutdownTask = Mutex<Task<Void, Never>?>(nil)

    init(host: String, port: Int, serviceGroup: ServiceGroup, runTask: Task<Void, any Error>) {
        self.host = host
        self.port = port
        self.serviceGroup = serviceGroup
        self.runTask = runTask
    }

    deinit {
        runTask.cancel()
    }

    /// Stops the server: no new connections, open requests get `gracePeriod` to finish (slow and stalled bodies
    /// are ended at once), then whatever is left is cancelled. Returns when the server has stopped; idempotent.
    package func shutdown() async {
        await beginShutdown().value
    }

    /// Starts shutting down (once) and returns the task doing it.
    @discardableResult
    func beginShutdown() -> Task<Void, Never> {
        shutdownTask.withLock { task in
            if let task { return task }
            let serviceGroup = self.serviceGroup
            let runTask = self.runTask
            let newTask = Task {
                await serviceGroup.triggerGracefulShutdown()
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { _ = await runTask.result }
                    group.addTask {
                        // Cancelled (and so skipped) when the server stops within the grace period.
                        guard (try? await Task.sleep(for: Self.gracePeriod)) != nil else { return }
                        runTask.cancel()
                    }
                    await group.next()
                    group.cancelAll()
                }
            }
            task = newTask
            return newTask
        }
    }

    /// Waits until the server stops; throws what stopped it unless a shutdown was asked for.
    func waitUntilStopped() async throws {
        let result = await runTask.result
        let shutdownRequested = shutdownTask.withLock { $0 != nil }
        if case .failure(let error) = result, !shutdownRequested {
            throw error
        }
    }
}

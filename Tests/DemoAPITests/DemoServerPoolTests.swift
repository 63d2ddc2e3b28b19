import DemoAPI
import Foundation
import Synchronization
import TestSupport
import Testing

/// The demo API runs its handlers on threads of its own (`ServerThreads`), so it answers while the process's
/// cooperative pool is busy: in the test runner that pool is shared with every other suite.
@Suite("Demo server under a busy pool")
struct DemoServerPoolTests {
    @Test("answers a request while every thread of the cooperative pool is blocked")
    func answersWhilePoolBlocked() async throws {
        try await withDemoServer { server in
            let width = ProcessInfo.processInfo.activeProcessorCount
            let probe = Probe()
            let release = DispatchSemaphore(value: 0)
            // One blocker per pool thread. Each waits (at most 20 s) for the client thread to finish.
            let blockers = (0..<width).map { _ in
                Task.detached {
                    probe.started.withLock { $0 += 1 }
                    _ = release.wait(timeout: .now() + 20)
                }
            }
            // The client runs on a plain thread once every blocker holds its pool thread.
            let client = Thread {
                for _ in 0..<2000 where probe.started.withLock({ $0 }) < width { usleep(5000) }
                let curl = Process()
                curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                curl.arguments = ["curl", "-sS", "-o", "/dev/null", "--max-time", "10", server.url("/todos")]
                curl.standardError = FileHandle.nullDevice
                if (try? curl.run()) != nil {
                    curl.waitUntilExit()
                    probe.status.withLock { $0 = curl.terminationStatus }
                }
                for _ in 0..<width { release.signal() }
            }
            client.start()
            for blocker in blockers { await blocker.value }
            // Without threads of its own the handler waits for the pool: curl gives up (28) after 10 s.
            #expect(probe.status.withLock { $0 } == 0)
        }
    }
}

/// What the blockers and the client thread share.
private final class Probe: Sendable {
    let started = Mutex(0)
    let status = Mutex<Int32?>(nil)
}

import DemoAPI
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ExplorerCore

/// A download to a FIFO whose reader stopped reading: the transfer is paused for its reader, and libcurl's loop
/// thread goes on with every other transfer (it waited in `poll` for the reader before, and the explorer's other
/// requests stayed "connecting" until Esc ended the download).
@Suite("A FIFO's reader that stops holds only its own transfer")
struct StalledReaderTests {
    @Test("other requests on the same client are answered while a download to a stalled FIFO is paused")
    func othersGoOn() async throws {
        try await withHeldFIFO { fifo, _, server in
            let client = Client(transport: CurlTransport())
            var download = PreparedRequest(url: server.url("/bytes/\(16 << 20)"))
            download.options.downloadTo = fifo
            let held = try await Self.startHeld(download, on: client)
            let clock = ContinuousClock()
            let started = clock.now
            for id in 1...3 {
                let answer = try await client.send(PreparedRequest(url: server.url("/todos/\(id)"))).response()
                #expect(answer.statusCode == 200)
            }
            // Answered while the download is held; a bound far above their few milliseconds, far below forever.
            #expect(clock.now - started < .seconds(30))
            held.cancel()
            #expect(await held.result.error?.isCancelled == true)
        }
    }

    @Test("a paused download resumes for a reader that starts late and delivers every byte once")
    func resumes() async throws {
        try await withHeldFIFO { fifo, reader, server in
            let client = Client(transport: CurlTransport())
            var download = PreparedRequest(url: server.url("/bytes/\(4 << 20)"))
            download.options.downloadTo = fifo
            // Bounded: a transfer left waiting for a reader would hold the test forever.
            download.options.timeout = .seconds(60)
            // The reader starts after the pipe filled and the transfer paused, then reads to the end. (After a fixed
            // 300 ms, a loaded machine had not opened the FIFO yet: the read found no writer and ended at once, and
            // the download then waited for a reader that was gone.)
            let transfer = try await Self.startHeld(download, on: client)
            let total = await Self.readToEnd(reader, seconds: 60)
            let response = try await transfer.result.response()
            #expect(response.statusCode == 200)
            #expect(total == 4 << 20)
        }
    }

    /// Starts `download` (to a FIFO nobody reads yet) and returns once past 64 KiB arrived: the FIFO is full and
    /// the transfer waits for its reader.
    static func startHeld(_ download: PreparedRequest, on client: Client) async throws -> Transfer {
        let transfer = client.start(download)
        let receiving = Mutex(false)
        let watcher = Task {
            for await event in transfer.progress where event.received > 1 << 16 { receiving.withLock { $0 = true } }
        }
        defer { watcher.cancel() }
        try #require(await eventually { receiving.withLock { $0 } })
        return transfer
    }

    /// Reads `descriptor` to its end (its writer closed it) on a plain thread, for at most `seconds`: a blocking read
    /// must not hold one of the cooperative pool's threads, which other suites' servers need.
    static func readToEnd(_ descriptor: Int32, seconds: Double) async -> Int {
        await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
            Thread {
                let deadline = Date().addingTimeInterval(seconds)
                var total = 0
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while Date() < deadline {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    guard poll(&ready, 1, 100) > 0 else { continue }
                    let count = read(descriptor, &buffer, buffer.count)
                    if count < 0, errno == EINTR || errno == EAGAIN { continue }
                    if count <= 0 { break }
                    total += count
                }
                done.resume(returning: total)
            }.start()
        }
    }

    /// A FIFO held open for reading (opened without waiting for a writer; nothing is read unless `body` reads
    /// `reader`), and the demo server.
    func withHeldFIFO(_ body: (_ fifo: String, _ reader: Int32, _ server: RunningDemoServer) async throws -> Void)
        async throws
    {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        try await withDemoServer { server in try await body(fifo, reader, server) }
    }
}

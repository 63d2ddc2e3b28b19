import DemoAPI
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ExplorerCore

/// The real transport, with a log of when each exchange starts and ends (in order, no clocks).
final class RecordingTransport: Transport {
    enum Event: Equatable {
        case started(String)
        case ended(String)
    }

    private let inner = CurlTransport()
    private let log = Mutex<[Event]>([])

    var events: [Event] { log.withLock { $0 } }

    func exchange(
        _ request: PreparedRequest, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<Response, TransportError> {
        let path = URLComponents(string: request.url)?.path ?? request.url
        log.withLock { $0.append(.started(path)) }
        let result = await inner.exchange(request, progress: progress)
        log.withLock { $0.append(.ended(path)) }
        return result
    }
}

@Suite("Scheduling against the demo API")
struct SchedulingIntegrationTests {
    @Test("small GETs in the interactive lane start while a big download runs, and a second download waits")
    func downloadDoesNotBlockSmallRequests() async throws {
        try await withDemoServer { server in
            let transport = RecordingTransport()
            let scheduler = RequestScheduler(transfer: SchedulerLimits(concurrency: 1, perHost: 1))
            let client = Client(transport: transport, scheduler: scheduler)
            // Effectively endless (1 TiB): it only ends when cancelled, so the order below cannot depend on speed.
            var download = PreparedRequest(url: server.url("/bytes/\(1 << 40)"))
            download.options.downloadTo = "/dev/null"
            let big = client.start(download)
            let receiving = Mutex(false)
            let watcher = Task {
                for await event in big.progress where event.received > 0 {
                    receiving.withLock { $0 = true }
                }
            }
            try #require(await eventually { receiving.withLock { $0 } })
            var second = PreparedRequest(url: server.url("/bytes/1000"))
            second.options.downloadTo = "/dev/null"
            let queued = client.start(second)
            try #require(await eventually { client.scheduler.snapshot.waiting[.transfer] == 1 })

            let small = try await withThrowingTaskGroup(of: Response.self) { group in
                for id in 1...5 {
                    group.addTask { try await client.send(PreparedRequest(url: server.url("/todos/\(id)"))).response() }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(small.count == 5)
            #expect(small.allSatisfy { $0.statusCode == 200 && $0.metrics.queuePosition == 0 })

            big.cancel()
            #expect(await big.result.error?.isCancelled == true)
            let queuedResponse = try await queued.result.response()
            #expect(queuedResponse.metrics.queuePosition == 1)
            #expect(queuedResponse.metrics.queued > .zero)
            watcher.cancel()

            let events = transport.events
            let bigEnd = try #require(events.firstIndex(of: .ended("/bytes/\(1 << 40)")))
            for id in 1...5 {
                let start = try #require(events.firstIndex(of: .started("/todos/\(id)")))
                #expect(start < bigEnd, "small GET \(id) started before the download ended")
            }
            let secondStart = try #require(events.firstIndex(of: .started("/bytes/1000")))
            #expect(secondStart > bigEnd, "the transfer lane held the second download until the first one ended")
        }
    }
}

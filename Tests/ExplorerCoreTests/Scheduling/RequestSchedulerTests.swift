import Foundation
import Synchronization
import Testing

@testable import ExplorerCore

/// A transport that answers at once, except for URLs containing "block", which wait until released. It records
/// the order in which exchanges start. Pure logic: no network.
final class GateTransport: Transport {
    private struct State {
        var started: [String] = []
        var gates: [String: CheckedContinuation<Void, Never>] = [:]
        var released: Set<String> = []
    }

    private let state = Mutex(State())

    var started: [String] { state.withLock { $0.started } }

    func exchange(
        _ request: PreparedRequest, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<Response, TransportError> {
        state.withLock { $0.started.append(request.url) }
        if request.url.contains("block") {
            await withCheckedContinuation { continuation in
                let open = state.withLock { state in
                    if state.released.contains(request.url) { return true }
                    state.gates[request.url] = continuation
                    return false
                }
                if open { continuation.resume() }
            }
        }
        return .success(
            Response(
                method: request.method, url: request.url, statusCode: 200, reason: "OK", headers: [:],
                body: .empty, metrics: Metrics()))
    }

    func release(_ url: String) {
        let gate = state.withLock { state in
            state.released.insert(url)
            return state.gates.removeValue(forKey: url)
        }
        gate?.resume()
    }
}

/// Waits (bounded) until `condition` holds; returns whether it did.
func eventually(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<2000 {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
}

@Suite("Request scheduler with a recording transport")
struct RequestSchedulerTests {
    let transport = GateTransport()
    let scheduler = RequestScheduler(
        interactive: SchedulerLimits(concurrency: 1, perHost: 1), transfer: SchedulerLimits(concurrency: 1, perHost: 1))
    var client: Client { Client(transport: transport, scheduler: scheduler) }

    func request(_ path: String) -> PreparedRequest {
        PreparedRequest(url: "http://h/\(path)")
    }

    /// Starts a request and waits until the scheduler counts it as running or waiting.
    func submit(_ path: String, _ priority: Endpoint.Priority, waiting: Int) async throws -> Transfer {
        let transfer = client.start(request(path), options: SendOptions(priority: priority))
        try #require(await eventually { scheduler.snapshot.waiting[.interactive] == waiting })
        return transfer
    }

    @Test("queued requests start by priority, then in arrival order, and report their wait")
    func ordering() async throws {
        let blocker = client.start(request("block"))
        try #require(await eventually { transport.started == ["http://h/block"] })
        let low = try await submit("low", .low, waiting: 1)
        let normal1 = try await submit("normal1", .normal, waiting: 2)
        let high = try await submit("high", .high, waiting: 3)
        let normal2 = try await submit("normal2", .normal, waiting: 4)
        #expect(transport.started == ["http://h/block"], "nothing else started while the lane was full")
        transport.release("http://h/block")
        let results = [await high.result, await normal1.result, await normal2.result, await low.result]
        _ = await blocker.result
        #expect(
            transport.started.map { $0.replacingOccurrences(of: "http://h/", with: "") }
                == ["block", "high", "normal1", "normal2", "low"])
        let metrics = try results.map { try $0.response().metrics }
        #expect(metrics.map(\.queuePosition) == [1, 1, 3, 1])
        #expect(metrics.allSatisfy { $0.queued > .zero })
        #expect(scheduler.snapshot.running[.interactive] == 0)
    }

    @Test("a cancelled queued request leaves the queue at once and never starts")
    func cancellation() async throws {
        let blocker = client.start(request("block"))
        try #require(await eventually { transport.started.count == 1 })
        let doomed = try await submit("doomed", .high, waiting: 1)
        let next = try await submit("next", .normal, waiting: 2)
        doomed.cancel()
        let result = await doomed.result
        #expect(result.error?.isCancelled == true)
        #expect(scheduler.snapshot.waiting[.interactive] == 1)
        transport.release("http://h/block")
        _ = try await next.result.response()
        _ = await blocker.result
        #expect(!transport.started.contains("http://h/doomed"))
        #expect(transport.started.last == "http://h/next")
    }

    @Test("large bodies go to the transfer lane, so a full transfer lane leaves small requests alone")
    func automaticLanes() async throws {
        var upload = request("block-upload")
        upload.method = .post
        upload.body = .bytes(Data(count: Int(scheduler.transferThreshold) + 1), contentType: nil)
        #expect(Lane.automatic(for: upload, threshold: scheduler.transferThreshold) == .transfer)
        var download = request("block-download")
        download.options.downloadTo = "/dev/null"
        #expect(Lane.automatic(for: download, threshold: scheduler.transferThreshold) == .transfer)
        #expect(Lane.automatic(for: request("small"), threshold: scheduler.transferThreshold) == .interactive)

        let big = client.start(upload)
        try #require(await eventually { scheduler.snapshot.running[.transfer] == 1 })
        let queuedDownload = client.start(download)
        try #require(await eventually { scheduler.snapshot.waiting[.transfer] == 1 })
        let small = try await client.send(request("small")).response()
        #expect(small.metrics.queuePosition == 0)
        #expect(transport.started == ["http://h/block-upload", "http://h/small"])
        transport.release("http://h/block-upload")
        transport.release("http://h/block-download")
        #expect(try await queuedDownload.result.response().metrics.queuePosition == 1)
        _ = await big.result
    }

    @Test("an explicit lane wins over the automatic choice")
    func explicitLane() async throws {
        let big = client.start(request("block-a"), options: SendOptions(lane: .transfer))
        try #require(await eventually { scheduler.snapshot.running[.transfer] == 1 })
        #expect(scheduler.snapshot.running[.interactive] == 0)
        transport.release("http://h/block-a")
        _ = try await big.result.response()
    }

    @Test(
        "requests to the same scheme, host and port share a per-host limit",
        arguments: [
            ("http://a", "http://a:80"), ("http://a/x?y#z", "http://a:80"),
            ("HTTP://Example.COM/Path", "http://example.com:80"),
            ("https://h", "https://h:443"), ("https://h:8443/p", "https://h:8443"),
            ("http://u:p@h:8080/p", "http://h:8080"),
            ("http://[::1]:8080/", "http://[::1]:8080"), ("http://[::1]", "http://[::1]:80"),
            ("http://h:080", "http://h:80"),
            ("no scheme here", "no scheme here"), ("http://h:port/", "http://h:port/"), ("://h", "://h"),
        ])
    func hostKeys(_ url: String, _ key: String) {
        #expect(RequestScheduler.hostKey(url) == key)
    }
}

import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Streams from the demo API's `/events` on loopback, through the real client and libcurl.
@Suite("Server-sent events against the demo API", .serialized)
struct EventStreamIntegrationTests {
    let client = Client()

    /// Sends `path` with a stream that records when each event arrived.
    func start(
        _ server: RunningDemoServer, _ path: String, capacity: Int = EventStream.defaultCapacity,
        maxEvents: Int? = nil, maxBody: Int64? = TransferOptions.defaultMaxBody
    ) -> (Transfer, LockedBox<[(StreamEvent, Date)]>) {
        let arrivals = LockedBox<[(StreamEvent, Date)]>([])
        var options = SendOptions()
        options.events = EventStream(capacity: capacity, maxEvents: maxEvents) { event in
            arrivals.mutate { $0.append((event, Date())) }
        }
        var request = PreparedRequest(url: server.url(path))
        request.options.maxBody = maxBody
        return (client.start(request, options: options), arrivals)
    }

    @Test("events arrive as the server sends them, long before the stream ends")
    func eventsArriveLive() async throws {
        try await withDemoServer { server in
            let (transfer, arrivals) = start(server, "/events?count=5&interval_ms=400")
            let response = try await transfer.result.response()
            let ended = Date()
            #expect(response.statusCode == 200)
            let seen = arrivals.value
            #expect(seen.map(\.0.number) == [1, 2, 3, 4, 5])
            // Paced 400 ms apart: the first is in hand about 1.6 s before the end, and they come spread out.
            let first = try #require(seen.first?.1)
            let last = try #require(seen.last?.1)
            #expect(ended.timeIntervalSince(first) >= 0.8)
            #expect(last.timeIntervalSince(first) >= 0.8)
            #expect(seen.map(\.0.type) == ["tick", "tick", "note", "tick", "tick"])
            #expect(seen.map(\.0.id) == ["1", "2", "3", "4", "5"])
            #expect(seen[2].0.data == "note 3, line one\nline two")
            #expect(seen[0].0.json?["n"]?.intValue == 1)
            #expect(seen[0].0.retry == 3000)
            let snapshot = try #require(transfer.events?.snapshot())
            #expect(snapshot.count == 5)
            #expect(snapshot.endedAt != nil)
            #expect(!snapshot.stopped)
            // The body is kept as any body is (up to max_body), whole here.
            #expect(String(decoding: try response.body.data(), as: UTF8.self).hasPrefix(": apix demo events"))
        }
    }

    @Test("max events ends an endless stream as a success with what arrived")
    func maxEvents() async throws {
        try await withDemoServer { server in
            let (transfer, arrivals) = start(server, "/events?count=0&interval_ms=20", maxEvents: 4)
            let response = try await transfer.result.response()
            #expect(response.statusCode == 200)
            #expect(arrivals.value.map(\.0.number) == [1, 2, 3, 4])
            #expect(transfer.events?.snapshot()?.stopped == true)
        }
    }

    @Test("stopping a stream keeps what arrived: the result is the response, not a cancellation")
    func stopKeeps() async throws {
        try await withDemoServer { server in
            let (transfer, arrivals) = start(server, "/events?count=0&interval_ms=50")
            let deadline = Date().addingTimeInterval(30)
            while arrivals.value.count < 3, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            try #require(arrivals.value.count >= 3)
            let stoppedAt = Date()
            transfer.stopStream()
            let response = try await transfer.result.response()
            #expect(Date().timeIntervalSince(stoppedAt) < 5)
            #expect(response.statusCode == 200)
            #expect(response.body.count > 0)
            let snapshot = try #require(transfer.events?.snapshot())
            #expect(snapshot.count >= 3)
            #expect(snapshot.stopped)
            #expect(snapshot.summary.hasSuffix("stopped"))
        }
    }

    @Test("an endless fast stream holds only its ring of events and max_body of its body")
    func boundedMemory() async throws {
        try await withDemoServer { server in
            // Large events, so megabytes go through for little work (the test shares the machine).
            let (transfer, _) = start(
                server, "/events?count=0&interval_ms=0&pad=60000", capacity: 10, maxBody: 1 << 20)
            let events = try #require(transfer.events)
            let deadline = Date().addingTimeInterval(60)
            while (events.snapshot()?.bytes ?? 0) < 8 << 20, Date() < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            let running = try #require(events.snapshot())
            // 8 MiB went through; 10 events of about 60 KB stay.
            #expect(running.bytes >= 8 << 20)
            #expect(running.events.count == 10)
            #expect(running.count > 100)
            #expect(running.events.map(\.data.utf8.count).reduce(0, +) < 700_000)
            transfer.stopStream()
            let response = try await transfer.result.response()
            // The body keeps its first max_body bytes; the stream went on past them.
            #expect(response.body.count == 1 << 20)
        }
    }

    @Test("stream: true cuts a body that is not server-sent events into lines or chunks")
    func forcedStream() async throws {
        try await withDemoServer { server in
            var request = PreparedRequest(url: server.url("/text"))
            request.options.stream = true
            var options = SendOptions()
            options.events = EventStream()
            let transfer = client.start(request, options: options)
            let response = try await transfer.result.response()
            let snapshot = try #require(transfer.events?.snapshot())
            #expect(snapshot.mode == .lines)
            let text = String(decoding: try response.body.data(), as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(snapshot.count == (text.hasSuffix("\n") ? lines.count - 1 : lines.count))
            #expect(snapshot.events.allSatisfy { $0.type == "chunk" })
        }
    }
}

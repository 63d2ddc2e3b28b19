import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// A WebSocket session's server messages as a stream's events (issue 30): the time to the first from the opening
/// handshake's start, the longest gap between two, their rate, in the transcript, its summary and the history's
/// record.
@Suite("WebSocket stream metrics")
struct WebSocketStreamMetricsTests {
    @Test("server messages count; what apix sent, pings and the close do not")
    func measured() throws {
        let open = ContinuousClock.now
        let transcript = WebSocketTranscript(openedAt: open, handshake: .milliseconds(40))
        transcript.sent(.text("hi"), at: open + .milliseconds(1))
        transcript.received(.message(.text("a")), at: open + .milliseconds(80))
        transcript.received(.ping([]), at: open + .milliseconds(900))
        transcript.sent(.text("more"), at: open + .milliseconds(1000))
        transcript.received(.message(.binary([1])), at: open + .milliseconds(1580))
        transcript.received(.message(.text("c")), at: open + .milliseconds(1700))
        transcript.received(
            .closed(WebSocketClose(code: 1000, reason: "", initiator: .server)), at: open + .milliseconds(9000))
        let snapshot = transcript.snapshot()
        let metrics = snapshot.metrics
        #expect(metrics.events == 3)
        #expect(metrics.firstEvent == .milliseconds(120))  // 40 ms of handshake, then 80 ms
        #expect(metrics.maxGap == .milliseconds(1500))
        #expect(abs(metrics.eventsPerSecond - 3.0 / 9) < 1e-9)
        #expect(snapshot.summary.contains("first message 80.0 ms · max gap 1.5 s · closed 1000"), "\(snapshot.summary)")

        let record = WebSocketSessionRecord(
            snapshot: snapshot, agreement: WebSocketHandshake.Agreement(subprotocol: nil, deflate: nil))
        let back = try #require(WebSocketSessionRecord(document: record.document))
        #expect(back.firstEvent == .milliseconds(120) && back.maxGap == .milliseconds(1500))
        #expect(back.snapshot.metrics.maxGap == .milliseconds(1500))
        #expect(back.summary.contains("max gap 1.5 s"))
    }

    @Test("the demo API's feed: a message every 300 ms, so the longest gap is about that")
    func demoFeed() async throws {
        try await withDemoServer { server in
            let url = server.url("/ws/feed?count=3&interval_ms=300").replacingOccurrences(of: "http://", with: "ws://")
            let connection = try await WebSocketConnectionTests.plan(url).openWebSocket().get()
            let transcript = WebSocketTranscript(handshake: connection.opened.metrics.total)
            var seen = 0
            while seen < 20, let event = await connection.next() {
                transcript.received(event)
                seen += 1
                if case .closed = event { break }
            }
            let metrics = transcript.snapshot().metrics
            #expect(metrics.events == 3)
            let gap = try #require(metrics.maxGap)
            #expect(gap >= .milliseconds(250), "\(gap)")
            let first = try #require(metrics.firstEvent)
            #expect(first >= connection.opened.metrics.total)
        }
    }
}

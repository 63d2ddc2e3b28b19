import Foundation
import Testing

@testable import ExplorerCore

/// What a session's transcript keeps: a bounded ring of frames with counts of everything, the time to the first
/// message, and, when asked, a file of the frames kept and every later one.
@Suite("WebSocket transcript")
struct WebSocketTranscriptTests {
    @Test("the ring keeps the last frames; counts, bytes and the first message's time cover them all")
    func ringAndCounts() {
        let start = ContinuousClock.now
        let transcript = WebSocketTranscript(capacity: 3, openedAt: start)
        transcript.sent(.text("a"), at: start + .milliseconds(5))
        transcript.received(.ping([]), at: start + .milliseconds(6))
        transcript.received(.message(.text("bb")), at: start + .milliseconds(12))
        transcript.received(.message(.binary([1, 2, 3])), at: start + .milliseconds(13))
        transcript.received(.pong([9]), at: start + .milliseconds(14))
        let snapshot = transcript.snapshot(now: start + .seconds(1))
        #expect(snapshot.frames.map(\.number) == [3, 4, 5])
        #expect(snapshot.frameCount == 5)
        #expect(snapshot.counts.messagesSent == 1 && snapshot.counts.bytesSent == 1)
        #expect(snapshot.counts.messagesReceived == 2 && snapshot.counts.bytesReceived == 5)
        #expect(snapshot.counts.pings == 1 && snapshot.counts.pongs == 1)
        #expect(snapshot.firstMessage == .milliseconds(12))
        #expect(snapshot.summary.hasPrefix("↑ 1 (1 B) · ↓ 2 (5 B) · 1 ping · 1 pong"))
    }

    @Test("a frame keeps at most the preview of its payload, and says so")
    func preview() {
        let transcript = WebSocketTranscript()
        transcript.received(.message(.text(String(repeating: "x", count: WebSocketTranscript.previewLimit + 10))))
        let frame = transcript.snapshot().frames[0]
        #expect(frame.payload.count == WebSocketTranscript.previewLimit)
        #expect(frame.size == WebSocketTranscript.previewLimit + 10)
        #expect(frame.headline.contains("kept)"))
    }

    @Test("display: JSON pretty-printed, binary as hex rows, control characters escaped, a close with its code")
    func display() {
        let start = ContinuousClock.now
        let transcript = WebSocketTranscript(openedAt: start)
        transcript.received(.message(.text(#"{"a":[1]}"#)), at: start + .milliseconds(1500))
        transcript.received(.message(.binary(Array(0..<18))), at: start + .seconds(2))
        transcript.received(.message(.text("bell\u{07} esc\u{1B}]0;x\u{07}")), at: start + .seconds(2))
        transcript.received(
            .closed(WebSocketClose(code: 4001, reason: "gone", initiator: .server)), at: start + .seconds(3))
        let frames = transcript.snapshot().frames
        #expect(frames[0].displayLines == ["+1.500s  ↓ text  9 B", "  {", #"    "a": ["#, "      1", "    ]", "  }"])
        #expect(frames[1].dataLines == ["  00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f", "  10 11"])
        #expect(!frames[2].displayLines.joined().contains("\u{1B}"))
        #expect(!frames[2].displayLines.joined().contains("\u{07}"))
        #expect(frames[3].headline == "+3.000s  ↓ close  6 B  4001 gone")
        #expect(transcript.snapshot().close?.code == 4001)
    }

    @Test("startWriting writes the frames kept, then every later one, until the close; lines read back")
    func writing() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("apix-frames-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let transcript = WebSocketTranscript(capacity: 2)
        transcript.sent(.text("one"))
        transcript.sent(.text("two"))
        transcript.received(.message(.text("three")))
        #expect(try transcript.startWriting(to: path) == 1, "the first frame was no longer kept")
        #expect(transcript.snapshot().file == path)
        transcript.received(.message(.binary([0xFF])))
        transcript.received(.closed(WebSocketClose(code: 1000, reason: "", initiator: .client)))
        transcript.sent(.text("after the close"))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let frames = try lines.map { try #require(WebSocketFrameRecord(json: try JSONValue.parse(String($0)))) }
        #expect(frames.map(\.number) == [2, 3, 4, 5])
        #expect(frames[2].payload == [0xFF] && frames[2].kind == .binary)
        #expect(frames[3].kind == .close && frames[3].closeCode == 1000)
        #expect(transcript.snapshot().file == nil)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("a damaged record's time (1e300 s) reads as no frame, not a trap")
    func damagedTime() throws {
        let good = #"{"n":1,"t":0.5,"dir":"received","type":"text","size":2,"data":"hi"}"#
        #expect(WebSocketFrameRecord(json: try JSONValue.parse(good))?.elapsed == .milliseconds(500))
        for time in ["1e300", "-1e300"] {
            let damaged = good.replacingOccurrences(of: "0.5", with: time)
            #expect(WebSocketFrameRecord(json: try JSONValue.parse(damaged)) == nil, "\(time)")
        }
    }
}

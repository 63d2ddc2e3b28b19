import Foundation
import Testing

@testable import ExplorerCore

/// The live side of a stream: numbering, the ring, counts and rate, `maxEvents`, and the wording both front ends
/// show.
@Suite("Event stream ring, counts and wording")
struct EventStreamTests {
    static func feed(_ stream: EventStream, _ text: String, at time: Date = Date()) -> Bool {
        Array(text.utf8).withUnsafeBytes { stream.receive($0, at: time) }
    }

    @Test("a stream keeps only its last N events, numbered from 1, and counts them all")
    func ring() {
        let stream = EventStream(capacity: 3)
        #expect(stream.begin(contentType: "text/event-stream", forced: false))
        for number in 1...10 { _ = Self.feed(stream, "data: \(number)\n\n") }
        let snapshot = stream.snapshot()!
        #expect(snapshot.count == 10)
        #expect(snapshot.events.map(\.number) == [8, 9, 10])
        #expect(snapshot.events.map(\.data) == ["8", "9", "10"])
        #expect(snapshot.dropped == 7)
        #expect(snapshot.bytes == Int64((1...10).map { "data: \($0)\n\n".utf8.count }.reduce(0, +)))
    }

    @Test("a retried exchange's stream starts over: the second answer's counts are its own")
    func retryStartsOver() {
        let stream = EventStream(capacity: 3)
        #expect(stream.begin(contentType: "text/event-stream", forced: false))
        for number in 1...4 { _ = Self.feed(stream, "data: \(number)\n\n") }
        #expect(stream.begin(contentType: "text/event-stream", forced: false))
        _ = Self.feed(stream, "data: again\n\n")
        let snapshot = stream.snapshot()!
        #expect(snapshot.count == 1)
        #expect(snapshot.events.map(\.data) == ["again"])
        #expect(snapshot.events.map(\.number) == [1])
        #expect(snapshot.bytes == Int64("data: again\n\n".utf8.count))
    }

    @Test("a retried exchange whose stream became a plain answer: no stream, its body not cut into events")
    func retryNotAStream() {
        let stream = EventStream()
        #expect(stream.begin(contentType: "text/event-stream", forced: false))
        _ = Self.feed(stream, "data: 1\n\n")
        #expect(!stream.begin(contentType: "application/json", forced: false))
        #expect(!stream.isStream)
        _ = Self.feed(stream, "data: not an event\n\n")
        #expect(stream.snapshot() == nil)
    }

    @Test("a response that is not a stream is left alone")
    func notAStream() {
        let stream = EventStream()
        #expect(!stream.begin(contentType: "application/json", forced: false))
        #expect(stream.snapshot() == nil)
        #expect(!stream.isStream)
    }

    @Test("max events: the stream asks to stop at the Nth event and gives no more")
    func maxEvents() {
        let seen = LockedBox<[Int]>([])
        let stream = EventStream(maxEvents: 2) { event in seen.mutate { $0.append(event.number) } }
        _ = stream.begin(contentType: "text/event-stream", forced: false)
        #expect(Self.feed(stream, "data: a\n\n"))
        #expect(!Self.feed(stream, "data: b\n\ndata: c\n\n"))
        #expect(seen.value == [1, 2])
        #expect(stream.stopRequested)
    }

    @Test("the rate counts the events of the last seconds while running, the whole life once ended")
    func rate() {
        let start = Date(timeIntervalSince1970: 1_000)
        let stream = EventStream()
        _ = stream.begin(contentType: "text/event-stream", forced: false, at: start)
        for second in 0..<10 { _ = Self.feed(stream, "data: x\n\n", at: start.addingTimeInterval(Double(second))) }
        // Events at 5, 6, 7, 8 and 9 s fall in the five seconds before 9.5 s.
        #expect(stream.snapshot(now: start.addingTimeInterval(9.5))!.rate == 1)
        stream.finish(at: start.addingTimeInterval(20))
        #expect(stream.snapshot()!.rate == 0.5)
        #expect(stream.snapshot()!.summary == "10 events · 0.5/s · 90 B · first 0 ms · max gap 1.0 s · ended")
    }

    @Test("a burst of 20 events within a millisecond reads 20/s, not tens of thousands a second (issue 25)")
    func burstRate() {
        let start = Date(timeIntervalSince1970: 1_000)
        let stream = EventStream()
        _ = stream.begin(contentType: "text/event-stream", forced: false, at: start)
        for n in 0..<20 { _ = Self.feed(stream, "data: x\n\n", at: start.addingTimeInterval(Double(n) * 0.000_01)) }
        #expect(stream.snapshot(now: start.addingTimeInterval(0.0003))!.rate == 20)
        stream.finish(at: start.addingTimeInterval(0.0003))
        #expect(stream.snapshot()!.rate == 20)
        #expect(stream.snapshot()!.summary.contains("· 20.0/s ·"))
    }

    @Test("an event reads as a headline and its data, JSON pretty-printed, terminal controls escaped")
    func wording() throws {
        let time = Date(timeIntervalSince1970: 3_723.25)  // 01:02:03.250 UTC
        let utc = try #require(TimeZone(identifier: "UTC"))
        let json = StreamEvent(number: 4, time: time, type: "tick", id: "4", data: "{\"n\": 4}")
        #expect(json.displayLines(timeZone: utc) == ["#4  01:02:03.250  tick  id 4", "{", "  \"n\": 4", "}"])
        let hostile = StreamEvent(number: 5, time: time, type: "x\u{1B}[31m", data: "red\u{1B}[31m\nline two")
        let lines = hostile.displayLines(timeZone: utc)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { !$0.contains("\u{1B}") })
        let object = json.jsonObject.serialized()
        #expect(
            object
                == #"{"number":4,"time":"1970-01-01T01:02:03.250Z","event":"tick","id":"4","data":"{\"n\": 4}","json":{"n":4}}"#
        )
    }
}

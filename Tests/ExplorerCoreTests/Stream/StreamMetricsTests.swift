import Foundation
import Testing

@testable import ExplorerCore

/// A stream's timing (issue 30): the time to the first event from the request's start, the longest gap between
/// two events, kept as three numbers however many events come, and how the summary line and `--json` say them.
@Suite("Stream metrics")
struct StreamMetricsTests {
    static let start = Date(timeIntervalSince1970: 10_000)

    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    @Test("gaps: the first and last time and the longest gap between two in a row; none before the second")
    func gaps() {
        var gaps = EventGaps()
        #expect(gaps.first == nil && gaps.longest == nil)
        gaps.record(2)
        #expect(gaps.first == 2 && gaps.last == 2 && gaps.longest == nil)
        for time in [2.5, 5, 5, 5.25] { gaps.record(time) }
        #expect(gaps.first == 2 && gaps.last == 5.25 && gaps.longest == 2.5)
        // A clock that steps back counts no gap, not a negative one.
        gaps.record(4)
        #expect(gaps.longest == 2.5 && gaps.last == 4)
    }

    @Test("first event counts from the request's start, max gap between consecutive events, not to the end")
    func measured() throws {
        let stream = EventStream()
        stream.startAttempt()
        stream.noteRequestStart(at: Self.at(0))
        // A later hop (a redirect) does not move the start.
        stream.noteRequestStart(at: Self.at(0.05))
        #expect(stream.begin(contentType: "text/event-stream", forced: false, at: Self.at(0.1)))
        #expect(stream.metrics(now: Self.at(0.2))?.firstEvent == nil)
        _ = EventStreamTests.feed(stream, "data: a\n\n", at: Self.at(0.312))
        _ = EventStreamTests.feed(stream, "data: b\n\ndata: c\n\n", at: Self.at(0.5))
        _ = EventStreamTests.feed(stream, "data: d\n\n", at: Self.at(1.7))
        _ = EventStreamTests.feed(stream, "data: e\n\n", at: Self.at(2.0))
        stream.finish(at: Self.at(9))
        let metrics = try #require(stream.metrics())
        #expect(metrics.events == 5)
        #expect(metrics.firstEvent == .milliseconds(312))
        #expect(metrics.maxGap == .milliseconds(1200))  // 0.5 → 1.7; the 7 s to the end is not a gap
        #expect(abs(metrics.eventsPerSecond - 5.0 / 8.9) < 1e-6)  // over its life, from the head
        let snapshot = try #require(stream.snapshot())
        #expect(snapshot.metrics == metrics)
        #expect(snapshot.summary == "5 events · 0.6/s · 45 B · first 312 ms · max gap 1.2 s · ended")
        #expect(
            metrics.jsonObject.serialized()
                == #"{"events":5,"first_event_ms":312.000,"max_gap_ms":1200.000,"events_per_s":0.562}"#)
    }

    @Test("before any event nothing is said; one event has a first time but no gap")
    func early() throws {
        let stream = EventStream()
        stream.noteRequestStart(at: Self.at(0))
        _ = stream.begin(contentType: "text/event-stream", forced: false, at: Self.at(0.1))
        let empty = try #require(stream.snapshot(now: Self.at(0.2)))
        #expect(empty.summary == "0 events · 0.0/s · 0 B")
        #expect(empty.metrics.jsonObject["first_event_ms"] == .null)
        _ = EventStreamTests.feed(stream, "data: a\n\n", at: Self.at(0.25))
        let one = try #require(stream.metrics(now: Self.at(0.3)))
        #expect(one.firstEvent == .milliseconds(250) && one.maxGap == nil)
        #expect(one.summaryParts == ["first 250 ms"])
    }

    @Test("a new attempt starts the clock again and a retried answer's gaps are its own")
    func retried() throws {
        let stream = EventStream()
        stream.startAttempt()
        stream.noteRequestStart(at: Self.at(0))
        _ = stream.begin(contentType: "text/event-stream", forced: false, at: Self.at(0.1))
        _ = EventStreamTests.feed(stream, "data: a\n\n", at: Self.at(0.2))
        _ = EventStreamTests.feed(stream, "data: b\n\n", at: Self.at(5))
        // The client's second attempt (a 401 that was a stream, then the real answer).
        stream.startAttempt()
        stream.noteRequestStart(at: Self.at(6))
        _ = stream.begin(contentType: "text/event-stream", forced: false, at: Self.at(6.1))
        _ = EventStreamTests.feed(stream, "data: c\n\n", at: Self.at(6.4))
        let metrics = try #require(stream.metrics(now: Self.at(6.5)))
        #expect(metrics.events == 1)
        #expect(metrics.firstEvent == .milliseconds(400))
        #expect(metrics.maxGap == nil)
    }

    @Test("no transport said when the request went: the first event counts from the answer's head")
    func fromTheHead() throws {
        let stream = EventStream()
        _ = stream.begin(contentType: "text/event-stream", forced: false, at: Self.at(1))
        _ = EventStreamTests.feed(stream, "data: a\n\n", at: Self.at(1.5))
        #expect(stream.metrics(now: Self.at(2))?.firstEvent == .milliseconds(500))
    }

    @Test("short durations: whole milliseconds below a second, tenths of seconds above")
    func wording() {
        #expect(StreamMetrics.short(.microseconds(120_400)) == "120 ms")
        #expect(StreamMetrics.short(.microseconds(999_400)) == "999 ms")
        #expect(StreamMetrics.short(.milliseconds(1234)) == "1.2 s")
        #expect(StreamMetrics.short(.seconds(75)) == "75.0 s")
    }
}

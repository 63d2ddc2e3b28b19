import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `expect: { stream: { … } }` (issue 30): limits on a streamed answer's first event, longest gap and count, read
/// from a profile with located mistakes, checked against `Response.stream`, written back by a save, and checked on
/// the demo API's server-sent events.
@Suite("Stream checks")
struct StreamCheckTests {
    static func response(stream: StreamMetrics?) -> Response {
        var response = Response(
            method: .get, url: "http://127.0.0.1/events", statusCode: 200, reason: "OK", headers: HTTPHeaders(),
            body: ResponseBody(data: Data()), metrics: Metrics())
        response.stream = stream
        return response
    }

    static let metrics = StreamMetrics(
        events: 7, firstEvent: .milliseconds(812), maxGap: .milliseconds(1500), eventsPerSecond: 2)

    @Test("each measure is compared with its limit, in the order written")
    func compared() throws {
        let expectation = try ExpectationCheckerTests.expectation(
            """
            stream: { first_event: "< 500ms", max_gap: "< 2s", events: ">= 5" }
            """)
        let results = ExpectationChecker.check(expectation, against: Self.response(stream: Self.metrics))
        #expect(results.map(\.subject) == ["stream first_event", "stream max_gap", "stream events"])
        #expect(results.map(\.passed) == [false, true, true])
        #expect(results[0].description == "✗ stream first_event < 500ms (got 812 ms)")
        #expect(results[1].description == "✓ stream max_gap < 2s (1500 ms)")
        #expect(results[2].description == "✓ stream events >= 5 (7)")
        let fewer = try ExpectationCheckerTests.expectation(#"stream: { events: "> 7" }"#)
        #expect(ExpectationChecker.check(fewer, against: Self.response(stream: Self.metrics)).map(\.passed) == [false])
    }

    @Test("an answer that is not a stream fails with why; so do a first event and a gap that never came")
    func unmeasured() throws {
        let expectation = try ExpectationCheckerTests.expectation(
            """
            stream: { first_event: "< 500ms", max_gap: "< 2s" }
            """)
        let plain = ExpectationChecker.check(expectation, against: Self.response(stream: nil))
        #expect(
            plain.map(\.description) == [
                "✗ stream first_event < 500ms (got not a stream)", "✗ stream max_gap < 2s (got not a stream)",
            ])
        let silent = StreamMetrics(events: 0, firstEvent: nil, maxGap: nil, eventsPerSecond: 0)
        #expect(
            ExpectationChecker.check(expectation, against: Self.response(stream: silent)).map(\.actual) == [
                "no event", "0 events: no gap to measure",
            ])
        let one = StreamMetrics(events: 1, firstEvent: .milliseconds(20), maxGap: nil, eventsPerSecond: 1)
        #expect(
            ExpectationChecker.check(expectation, against: Self.response(stream: one)).map(\.passed) == [true, false])
    }

    @Test("limits read: durations as timing's, a count for events")
    func limits() {
        #expect(StreamRule(.firstEvent, "<= 1.5s")?.limit == 1500)
        #expect(StreamRule(.maxGap, "< 250 ms")?.comparison == .below)
        #expect(StreamRule(.events, ">= 5")?.limit == 5)
        #expect(StreamRule(.events, "5") == nil)
        #expect(StreamRule(.events, ">= 5s") == nil)
        #expect(StreamRule(.maxGap, "< 2") == nil)
    }

    @Test("an unknown key and a limit that is not one are located problems")
    func mistakes() throws {
        let text = """
            name: Checks
            environments: { local: { base_url: "http://127.0.0.1" } }
            endpoints:
              - id: a
                path: /a
                expect:
                  stream: { first_evnt: "< 1s", max_gap: "2s", events: "many" }
              - id: b
                path: /b
                expect:
                  stream: "< 1s"
            """
        guard case .failure(let failure) = ProfileLoader.parse(yaml: text, file: "s.yaml", id: "s") else {
            Issue.record("the profile loaded")
            return
        }
        let lines = failure.problems.map(\.description)
        #expect(
            lines.contains {
                $0.contains("s.yaml:7:")
                    && $0.contains("unknown key `first_evnt` in `expect.stream`; did you mean `first_event`?")
            }, "\(lines)")
        #expect(lines.contains { $0.contains("s.yaml:7:") && $0.contains("`expect.stream.max_gap` must be") })
        #expect(lines.contains { $0.contains("`expect.stream.events` must be a comparison and a count") })
        #expect(lines.contains { $0.contains("s.yaml:11:") && $0.contains("`expect.stream`") }, "\(lines)")
    }

    @Test("a save writes the limits back as written, in order")
    func saved() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "s.yaml",
            """
            environments: { local: { base_url: "http://127.0.0.1" } }
            endpoints:
              - id: a
                path: /a

            """)
        var endpoint = try #require(try ProfileLoader.load(file: file).get().endpoint("a"))
        var expectation = ResponseExpectation()
        expectation.stream = [try #require(StreamRule(.maxGap, "< 2s")), try #require(StreamRule(.events, ">= 5"))]
        endpoint.expectation = expectation
        _ = try ProfileWriter.save(endpoint: endpoint, in: ProfileLoader.load(file: file).get())
        let back = try #require(try ProfileLoader.load(file: file).get().endpoint("a")?.expectation)
        #expect(back.stream.map(\.measure) == [.maxGap, .events])
        #expect(back.stream.map(\.limit) == [2000, 5])
    }

    @Test("on the demo API's events: the first comes after its 300 ms pause, gaps are measured, checks pass and fail")
    func realStream() async throws {
        try await withDemoServer { server in
            var options = SendOptions()
            options.events = EventStream()
            let transfer = Client().start(
                PreparedRequest(url: server.url("/events?count=3&interval_ms=300")), options: options)
            let response = try await transfer.result.get()
            let stream = try #require(response.stream)
            #expect(stream.events == 3)
            // The server sleeps 300 ms before each event: the first is at least that far from the request's start,
            // and so is each gap (less a little for an event that came late after an early one).
            let first = try #require(stream.firstEvent)
            let gap = try #require(stream.maxGap)
            #expect(first >= .milliseconds(300), "\(first)")
            #expect(gap >= .milliseconds(250), "\(gap)")
            #expect(transfer.events?.snapshot()?.summary.contains("· max gap ") == true)
            let expectation = try ExpectationCheckerTests.expectation(
                """
                stream: { first_event: ">= 300ms", max_gap: "< 100ms", events: ">= 3" }
                """)
            let results = ExpectationChecker.check(expectation, against: response)
            #expect(results.map(\.passed) == [true, false, true], "\(results)")

            // The same URL sent without reading it as events is not a stream to the checks.
            let plain = try await Client().start(PreparedRequest(url: server.url("/events?count=1&interval_ms=0")))
                .result.get()
            #expect(plain.stream == nil)
            #expect(ExpectationChecker.check(expectation, against: plain).allSatisfy { $0.actual == "not a stream" })
        }
    }
}

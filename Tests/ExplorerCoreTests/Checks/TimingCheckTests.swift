import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `expect: { timing: { … } }` (issue 30): per-phase limits read from a profile with located mistakes, checked
/// against an exchange's metrics, written back by a save, and checked on a real exchange with the demo API.
@Suite("Timing checks")
struct TimingCheckTests {
    static func metrics() -> Metrics {
        Metrics(
            dns: .milliseconds(2), connect: .milliseconds(3), tls: .milliseconds(40), preTransfer: .microseconds(500),
            firstByte: .milliseconds(150), transfer: .milliseconds(30), total: .milliseconds(226))
    }

    @Test("each phase is compared with its limit; ttfb is everything up to the first byte")
    func phases() throws {
        let expectation = try ExpectationCheckerTests.expectation(
            """
            timing:
              dns: "< 5ms"
              connect: "<= 3ms"
              tls: "< 0.03s"
              send: "< 600us"
              wait: ">= 150 ms"
              ttfb: "< 190ms"
              transfer: "> 30ms"
              total: "<= 1s"
            """)
        let response = Response(
            method: .get, url: "http://127.0.0.1/items", statusCode: 200, reason: "OK", headers: HTTPHeaders(),
            body: ResponseBody(data: Data()), metrics: Self.metrics())
        let results = ExpectationChecker.check(expectation, against: response)
        #expect(results.map(\.subject) == TimingRule.Measure.allCases.map { "timing \($0.rawValue)" })
        #expect(results.map(\.passed) == [true, true, false, true, true, false, false, true])
        #expect(results[2].description == "✗ timing tls < 0.03s (got 40 ms)")
        #expect(results[3].actual == "0.5 ms")
        #expect(results[5].actual == "196 ms")  // 2 + 3 + 40 + 0.5 + 150
    }

    @Test("a phase that is not one and a limit that is not a comparison are located problems")
    func mistakes() throws {
        let text = """
            name: Checks
            environments: { local: { base_url: "http://127.0.0.1" } }
            endpoints:
              - id: a
                path: /a
                expect:
                  timing: { ttbf: "< 1s", total: "500ms", tls: 20 }
            """
        guard case .failure(let failure) = ProfileLoader.parse(yaml: text, file: "t.yaml", id: "t") else {
            Issue.record("the profile loaded")
            return
        }
        let lines = failure.problems.map(\.description)
        #expect(
            lines.contains {
                $0.contains("t.yaml:7:") && $0.contains("unknown phase `ttbf` in `expect.timing`; did you mean `ttfb`?")
            })
        #expect(lines.contains { $0.contains("t.yaml:7:") && $0.contains("`expect.timing.total` must be") })
        #expect(lines.contains { $0.contains("`expect.timing.tls` must be") })
    }

    @Test("a save writes the limits back as written, in order")
    func saved() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "t.yaml",
            """
            environments: { local: { base_url: "http://127.0.0.1" } }
            endpoints:
              - id: a
                path: /a

            """)
        var endpoint = try #require(try ProfileLoader.load(file: file).get().endpoint("a"))
        var expectation = ResponseExpectation()
        expectation.timing = [
            try #require(TimingRule(.ttfb, "< 200ms")), try #require(TimingRule(.total, "<= 1.5s")),
        ]
        endpoint.expectation = expectation
        _ = try ProfileWriter.save(endpoint: endpoint, in: ProfileLoader.load(file: file).get())
        let back = try #require(try ProfileLoader.load(file: file).get().endpoint("a")?.expectation)
        #expect(back.timing.map(\.measure) == [.ttfb, .total])
        #expect(back.timing.map(\.milliseconds) == [200, 1500])
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("< 200ms"))
    }

    @Test("on a real exchange: the demo API's 0.3 s delay is more than 250 ms of wait, and fails a 100 ms total")
    func realExchange() async throws {
        try await withDemoServer { server in
            let response = try await Client().start(PreparedRequest(url: server.url("/delay/0.3"))).result.get()
            let expectation = try ExpectationCheckerTests.expectation(
                """
                timing: { wait: "> 250ms", total: "< 100ms", dns: "< 60s" }
                """)
            let results = ExpectationChecker.check(expectation, against: response)
            #expect(results.map(\.passed) == [true, false, true], "\(results)")
        }
    }
}

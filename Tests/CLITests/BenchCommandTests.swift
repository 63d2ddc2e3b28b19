import DemoAPI
import ExplorerBench
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix bench` (issue 30): the real binary against the demo API on loopback, and the runner and its figures in
/// process against the same server.
@Suite("apix bench")
struct BenchCommandTests {
    /// A profile directory with `test.yaml` pointing at a fresh demo server (`RunCommandTests`' profile).
    func withProfiles(_ body: (String, RunningDemoServer) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            try RunCommandTests.profile(port: server.port).write(
                toFile: directory.path + "/test.yaml", atomically: true, encoding: .utf8)
            try await body(directory.path, server)
        }
    }

    @Test("--json reports every request, the statuses, bytes and each phase's percentiles in order")
    func jsonResult() async throws {
        try await withProfiles { profiles, _ in
            let out = try await ApixProcess.run(
                ["bench", "test", "todo", "-n", "40", "-c", "4", "--json", "--profiles", profiles])
            #expect(out.status == 0, "\(out.stderr)")
            let object = try JSONValue.parse(out.stdout)
            #expect(object["requests"]?.intValue == 40)
            #expect(object["status"]?["200"]?.intValue == 40)
            #expect(object["connections"]?.intValue == 4)
            #expect((object["rps"]?.doubleValue ?? 0) > 0)
            #expect((object["duration_s"]?.doubleValue ?? 0) > 0)
            #expect((object["bytes"]?["received"]?.intValue ?? 0) > 0)
            for phase in ["dns", "connect", "tls", "ttfb", "total"] {
                let figures = try #require(object["latency_ms"]?[phase], "latency_ms.\(phase)")
                let values = try ["p50", "p90", "p99", "p999", "max"].map { try #require(figures[$0]?.doubleValue) }
                #expect(values == values.sorted(), "\(phase): \(values)")
            }
            let total = try #require(object["latency_ms"]?["total"]?["p50"]?.doubleValue)
            #expect(total > 0)
        }
    }

    @Test(
        "an endpoint's expect: is checked on every answer: the summary and --json say how many passed and which failed")
    func checks() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            try """
            environments: { local: { base_url: "\(server.baseURL)" } }
            variables: { wanted: "milk" }
            endpoints:
              - { id: good, path: /todos/1, expect: { status: 200, json: { "$.title": { contains: "{{wanted}}" } } } }
              - { id: bad, path: /todos/1, expect: { status: 201, json: { "$.id": { "==": 2 } }, headers: { Content-Type: { contains: json } } } }
              - { id: none, path: /todos/1 }
            """.write(toFile: directory.path + "/checked.yaml", atomically: true, encoding: .utf8)
            func bench(_ endpoint: String) async throws -> JSONValue {
                let out = try await ApixProcess.run(
                    ["bench", "checked", endpoint, "-n", "30", "-c", "3", "--json", "--profiles", directory.path])
                #expect(out.status == 0, "\(out.stderr)")
                return try JSONValue.parse(out.stdout)
            }
            let good = try await bench("good")
            #expect(
                good["checks"]?["checked"] == 30 && good["checks"]?["passed"] == 30 && good["checks"]?["failed"] == 0)
            let bad = try await bench("bad")
            #expect(bad["checks"]?["passed"] == 0 && bad["checks"]?["failed"] == 30)
            #expect(bad["checks"]?["failed_checks"]?["status"] == 30 && bad["checks"]?["failed_checks"]?["$.id"] == 30)
            #expect(bad["checks"]?["failed_checks"]?["header Content-Type"] == nil, "a check that passed is not listed")
            #expect(try await bench("none")["checks"] == nil, "no expect:, no checks")
            let summary = try await ApixProcess.run(
                ["bench", "checked", "bad", "-n", "10", "--no-tui", "--profiles", directory.path])
            #expect(summary.text.contains("checks   0 / 10 passed  ✗ $.id ×10  ✗ status ×10"), "\(summary.text)")
            // --fail-on-checks: exit 1 after the figures when an answer failed a check; 0 when all passed or none ran.
            let failing = try await ApixProcess.run(
                ["bench", "checked", "bad", "-n", "5", "--no-tui", "--fail-on-checks", "--profiles", directory.path])
            #expect(failing.status == 1 && failing.text.contains("checks   0 / 5 passed"), "\(failing.text)")
            #expect(
                failing.stderr.contains("apix: 5 of 5 answers failed a check (--fail-on-checks)"), "\(failing.stderr)")
            for endpoint in ["good", "none"] {
                let passing = try await ApixProcess.run(
                    [
                        "bench", "checked", endpoint, "-n", "5", "--no-tui", "--fail-on-checks", "--profiles",
                        directory.path,
                    ])
                #expect(passing.status == 0, "\(endpoint): \(passing.text)")
            }
        }
    }

    @Test("a failing host is counted by error kind, the run still ends with its figures (exit 0)")
    func errorsByKind() async throws {
        try await withProfiles { profiles, _ in
            let out = try await ApixProcess.run(
                ["bench", "test", "todo", "-e", "dead", "-n", "5", "--json", "--profiles", profiles])
            #expect(out.status == 0, "\(out.stderr)")
            let object = try JSONValue.parse(out.stdout)
            #expect(object["requests"]?.intValue == 5)
            #expect(object["errors"]?["connection_refused"]?.intValue == 5, "\(out.stdout)")
        }
    }

    @Test("the summary without --json names the count, the statuses and the percentile table")
    func summary() async throws {
        try await withProfiles { profiles, _ in
            let out = try await ApixProcess.run(
                ["bench", "test", "status", "-p", "code=404", "-n", "6", "--profiles", profiles])
            #expect(out.status == 0, "\(out.stderr)")
            let text = String(decoding: out.stdout, as: UTF8.self)
            #expect(text.contains("6 requests in"))
            #expect(text.contains("404 ×6"))
            #expect(text.contains("p99.9"))
            #expect(text.contains("total "))
            // Plain HTTP: no request had a handshake, which reads `—`, not a row of zeros; connect has figures.
            let rows = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            #expect(rows.contains(["tls", "—"]), "\(text)")
            #expect(rows.contains { $0.first == "connect" && $0.count == 6 }, "\(text)")
        }
    }

    @Test("more than 1,000 requests to a host that is not this machine need --yes; nothing is sent without it")
    func confirmation() async throws {
        let directory = try TemporaryDirectory()
        // A documentation address (RFC 5737): nothing answers there, and the refusal comes before any send.
        try """
        environments: { far: { base_url: "http://192.0.2.1:9" } }
        endpoints: [{ id: ping, path: /ping }]
        """.write(toFile: directory.path + "/far.yaml", atomically: true, encoding: .utf8)
        let out = try await ApixProcess.run(["bench", "far", "ping", "-n", "1001", "--profiles", directory.path])
        #expect(out.status == 2)
        #expect(out.stderr.contains("add --yes"), "\(out.stderr)")
        let unbounded = try await ApixProcess.run(
            ["bench", "far", "ping", "--duration", "1s", "--profiles", directory.path])
        #expect(unbounded.status == 2, "a duration without a rate has no bound")
        let usage = try await ApixProcess.run(["bench", "far", "ping", "-n", "3", "--duration", "1s"])
        #expect(usage.status == 64 || usage.status == 2)
    }

    @Test("the runner in process: a count over several connections, every request recorded once")
    func runnerCount() async throws {
        try await withDemoServer { server in
            let plan = try Self.plan(server)
            let settings = BenchSettings(stop: .count(30), connections: 3)
            let result = await BenchRunner.run(plan, settings: settings, client: BenchRunner.client(connections: 3))
            #expect(result.requests == 30)
            #expect(result.statuses == [200: 30])
            #expect(result.latency[.total] != nil)
            #expect(result.histogram.reduce(0) { $0 + $1.count } == 30)
        }
    }

    @Test("the latency bars count every request once, however the totals spread over the buckets")
    func barsCountOnce() {
        let recorder = BenchRecorder()
        let start = ContinuousClock.now
        for index in 0..<2000 {
            // Totals from 50 µs to about 2.5 s, spread so that many land near the bars' edges.
            let micros = Int64(50 + (index * index * 613) % 2_500_000)
            let response = Response(
                method: .get, url: "http://127.0.0.1/", statusCode: 200, reason: "OK", headers: HTTPHeaders(),
                body: ResponseBody(data: Data()), metrics: Metrics(total: .microseconds(micros)))
            recorder.record(.success(response), due: start, ended: start)
        }
        let bars = recorder.snapshot().histogram
        #expect(bars.reduce(0) { $0 + $1.count } == 2000)
        #expect(bars.count <= 10)
    }

    @Test("the throughput line has whole seconds only: the second under way does not show as a fall")
    func throughputWholeSeconds() {
        let start = ContinuousClock.now
        let recorder = BenchRecorder(started: start)
        let response = Response(
            method: .get, url: "http://127.0.0.1/", statusCode: 200, reason: "OK", headers: HTTPHeaders(),
            body: ResponseBody(data: Data()), metrics: Metrics(total: .milliseconds(1)))
        // 100 a second for 5 s, then the 0.02 s of the sixth second a run ends in: 2 answers.
        for index in 0..<502 {
            recorder.record(.success(response), due: start, ended: start + .milliseconds(index * 10 + 5))
        }
        let done = recorder.snapshot(at: start + .milliseconds(5_020))
        #expect(done.throughput == [100, 100, 100, 100, 100])
        #expect(done.requests == 502)
        // Under way, at 2.5 s: the two whole seconds.
        #expect(recorder.snapshot(at: start + .milliseconds(2_500)).throughput == [100, 100])
        #expect(recorder.snapshot(at: start + .milliseconds(900)).throughput.isEmpty)
    }

    @Test("at a rate for a duration, no more requests start than are due in it; totals count from when each was due")
    func runnerRate() async throws {
        try await withDemoServer { server in
            let plan = try Self.plan(server)
            let settings = BenchSettings(stop: .duration(.milliseconds(500)), connections: 2, rate: 40)
            #expect(settings.plannedRequests == 20)
            let result = await BenchRunner.run(plan, settings: settings, client: BenchRunner.client(connections: 2))
            #expect(result.requests <= 20)
            #expect(result.requests >= 1)
        }
    }

    @Test("cancelling the run keeps the figures measured so far")
    func runnerCancelled() async throws {
        try await withDemoServer { server in
            let plan = try Self.plan(server)
            let settings = BenchSettings(stop: .count(1_000_000), connections: 2)
            let run = Task {
                await BenchRunner.run(plan, settings: settings, client: BenchRunner.client(connections: 2))
            }
            try await Task.sleep(for: .milliseconds(300))
            run.cancel()
            let result = await run.value
            #expect(result.requests < 1_000_000)
            #expect(result.errors["cancelled"] == nil, "a request stopped by the user is not a failure")
        }
    }

    static func plan(_ server: RunningDemoServer) throws -> ExchangePlan {
        let profile = Profile(
            id: "t", environments: [ProfileEnvironment(name: "local", baseURL: Template(server.baseURL))],
            endpoints: [Endpoint(id: "todo", path: Template("/todos/1"))])
        let builder = try RequestBuilder(profile: profile)
        return try ExchangePlan(try #require(profile.endpoint("todo")), builder: builder)
    }

    @Test("durations read as people write them; counts and sparklines as the view shows them")
    func words() {
        #expect(BenchSettings.duration("30s") == .seconds(30))
        #expect(BenchSettings.duration("500ms") == .milliseconds(500))
        #expect(BenchSettings.duration("2m") == .seconds(120))
        #expect(BenchSettings.duration("1.5") == .milliseconds(1500))
        #expect(BenchSettings.duration("-1s") == nil)
        #expect(BenchSettings.duration("soon") == nil)
        #expect(BenchSettings.duration("1e300s") == nil)  // trapped (Int64 of a Double too large): fuzzing found it
        #expect(BenchSettings.duration("0.0001s") == nil)  // was a zero duration
        #expect(BenchSettings(stop: .count(5000)).needsConfirmation(host: "localhost") == false)
        #expect(BenchSettings(stop: .count(5000)).needsConfirmation(host: "127.0.0.1") == false)
        #expect(BenchSettings(stop: .count(5000)).needsConfirmation(host: "example.com") == true)
        #expect(BenchSettings(stop: .count(1000)).needsConfirmation(host: "example.com") == false)
    }
}

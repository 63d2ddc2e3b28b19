import DemoAPI
import ExplorerBench
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// 429 and 503 with `Retry-After` (issue 30, rate limits): `apix test` waits and sends again (bounded, said on
/// stderr), `apix bench` pauses its run; against the demo API's `/retry-after/{key}`, busy for a key's first
/// `times` requests, counted rather than timed so that a slow machine gets the same answers.
@Suite("429/503 with Retry-After: apix test retries, apix bench pauses")
struct RetryAfterCommandTests {
    static func profile(port: Int) -> String {
        """
        name: Busy
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - id: busy
            path: /retry-after/{key}
            params: { key: k }
            query: { times: 2, seconds: 1 }
            expect: { status: 200 }
          - id: unavailable
            path: /retry-after/{key}
            params: { key: u }
            query: { times: 1, seconds: 0, status: 503 }
            expect: { status: 200 }
        """
    }

    func withProfiles(_ body: (String) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.profile(port: server.port).write(
                toFile: directory.path + "/busy.yaml", atomically: true, encoding: .utf8)
            try await body(directory.path)
        }
    }

    @Test("apix test waits as each 429 or 503 asks, says so on stderr, and passes on the answer that follows")
    func testRetries() async throws {
        try await withProfiles { profiles in
            let out = try await ApixProcess.run(["test", "busy", "--json", "--profiles", profiles])
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stderr.contains("busy answered 429; waiting 1 s as its Retry-After asks (retry 1 of 3)"))
            #expect(out.stderr.contains("(retry 2 of 3)"))
            #expect(!out.stderr.contains("(retry 3 of 3)"))
            #expect(out.stderr.contains("unavailable answered 503; waiting 0 s"), "\(out.stderr)")
            let report = try JSONValue.parse(out.stdout)
            #expect(report["failed"]?.intValue == 0, "\(out.text)")
        }
    }

    @Test("--rate-limit-retries 0 keeps the 429; a Retry-After past --rate-limit-wait is not waited for, and said")
    func bounds() async throws {
        try await withProfiles { profiles in
            let never = try await ApixProcess.run(
                ["test", "busy", "busy", "--rate-limit-retries", "0", "--profiles", profiles])
            #expect(never.status == 1)
            #expect(!never.stderr.contains("waiting"))
            #expect(never.stderr.contains("429"), "\(never.stderr)")
            // The server counted that send: one more 429 is due, and 1 s is more than the 0.5 s allowed.
            let short = try await ApixProcess.run(
                ["test", "busy", "busy", "--rate-limit-wait", "0.5", "--profiles", profiles])
            #expect(short.status == 1)
            #expect(short.stderr.contains("busy answered 429 with Retry-After 1 s, longer than the 0.5 s apix waits"))
            let usage = try await ApixProcess.run(
                ["test", "busy", "--rate-limit-retries", "-1", "--profiles", profiles])
            #expect(usage.status == 2)
            // A wait too long to count was a trap converting to Int64; it is a usage error in both commands.
            for command in [["test", "busy"], ["bench", "busy", "busy", "-n", "1"]] {
                let huge = try await ApixProcess.run(command + ["--rate-limit-wait", "1e300", "--profiles", profiles])
                #expect(huge.status == 2, "\(command): \(huge.stderr)")
                #expect(huge.stderr.contains("--rate-limit-wait must be"), "\(huge.stderr)")
            }
        }
    }

    @Test("apix bench pauses every worker for a Retry-After, counts the 429, and reports the pause")
    func benchPauses() async throws {
        // The demo API in a process of its own: the test measures that a request's total leaves the pause out, and
        // an in-process server shares the test runner's pool, which CPU-heavy suites can starve for seconds.
        let serving = try DemoServeProcess()
        defer { serving.stop() }
        let port = try #require(
            serving.line.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }, "\(serving.line)")
        let directory = try TemporaryDirectory()
        try Self.profile(port: port).write(toFile: directory.path + "/busy.yaml", atomically: true, encoding: .utf8)
        let profiles = directory.path
        let out = try await ApixProcess.run(
            [
                "bench", "busy", "unavailable", "-n", "4", "--json", "-q", "times=1", "-q", "seconds=3",
                "--profiles",
                profiles,
            ])
        #expect(out.status == 0, "\(out.stderr)")
        let object = try JSONValue.parse(out.stdout)
        #expect(object["status"]?["503"]?.intValue == 1, "\(out.text)")
        #expect(object["status"]?["200"]?.intValue == 3)
        #expect(object["retry_after"]?["pauses"]?.intValue == 1)
        #expect((object["retry_after"]?["waited_s"]?.doubleValue ?? 0) >= 3)
        #expect((object["duration_s"]?.doubleValue ?? 0) >= 3, "the three requests after the 503 waited")
        // Without a rate the pause is not a request's latency: the one numbered before the pause ended counted
        // it (3,001 ms, the slowest) until the pause was waited out before numbering.
        let slowest = try #require(object["latency_ms"]?["total"]?["max"]?.doubleValue)
        #expect(slowest < 2900, "\(out.text)")
        #expect(out.stderr.contains("unavailable answered 503 with Retry-After: pausing the run"), "\(out.stderr)")
        let summary = try await ApixProcess.run(
            [
                "bench", "busy", "unavailable", "-n", "2", "-q", "times=3", "-q", "seconds=0", "--rate-limit-wait",
                "0", "--profiles", profiles,
            ])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(!summary.text.contains("paused"), "0: never pause")
    }

    @Test("the policy: only 429/503 with Retry-After, within the count and the longest wait")
    func policy() async throws {
        try await withDemoServer { server in
            let client = Client()
            func get(_ path: String) async throws -> Response {
                try await client.send(PreparedRequest(url: server.url(path))).get()
            }
            let policy = RetryAfterPolicy(retries: 3, longestWait: .seconds(2))
            let busy = try await get("/retry-after/p?times=9&seconds=1")
            #expect(policy.decision(after: busy, retry: 0) == .retry(after: .seconds(1)))
            #expect(policy.decision(after: busy, retry: 3) == .keep)
            let long = try await get("/retry-after/q?seconds=5&status=503")
            #expect(policy.decision(after: long, retry: 0) == .tooLong(.seconds(5)))
            let bare = try await get("/status/429")  // no Retry-After: nothing says when
            #expect(policy.decision(after: bare, retry: 0) == .keep)
            let fine = try await get("/retry-after/p?times=0")
            #expect(policy.decision(after: fine, retry: 0) == .keep)

            // Four sends at most (the first and three retries) to a key busy five times, each wait said.
            var said: [String] = []
            let result = await policy.send("r", said: { said.append($0) }) {
                await client.send(PreparedRequest(url: server.url("/retry-after/r?times=5&seconds=0")))
            }
            #expect(try result.get().statusCode == 429)
            #expect(said.count == 3, "\(said)")
            let last = try await get("/retry-after/r?times=5&seconds=0")
            #expect(last.text()?.contains(#""attempt":5"#) == true, "the policy sent 4 times")
        }
    }
}

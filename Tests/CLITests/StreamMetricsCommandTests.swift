import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// A stream's timing in the CLI (issue 30): `apix run`'s counts line and `--json`'s stream object on stderr (stdout
/// stays one event a line), and `expect: { stream: … }` checked by `apix run` and `apix test` (`--max-events`
/// for a stream that does not end).
@Suite("apix run and test: stream metrics")
struct StreamMetricsCommandTests {
    static func withProfiles(_ body: (String) async throws -> Void) async throws {
        let folder = try TemporaryDirectory()
        try await withDemoServer { server in
            let text = """
                environments:
                  local: { base_url: "http://127.0.0.1:\(server.port)" }
                endpoints:
                  - id: events
                    path: /events
                    query: { count: 3, interval_ms: 200 }
                    expect: { stream: { first_event: ">= 200ms", events: ">= 3" } }
                  - id: strict
                    path: /events
                    query: { count: 3, interval_ms: 200 }
                    expect: { stream: { max_gap: "< 50ms" } }
                  - id: endless
                    path: /events
                    query: { count: 0, interval_ms: 50 }
                    expect: { stream: { events: ">= 4", max_gap: "< 30s" } }
                  - id: plain
                    path: /todos
                    expect: { stream: { first_event: "< 5s" } }
                """
            try text.write(toFile: folder.path + "/sse.yaml", atomically: true, encoding: .utf8)
            try await body(folder.path)
        }
    }

    @Test("apix run: the counts line gains the first event and the longest gap; the checks pass")
    func counts() async throws {
        try await Self.withProfiles { profiles in
            let out = try await ApixProcess.run(["run", "sse", "events", "--no-history", "--profiles", profiles])
            #expect(out.status == 0, "\(out.stderr)")
            let line = try #require(out.stderr.split(separator: "\n").first { $0.hasPrefix("apix: 3 events · ") })
            #expect(line.contains(" · first ") && line.contains(" · max gap ") && line.hasSuffix(" · ended"), "\(line)")
        }
    }

    @Test("apix run --json: stdout is the events alone; stderr has the stream object and its checks")
    func json() async throws {
        try await Self.withProfiles { profiles in
            let out = try await ApixProcess.run([
                "run", "sse", "strict", "--json", "--no-history", "--profiles", profiles,
            ])
            #expect(out.status == 1, "\(out.stderr)")
            let events = try out.text.split(separator: "\n").map { try JSONValue.parse(String($0)) }
            #expect(events.map { $0["number"]?.intValue } == [1, 2, 3])
            let line = try #require(out.stderr.split(separator: "\n").first { $0.hasPrefix("{\"stream\":") })
            let object = try JSONValue.parse(String(line))
            #expect(object["stream"]?["events"]?.intValue == 3)
            #expect((object["stream"]?["first_event_ms"]?.doubleValue ?? 0) >= 200)
            #expect((object["stream"]?["max_gap_ms"]?.doubleValue ?? 0) >= 150)
            #expect(object["stream"]?["events_per_s"]?.doubleValue != nil)
            #expect(object["checks"]?[0]?["passed"] == .bool(false))
        }
    }

    @Test("apix test: a stream's checks pass and fail, a plain answer is not a stream, --max-events bounds one")
    func test() async throws {
        try await Self.withProfiles { profiles in
            let out = try await ApixProcess.run([
                "test", "sse", "events", "strict", "plain", "--no-history", "--profiles", profiles,
            ])
            #expect(out.status == 1, "\(out.stderr)")
            #expect(out.stderr.contains("✓ events"), "\(out.stderr)")
            #expect(out.stderr.contains("✗ stream max_gap < 50ms (got "), "\(out.stderr)")
            #expect(out.stderr.contains("✗ stream first_event < 5s (got not a stream)"), "\(out.stderr)")
            #expect(out.stderr.contains("1 passed, 2 failed"), "\(out.stderr)")

            let bounded = try await ApixProcess.run([
                "test", "sse", "endless", "--max-events", "4", "--json", "--no-history", "--profiles", profiles,
            ])
            #expect(bounded.status == 0, "\(bounded.stderr)")
            let report = try JSONValue.parse(bounded.text)
            #expect(report["results"]?[0]?["stream"]?["events"]?.intValue == 4, "\(bounded.text)")
        }
    }
}

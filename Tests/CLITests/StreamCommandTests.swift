import Foundation
import TestSupport
import Testing

@testable import CLI
@testable import ExplorerCore
@testable import TUI

/// `apix run` on streamed responses: events printed as they arrive, `--json` as one object a line, `--max-events`,
/// `--events-file`, and flat memory on an endless stream.
@Suite("apix run: server-sent events")
struct StreamCommandTests {
    /// Runs `body` with a profile folder whose `sse` profile points at a fresh demo API.
    static func withProfiles(_ body: (String) async throws -> Void) async throws {
        let folder = try TemporaryDirectory()
        try await withDemoServer { server in
            let text = """
                environments:
                  local: { base_url: "http://127.0.0.1:\(server.port)" }
                endpoints:
                  - { id: events, path: /events, query: { count: 3, interval_ms: 100 } }
                  - { id: endless, path: /events, query: { count: 0, interval_ms: 0, pad: 8000 }, max_body: 1MiB }
                  - { id: lines, path: /text, stream: true }
                """
            try text.write(toFile: folder.path + "/sse.yaml", atomically: true, encoding: .utf8)
            try await body(folder.path)
        }
    }

    @Test("--json prints one JSON object per event, one a line, and exit 0 when the server ends the stream")
    func ndjson() async throws {
        try await Self.withProfiles { profiles in
            let out = try await ApixProcess.run([
                "run", "sse", "events", "--json", "--no-history", "--profiles", profiles,
            ])
            #expect(out.status == 0, "\(out.stderr)")
            let lines = out.text.split(separator: "\n")
            #expect(lines.count == 3)
            let events = try lines.map { try JSONValue.parse(String($0)) }
            #expect(events.map { $0["number"]?.intValue } == [1, 2, 3])
            #expect(events.map { $0["event"]?.stringValue } == ["tick", "tick", "note"])
            #expect(events.map { $0["id"]?.stringValue } == ["1", "2", "3"])
            #expect(events[0]["json"]?["n"]?.intValue == 1)
            #expect(events[2]["data"]?.stringValue == "note 3, line one\nline two")
            #expect(events[2]["json"] == nil)
            #expect(events.allSatisfy { $0["time"]?.stringValue?.hasSuffix("Z") == true })
        }
    }

    @Test("--max-events stops an endless stream after N events with exit 0; --events-file gets them all")
    func maxEvents() async throws {
        try await Self.withProfiles { profiles in
            let folder = try TemporaryDirectory()
            let file = folder.path + "/events.ndjson"
            let out = try await ApixProcess.run([
                "run", "sse", "endless", "--max-events", "5", "--events-file", file, "--no-history", "--profiles",
                profiles,
            ])
            #expect(out.status == 0, "\(out.stderr)")
            let blocks = out.text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
            #expect(blocks.count == 5)
            #expect(blocks.first?.hasPrefix("#1  ") == true)
            #expect(out.stderr.contains("HTTP/1.1 200 OK"))
            #expect(out.stderr.contains("5 events"))
            #expect(out.stderr.contains("stopped"))
            // The size is said once, on the status line (it was repeated in the stream's summary).
            let lines = out.stderr.split(separator: "\n")
            let status = try #require(lines.first { $0.hasPrefix("HTTP/1.1 200 OK") })
            let size = try #require(status.split(separator: " · ").last)
            #expect(out.stderr.components(separatedBy: String(size)).count == 2, "\(out.stderr)")
            let saved = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
            #expect(saved.count == 5)
            #expect(try JSONValue.parse(String(saved[4]))["number"]?.intValue == 5)
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)

            let wrong = try await ApixProcess.run([
                "run", "sse", "endless", "--max-events", "0", "--profiles", profiles,
            ])
            #expect(wrong.status == 2)
        }
    }

    @Test("the readable blocks are the TUI's Events view lines: the core's headline, then the data")
    func readableBlocks() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let event = StreamEvent(
            number: 2, time: Date(timeIntervalSince1970: 0.5), type: "tick", id: "2", data: "{\"n\":2}")
        let block = StreamEventPrinter.block(event, timeZone: utc)
        #expect(block == "#2  00:00:00.500  tick  id 2\n{\n  \"n\": 2\n}\n\n")
        let snapshot = EventStream.Snapshot(
            mode: .serverSentEvents, events: [event], count: 1, bytes: 10, startedAt: event.time, endedAt: nil,
            stopped: false, version: 1, rate: 0)
        let rows = EventRows().updated(with: snapshot, timeZone: utc)
        #expect(rows.lines.map(\.text).joined(separator: "\n") + "\n\n" == block)
    }

    @Test("an endless fast stream read for a while keeps apix's memory flat (the ring, max_body)")
    func flatMemory() async throws {
        try await Self.withProfiles { profiles in
            // About 32 MiB of events through a 1,000-event ring (8 MiB) and a 1 MiB body: kept whole, they alone
            // would pass the bound.
            let run = try MeasuredProcess(
                ["run", "sse", "endless", "--json", "--max-events", "4000", "--no-history", "--profiles", profiles],
                discardStdout: true)
            let out = await run.finish()
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.peakResident > 0 && out.peakResident < 64 << 20, "peak RSS \(out.peakResident >> 20) MiB")
            print("endless events, 4,000 of 8 KiB: peak RSS \(out.peakResident >> 20) MiB")
        }
    }

    @Test("Ctrl-C ends a stream cleanly with exit 130, after the events that arrived")
    func interrupt() async throws {
        try await Self.withProfiles { profiles in
            let folder = try TemporaryDirectory()
            let file = folder.path + "/events.ndjson"
            let run = try MeasuredProcess([
                "run", "sse", "events", "-q", "count=0", "-q", "interval_ms=50", "--json", "--no-history",
                "--events-file", file, "--profiles", profiles,
            ])
            // Interrupted once events flow (the events file has some).
            let deadline = Date().addingTimeInterval(120)
            while ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").count < 2, Date() < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            kill(run.pid, SIGINT)
            let out = await run.finish()
            #expect(out.status == 130, "\(out.stderr)")
            let lines = String(decoding: out.stdout, as: UTF8.self).split(separator: "\n")
            #expect(lines.count >= 1)
            #expect(try JSONValue.parse(String(lines[0]))["number"]?.intValue == 1)
        }
    }

    @Test("stream: true prints each line of a text body as a chunk event")
    func forcedLines() async throws {
        try await Self.withProfiles { profiles in
            let out = try await ApixProcess.run([
                "run", "sse", "lines", "--json", "--no-history", "--profiles", profiles,
            ])
            #expect(out.status == 0, "\(out.stderr)")
            let events = try out.text.split(separator: "\n").map { try JSONValue.parse(String($0)) }
            #expect(!events.isEmpty)
            #expect(events.allSatisfy { $0["event"]?.stringValue == "chunk" })
        }
    }
}

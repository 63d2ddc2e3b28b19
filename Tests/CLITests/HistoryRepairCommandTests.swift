import DemoAPI
import ExplorerCore
import Foundation
import TestSupport
import Testing

@testable import ExplorerHistory

/// A history whose database never opens: `apix run` stops adding to `history-pending/` at its cap and says why
/// once, and `apix history repair` moves the broken database aside and records what waited.
@Suite("apix history repair and the pending cap")
struct HistoryRepairCommandTests {
    static func entry(at date: Date) -> HistoryEntry {
        HistoryEntry(
            recordedAt: date, origin: .run, profile: "demo", environment: "local", endpoint: "todos",
            request: PreparedRequest(url: "http://127.0.0.1:1/todos", headers: ["Accept": "*/*"]), status: 200,
            reason: "OK", httpVersion: "HTTP/1.1", responseHeaders: ["Content-Type": "application/json"],
            metrics: Metrics(total: .milliseconds(12)), bodyBytes: 8, bodyState: .inline, body: Data(#"{"id":1}"#.utf8))
    }

    @Test("a corrupt database: runs stop at the pending cap with one warning; repair moves it aside and records them")
    func corruptDatabase() async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        let directory = state.path + "/apix"
        StateDirectory.prepare(directory)
        let database = HistoryStore.databasePath(in: directory)
        let garbage = Data(String(repeating: "not a database, whatever it was once. ", count: 200).utf8)
        try garbage.write(to: URL(fileURLWithPath: database))
        // The queue full already (as a thousand runs against this history would leave it).
        for index in 0..<HistoryPending.maxEntries {
            var entry = Self.entry(at: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)))
            entry.id = String(format: "p%07d", index).replacingOccurrences(of: "i", with: "j")
            try HistoryPending.write(entry, in: directory)
        }
        #expect(HistoryPending.usage(in: directory).entries == HistoryPending.maxEntries)
        try await withDemoServer { server in
            try """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            endpoints: [{ id: todo, path: /todos/1 }]
            """.write(toFile: profiles.path + "/demo.yaml", atomically: true, encoding: .utf8)
            let environment = ["XDG_STATE_HOME": state.path]
            // Two exchanges in one run (a chain would do the same): one warning.
            for _ in 0..<2 {
                let out = try await ApixProcess.run(
                    ["run", "demo", "todo", "--profiles", profiles.path], environment: environment)
                #expect(out.status == 0)
                #expect(out.text.contains("Buy milk"))
                let warnings = out.stderr.split(separator: "\n").filter { $0.contains("warning") }
                #expect(warnings.count == 1, "\(out.stderr)")
                #expect(out.stderr.contains("this exchange is not recorded: 1000 exchanges"), "\(out.stderr)")
                #expect(out.stderr.contains("apix history repair"), "\(out.stderr)")
            }
            #expect(HistoryPending.usage(in: directory).entries == HistoryPending.maxEntries)

            let failed = try await ApixProcess.run(["history"], environment: environment)
            #expect(failed.status == 5, "\(failed.stderr)")
            let repaired = try await ApixProcess.run(["history", "repair"], environment: environment)
            #expect(repaired.status == 0, "\(repaired.stderr)")
            #expect(repaired.stderr.contains("moved the broken history aside to " + database + ".broken-"))
            #expect(repaired.stderr.contains("recorded 1000 exchanges that waited"), "\(repaired.stderr)")
            #expect(!HistoryPending.hasEntries(in: directory))
            let aside = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasPrefix("history.sqlite.broken-") }
            #expect(aside.count == 1)
            #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + aside[0])) == garbage)
            let store = try HistoryStore(directory: directory)
            #expect(try store.count() == HistoryPending.maxEntries)
            // Whole now: a second repair moves nothing.
            let again = try await ApixProcess.run(["history", "repair"], environment: environment)
            #expect(again.status == 0)
            #expect(again.stderr.contains("nothing to repair"), "\(again.stderr)")
        }
    }

    @Test("the cap counts entries and bytes; repair leaves a whole history in place and records what waits")
    func capAndWholeHistory() throws {
        let state = try TemporaryDirectory()
        for index in 0..<3 {
            var entry = Self.entry(at: Date())
            entry.id = "q000000\(index)"
            try HistoryPending.write(entry, in: state.path)
        }
        #expect(HistoryPending.isFull(in: state.path, maxEntries: 3))
        #expect(!HistoryPending.isFull(in: state.path, maxEntries: 4))
        #expect(HistoryPending.isFull(in: state.path, maxEntries: 4, maxBytes: 100))
        let report = try HistoryRepair.run(directory: state.path)
        #expect(report == HistoryRepair.Report(movedAside: nil, recovered: 0, unreadable: nil, imported: 3))
    }
}

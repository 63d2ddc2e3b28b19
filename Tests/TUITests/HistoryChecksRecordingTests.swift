import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import ExplorerHistory
@testable import TUI

/// The explorer records an exchange with its `expect:` checks, as `apix test` does: the real runtime on a headless
/// terminal, the demo API on 127.0.0.1, a history of its own.
@Suite("The explorer records check results")
@MainActor
struct HistoryChecksRecordingTests {
    static let secret = "tok-7Hq2-secret-value"

    /// `checked`: a check that passes and one that fails with the echoed secret as its actual value; `plain`: none;
    /// `saved`: its body goes to the user's file in `directory`.
    static func profile(port: Int, directory: String) -> String {
        """
        name: Checked
        default_environment: local
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - id: checked
            path: /echo
            query: { t: "{{token}}" }
            expect: { status: 200, json: { "$.raw_query": { "==": "nothing" } } }
          - id: plain
            path: /todos/1
          - id: saved
            path: /todos/2
            download: { to: "\(directory)/saved.json" }

        """
    }

    @Test("recorded: expect: checks (echoed secret masked), none without, no copy of a body downloaded to a file")
    func recordsChecks() async throws {
        try await withDemoServer { server in
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("apix-history-checks-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try Self.profile(port: server.port, directory: directory)
                .write(toFile: directory + "/checked.yaml", atomically: true, encoding: .utf8)
            try "variables: { token: \(Self.secret) }\n"
                .write(toFile: directory + "/checked.secrets.yaml", atomically: true, encoding: .utf8)
            let catalog = ProfileLoader.load(directory: directory)
            try #require(catalog.problems.isEmpty, "\(catalog.problems)")
            let state = directory + "/state"
            let backend = HeadlessBackend(width: 100, height: 30)
            let runtime = Runtime(
                state: AppState(catalog: catalog, profileDirectory: directory, processEnvironment: [:], now: .now),
                client: Client(), auth: nil, saver: nil, log: LogFile(directory: directory), backend: backend,
                history: HistoryRecorder(directory: state, environment: [:]))
            let loop = Task { try await runtime.run() }
            defer {
                backend.requestTermination()
                loop.cancel()
            }
            try #require(
                await backend.waitForScreen(containing: "env: local", timeout: .seconds(60)) != nil, "the first frame")
            backend.press(.enter)
            // Generous bounds: the machine running the suite may be loaded.
            let concluded = await backend.waitForScreen(containing: "checks: 1 of 2 failed", timeout: .seconds(60))
            #expect(concluded != nil, "the checks on the status bar")
            backend.press(.down, .enter)
            _ = await backend.waitForScreen(containing: "200 OK", timeout: .seconds(60))
            backend.press(.down, .enter)
            let entries = await Self.entries(in: state, count: 3)
            try #require(entries.count == 3, "\(entries.map(\.endpoint))")
            let store = try HistoryStore(directory: state)
            let listed = try #require(entries.first { $0.endpoint == "checked" })
            let checked = try #require(try store.entry(id: listed.id))
            #expect(checked.checks.map(\.passed) == [true, false], "\(checked.checks)")
            #expect(checked.checks.map(\.subject) == ["status", "$.raw_query"], "\(checked.checks)")
            // The failed check's actual value is the server's echo of the secret: kept masked.
            #expect(checked.checks.last?.actual.contains("••••") == true, "\(checked.checks)")
            #expect(!checked.checks.contains { "\($0.expected) \($0.actual)".contains(Self.secret) })
            let plain = try #require(entries.first { $0.endpoint == "plain" })
            #expect(plain.checks.isEmpty)
            #expect(plain.status == 200)
            let saved = try #require(entries.first { $0.endpoint == "saved" })
            #expect(saved.bodyState == .notKept)
            #expect(FileManager.default.fileExists(atPath: directory + "/saved.json"))
            backend.press(.character("q"))
            _ = try? await loop.value
        }
    }

    /// The history's entries once it holds `count` (waits at most 60 s).
    static func entries(in directory: String, count: Int) async -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        for _ in 0..<6000 {
            entries = (try? HistoryStore(directory: directory).entries()) ?? []
            if entries.count >= count { break }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return entries
    }
}

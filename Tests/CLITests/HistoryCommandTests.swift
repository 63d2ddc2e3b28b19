import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore
@testable import ExplorerHistory

/// `apix history`, `history show`, `replay`, `diff` and recording by `run` and `test`, end to end: the real binary,
/// a real demo server, a state directory (and config directory) of its own per test.
@Suite("apix history as a subprocess")
struct HistoryCommandTests {
    static func profile(port: Int, history: Bool = true) -> String {
        """
        history: \(history)
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - { id: todo, path: /todos/1 }
          - { id: echo, path: /echo, headers: { X-Note: "{{note}}" } }
          - id: checked
            path: /todos/1
            expect: { status: 200 }
        variables: { note: first }
        """
    }

    struct Setup {
        let profiles: String
        let state: String
        let config: String

        func apix(_ arguments: [String], profiles explicit: Bool = true) async throws -> ApixProcess.Output {
            try await ApixProcess.run(
                arguments + (explicit ? ["--profiles", profiles] : []),
                environment: ["XDG_STATE_HOME": state, "XDG_CONFIG_HOME": config])
        }

        func json(_ arguments: [String], profiles explicit: Bool = false) async throws -> JSONValue {
            let out = try await apix(arguments + ["--json"], profiles: explicit)
            return try JSONValue.parse(out.stdout)
        }

        func entries(_ arguments: [String] = []) async throws -> [JSONValue] {
            guard case .array(let entries)? = try await json(["history"] + arguments)["entries"] else { return [] }
            return entries
        }
    }

    func withSetup(history: Bool = true, _ body: (Setup, RunningDemoServer) async throws -> Void) async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        let config = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.profile(port: server.port, history: history).write(
                toFile: profiles.path + "/demo.yaml", atomically: true, encoding: .utf8)
            try await body(Setup(profiles: profiles.path, state: state.path, config: config.path), server)
        }
    }

    @Test("apix run records each exchange; history lists them newest first and show gives one with its body")
    func runThenList() async throws {
        try await withSetup { setup, _ in
            #expect(try await setup.apix(["run", "demo", "todo"]).status == 0)
            #expect(try await setup.apix(["run", "demo", "echo", "--var", "note=second"]).status == 0)
            let entries = try await setup.entries()
            #expect(entries.map { $0["endpoint"]?.stringValue } == ["echo", "todo"])
            #expect(entries.allSatisfy { $0["status"]?.intValue == 200 && $0["origin"]?.stringValue == "run" })
            #expect(try await setup.entries(["demo", "todo"]).count == 1)
            let id = try #require(entries[1]["id"]?.stringValue)
            #expect(id.count == 8)
            let shown = try await setup.json(["history", "show", String(id.prefix(5))])
            #expect(shown["id"]?.stringValue == id)
            let body = try JSONValue.parse(Data(#require(shown["body"]?.stringValue).utf8))
            #expect(body["id"]?.intValue == 1)
            #expect(shown["request"]?["method"]?.stringValue == "GET")
            let text = try await setup.apix(["history"], profiles: false)
            #expect(text.status == 0)
            #expect(text.text.contains(id) && text.text.contains("demo/todo"))
        }
    }

    @Test("replay sends the recorded request again and records it; diff shows what changed between two")
    func replayAndDiff() async throws {
        try await withSetup { setup, _ in
            _ = try await setup.apix(["run", "demo", "echo"])
            _ = try await setup.apix(["run", "demo", "echo", "--var", "note=second"])
            let entries = try await setup.entries()
            let newer = try #require(entries[0]["id"]?.stringValue)
            let older = try #require(entries[1]["id"]?.stringValue)
            let replay = try await setup.apix(["replay", older, "--json"])
            #expect(replay.status == 0, "\(replay.stderr)")
            let replayed = try JSONValue.parse(replay.stdout)
            #expect(replayed["replay_of"]?.stringValue == older)
            let sent = try JSONValue.parse(Data(#require(replayed["body"]?.stringValue).utf8))
            #expect(sent["headers"].map { "\($0)".contains("first") } == true)
            let after = try await setup.entries()
            #expect(after.count == 3)
            #expect(after[0]["origin"]?.stringValue == "replay")
            #expect(after[0]["replay_of"]?.stringValue == older)

            let diff = try await setup.apix(["diff", older, newer, "--json"], profiles: false)
            #expect(diff.status == 1)
            let document = try JSONValue.parse(diff.stdout)
            #expect(document["same"] == .bool(false))
            #expect(document["body"]?["kind"]?.stringValue == "json")
            let text = try await setup.apix(["diff", older, newer], profiles: false)
            #expect(text.text.contains("\"first\" → \"second\""), "\(text.text)")
            let same = try await setup.apix(["diff", older, older], profiles: false)
            #expect(same.status == 0)
            #expect(same.text.contains("no differences"))
        }
    }

    @Test("replay sends with the profile's transfer settings, as the first send: its cookie jar (it sent none)")
    func replayKeepsTheJar() async throws {
        try await withSetup { setup, server in
            try """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            endpoints:
              - { id: login, path: /cookies/set, query: { session: jar-cookie-1, max_age: "3600" } }
              - { id: show, path: /cookies }
            """.write(toFile: setup.profiles + "/jar.yaml", atomically: true, encoding: .utf8)
            #expect(try await setup.apix(["run", "jar", "login"]).status == 0)
            let first = try await setup.apix(["run", "jar", "show"])
            #expect(first.text.contains("jar-cookie-1"), "\(first.text)")
            let id = try #require(try await setup.entries()[0]["id"]?.stringValue)
            let replay = try await setup.apix(["replay", id])
            #expect(replay.status == 0, "\(replay.stderr)")
            #expect(replay.text.contains("jar-cookie-1"), "\(replay.text)")
        }
    }

    @Test("replay of a multipart upload is refused (exit 2): its parts were not kept; it sent the type with no body")
    func replayMultipart() async throws {
        try await withSetup { setup, server in
            try "a file part\n".write(toFile: setup.profiles + "/part.txt", atomically: true, encoding: .utf8)
            try """
            environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
            endpoints:
              - { id: up, method: POST, path: /echo, body: { multipart: { note: hello, file: "@part.txt" } } }
            """.write(toFile: setup.profiles + "/up.yaml", atomically: true, encoding: .utf8)
            #expect(try await setup.apix(["run", "up", "up"]).status == 0)
            let entry = try #require(try await setup.entries().first)
            let id = try #require(entry["id"]?.stringValue)
            let replay = try await setup.apix(["replay", id])
            #expect(replay.status == 2, "\(replay.stderr)")
            #expect(
                replay.stderr.contains(
                    "cannot replay \(id): its multipart body was not kept in the history (its parts may be files); "
                        + "send the endpoint again instead"), "\(replay.stderr)")
            #expect(try await setup.entries().count == 1, "nothing was sent")
            let shown = try await setup.json(["history", "show", id])
            #expect(shown["request"]?.serialized().contains("multipart/form-data; boundary=apix-boundary-") == true)
        }
    }

    @Test("apix test records its exchanges with their checks; an unknown id is a usage error")
    func testRecordsChecks() async throws {
        try await withSetup { setup, _ in
            #expect(try await setup.apix(["test", "demo"]).status == 0)
            let entries = try await setup.entries()
            #expect(entries.count == 1)
            #expect(entries[0]["origin"]?.stringValue == "test")
            let id = try #require(entries[0]["id"]?.stringValue)
            let shown = try await setup.json(["history", "show", id])
            #expect(shown["checks"]?[0]?["passed"] == .bool(true))
            #expect(try await setup.apix(["history", "show", "zzzzzzzz"], profiles: false).status == 2)
        }
    }

    @Test("--no-history, the profile's history: false and the config file's enabled: false record nothing")
    func optingOut() async throws {
        try await withSetup { setup, _ in
            _ = try await setup.apix(["run", "demo", "todo", "--no-history"])
            #expect(try await setup.entries().isEmpty)
            try FileManager.default.createDirectory(
                atPath: setup.config + "/apix", withIntermediateDirectories: true)
            try "history:\n  enabled: false\n".write(
                toFile: setup.config + "/apix/config.yaml", atomically: true, encoding: .utf8)
            _ = try await setup.apix(["run", "demo", "todo"])
            #expect(try await setup.entries().isEmpty)
        }
        try await withSetup(history: false) { setup, _ in
            _ = try await setup.apix(["run", "demo", "todo"])
            #expect(try await setup.entries().isEmpty)
        }
    }
}

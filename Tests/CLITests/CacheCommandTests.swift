import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix run --cached / --no-cache / --priority` end to end: the real binary, a real demo server, and a state
/// directory of its own per test (`XDG_STATE_HOME`).
@Suite("apix run with the response cache")
struct CacheCommandTests {
    static func profile(port: Int) -> String {
        """
        name: Cache test
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - id: report
            path: /cache/etag/cli
            cache: 60
            priority: low
          - id: short
            path: /cache/max-age/60
          - id: plain
            path: /todos/1
        """
    }

    struct Setup {
        let profiles: String
        let environment: [String: String]
        let state: TemporaryDirectory

        func run(_ arguments: [String]) async throws -> ApixProcess.Output {
            try await ApixProcess.run(
                ["run", "test"] + arguments + ["--profiles", profiles], environment: environment)
        }

        func json(_ arguments: [String]) async throws -> JSONValue {
            let out = try await run(arguments + ["--json"])
            #expect(out.status == 0, "\(arguments): \(out.stderr)")
            return try JSONValue.parse(out.stdout)
        }
    }

    func withSetup(_ body: (Setup) async throws -> Void) async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.profile(port: server.port).write(
                toFile: profiles.path + "/test.yaml", atomically: true, encoding: .utf8)
            try await body(Setup(profiles: profiles.path, environment: ["XDG_STATE_HOME": state.path], state: state))
        }
    }

    static func served(_ document: JSONValue) throws -> Int? {
        try JSONValue.parse(Data(#require(document["body"]?.stringValue).utf8))["served"]?.intValue
    }

    @Test("a second process answers from the persisted cache; --no-cache asks again; no flag never uses it")
    func acrossProcesses() async throws {
        try await withSetup { setup in
            let first = try await setup.json(["report", "--cached"])
            #expect(first["source"]?.stringValue == "network")
            #expect(first["age_s"]?.doubleValue == 0)
            #expect(try Self.served(first) == 1)

            let second = try await setup.json(["report", "--cached"])
            #expect(
                second["source"]?.stringValue == "cache",
                "\(second["headers"] ?? .null) age \(second["age_s"] ?? .null)")
            #expect(try Self.served(second) == 1)
            #expect((second["age_s"]?.doubleValue ?? -1) >= 0)

            let reload = try await setup.json(["report", "--no-cache"])
            #expect(reload["source"]?.stringValue == "network")
            #expect(try Self.served(reload) == 2)
            #expect(try Self.served(try await setup.json(["report", "--cached"])) == 2, "the reload was stored")

            let plain = try await setup.json(["report"])
            #expect(plain["source"]?.stringValue == "network", "without --cached the CLI always asks the server")
            #expect(try Self.served(plain) == 3)
            let files = try FileManager.default.contentsOfDirectory(atPath: setup.state.path + "/apix/cache")
            #expect(files == ["test.cache"])
        }
    }

    @Test("--cached without a profile TTL follows the server's max-age; the status line says where it came from")
    func serverLifetime() async throws {
        try await withSetup { setup in
            #expect(try await setup.run(["short", "--cached"]).status == 0)
            let hit = try await setup.run(["short", "--cached"])
            #expect(hit.status == 0)
            #expect(hit.stderr.contains("from the cache"), "\(hit.stderr)")
            #expect(try JSONValue.parse(hit.stdout)["served"]?.intValue == 1)
            _ = try await setup.json(["plain", "--cached"])
            let plain = try await setup.json(["plain", "--cached"])
            #expect(plain["source"]?.stringValue == "network", "no TTL and no caching headers: never fresh")
        }
    }

    /// How the flags become send options is checked in `RunSendOptionsTests`; a single request cannot show it.
    @Test("--priority is accepted; bad values and conflicting flags are usage errors")
    func flags() async throws {
        try await withSetup { setup in
            let high = try await setup.json(["plain", "--priority", "high"])
            #expect(high["status"]?.intValue == 200)
            #expect(try await setup.run(["plain", "--priority", "urgent"]).status == 2)
            #expect(try await setup.run(["plain", "--cached", "--no-cache"]).status == 2)
        }
    }

    @Test("a damaged cache file is reported on stderr and replaced; the run still succeeds")
    func damagedFile() async throws {
        try await withSetup { setup in
            let directory = setup.state.path + "/apix/cache"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try "not a cache".write(toFile: directory + "/test.cache", atomically: true, encoding: .utf8)
            let out = try await setup.run(["report", "--cached"])
            #expect(out.status == 0)
            #expect(out.stderr.contains("warning: ignoring the damaged cache file"))
            let again = try await setup.json(["report", "--cached"])
            #expect(
                again["source"]?.stringValue == "cache", "\(again["headers"] ?? .null) age \(again["age_s"] ?? .null)")
        }
    }
}

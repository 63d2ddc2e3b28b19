import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix bench`'s bursts (`Client.burst`): the answers only the whole pipeline can finish — a token the server
/// expired mid-run, a 401 no refresh cures, redirects — are sent again through it, and every request of the count
/// is recorded once with its final status. The real binary against the demo API on loopback.
@Suite("apix bench: bursts hand back what the pipeline must finish")
struct BenchBurstTests {
    func withSetup(_ body: (AuthCommandTests.Setup) async throws -> Void) async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            try AuthCommandTests.profile(port: server.port).write(
                toFile: profiles.path + "/oauth.yaml", atomically: true, encoding: .utf8)
            try """
            environments:
              local: { base_url: "http://127.0.0.1:\(server.port)" }
            history: false
            endpoints:
              - { id: hops, path: /redirect/2 }
            """.write(toFile: profiles.path + "/plain.yaml", atomically: true, encoding: .utf8)
            try await body(AuthCommandTests.Setup(server: server, profiles: profiles.path, state: state.path))
        }
    }

    static func figures(_ output: ApixProcess.Output) throws -> JSONValue {
        #expect(output.status == 0, "\(output.stderr)")
        return try JSONValue.parse(output.stdout)
    }

    @Test("the server expires the token mid-run: the 401s are refreshed and sent again; every request ends 200")
    func tokenExpiredMidRun() async throws {
        try await withSetup { setup in
            let count = 20_000
            async let run = setup.apix(["bench", "oauth", "me", "-n", "\(count)", "-c", "4", "--json", "--no-tui"])
            // Bounded: once the run has its first token (at most 10 s), the server expires it.
            for _ in 0..<200 {
                if (try? await setup.stats())?["password_grants"]?.intValue == 1 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            var expire = PreparedRequest(method: .post, url: setup.server.baseURL + "/auth/expire")
            expire.options.timeout = .seconds(10)
            _ = try await Client().send(expire).get()
            let figures = try Self.figures(try await run)
            #expect(figures["requests"]?.intValue == count)
            #expect(figures["status"] == ["200": .number(String(count))])
            #expect(figures["errors"] == [:])
            let stats = try await setup.stats()
            #expect(stats["password_grants"]?.intValue == 1)
            // The expiry came while the run went on (else this test proved nothing): it refreshed.
            #expect((stats["refreshes"]?.intValue ?? 0) >= 1)
        }
    }

    @Test("a 401 no refresh cures: each request ends as the pipeline ends it, counted once, and the run ends")
    func always401() async throws {
        try await withSetup { setup in
            let figures = try Self.figures(
                try await setup.apix(["bench", "oauth", "always", "-n", "200", "-c", "4", "--json", "--no-tui"]))
            #expect(figures["requests"]?.intValue == 200)
            // The refresh did not cure it: the first requests end with the 401, and once the session knows its
            // credentials fail, the rest end before sending (an auth error), as `apix run` would.
            let unauthorized = figures["status"]?["401"]?.intValue ?? 0
            #expect(unauthorized >= 1)
            #expect(figures["status"]?.objectValue?.count == 1)
            #expect(unauthorized + (figures["errors"]?["auth"]?.intValue ?? 0) == 200)
        }
    }

    @Test("redirects are followed by the pipeline: every request ends with the final answer, counted once")
    func redirects() async throws {
        try await withSetup { setup in
            let figures = try Self.figures(
                try await setup.apix(["bench", "plain", "hops", "-n", "300", "-c", "4", "--json", "--no-tui"]))
            #expect(figures["requests"]?.intValue == 300)
            #expect(figures["status"] == ["200": 300])
        }
    }
}

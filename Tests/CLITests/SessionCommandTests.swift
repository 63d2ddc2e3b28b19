import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import CLI
@testable import ExplorerCore

/// Cookies, `--env-file` and the network flags end to end: the real binary against a demo server, with a state
/// directory of its own (`XDG_STATE_HOME`).
@Suite("apix cookies, --env-file and network flags")
struct SessionCommandTests {
    static func profile(port: Int) -> String {
        """
        variables: { TOKEN: placeholder }
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - id: login
            path: /cookies/set
            query: { session: s3cr3t-cookie }
          - id: show
            path: /cookies
          - id: echo
            path: /echo
            headers: { X-Token: "{{TOKEN}}" }
        """
    }

    @Test("apix run keeps cookies between runs; apix cookies lists them masked and --clear empties the jar")
    func cookies() async throws {
        let folder = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            let profiles = folder.path
            try Self.profile(port: server.port).write(
                toFile: profiles + "/jar.yaml", atomically: true, encoding: .utf8)
            let environment = ["XDG_STATE_HOME": state.path, "TOKEN": "unused"]
            func apix(_ arguments: [String]) async throws -> ApixProcess.Output {
                try await ApixProcess.run(arguments + ["--profiles", profiles], environment: environment)
            }
            try "".write(toFile: folder.path + "/empty.env", atomically: true, encoding: .utf8)
            let login = try await apix(["run", "jar", "login", "--env-file", folder.path + "/empty.env"])
            #expect(login.status == 0, "\(login.stderr)")
            let show = try await apix(["run", "jar", "show"])
            #expect(show.text.contains("s3cr3t-cookie"), "sent on the next run: \(show.text)")

            let list = try await apix(["cookies", "jar"])
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.text.contains("session") && list.text.contains("••••"))
            #expect(!list.text.contains("s3cr3t-cookie"))
            #expect(try await apix(["cookies", "jar", "--reveal"]).text.contains("s3cr3t-cookie"))

            // --json for scripts: each cookie's fields, the value masked unless --reveal.
            let listed = try JSONValue.parse(try await apix(["cookies", "jar", "--json"]).stdout)
            let first = try #require(listed["cookies"]?[0])
            #expect(first["name"] == "session" && first["domain"] == "127.0.0.1" && first["path"] == "/")
            #expect(first["value"] == "••••" && first["expires"] == .null && first["http_only"] == true)
            let revealed = try JSONValue.parse(try await apix(["cookies", "jar", "--json", "--reveal"]).stdout)
            #expect(revealed["cookies"]?[0]?["value"] == "s3cr3t-cookie")

            // --delete NAME removes that cookie; a name the jar does not hold is a usage error.
            let unknown = try await apix(["cookies", "jar", "--delete", "nope"])
            #expect(unknown.status == 2 && unknown.stderr.contains("no cookie named `nope` in jar (local)"))
            let deleted = try await apix(["cookies", "jar", "--delete", "session"])
            #expect(deleted.status == 0 && deleted.stderr.contains("deleted 1 cookie named session from jar (local)"))
            #expect(try await apix(["cookies", "jar"]).stderr.contains("no cookies for jar (local)"))
            #expect(try await apix(["run", "jar", "login"]).status == 0)

            let cleared = try await apix(["cookies", "jar", "-e", "local", "--clear"])
            #expect(cleared.status == 0)
            #expect(try await apix(["cookies", "jar"]).stderr.contains("no cookies for jar (local)"))
            #expect(!(try await apix(["run", "jar", "show"]).text.contains("s3cr3t-cookie")))
        }
    }

    @Test("--env-file defines names the profile never mentions: used in the URL and a header, secret in --json")
    func envFileNewNames() async throws {
        let folder = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            try """
            environments:
              local: { base_url: "http://127.0.0.1:\(server.port)" }
            endpoints:
              - id: echo
                path: /echo/{{SEGMENT}}
                headers: { X-Only: "{{ONLY_IN_DOTENV}}" }
            """.write(toFile: folder.path + "/dotenv.yaml", atomically: true, encoding: .utf8)
            try "SEGMENT=from-path\nONLY_IN_DOTENV=only-there\n".write(
                toFile: folder.path + "/new.env", atomically: true, encoding: .utf8)
            let environment = ["XDG_STATE_HOME": state.path]
            let out = try await ApixProcess.run(
                ["run", "dotenv", "echo", "--env-file", folder.path + "/new.env", "--json", "--profiles", folder.path],
                environment: environment)
            #expect(out.status == 0, "\(out.stderr)")
            let document = try JSONValue.parse(out.stdout)
            let body = document["body"]?.stringValue ?? ""
            #expect(body.contains("only-there") && body.contains("/echo/from-path"), "\(body)")
            let sent = document["request"]?.serialized() ?? ""
            #expect(!sent.contains("only-there") && !sent.contains("from-path"), "secret by default: \(sent)")

            // Without the file the names are undefined, as before.
            let without = try await ApixProcess.run(
                ["run", "dotenv", "echo", "--profiles", folder.path], environment: environment)
            #expect(without.status != 0)
            #expect(without.stderr.contains("ONLY_IN_DOTENV"), "\(without.stderr)")
        }
    }

    @Test("--env-file defines secret variables: sent, masked in --json, a bad file is a usage error")
    func envFile() async throws {
        let folder = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            let profiles = folder.path
            try Self.profile(port: server.port).write(
                toFile: profiles + "/jar.yaml", atomically: true, encoding: .utf8)
            try "# test\nexport TOKEN=\"from-dotenv\"\n".write(
                toFile: folder.path + "/test.env", atomically: true, encoding: .utf8)
            let environment = ["XDG_STATE_HOME": state.path]
            let out = try await ApixProcess.run(
                ["run", "jar", "echo", "--env-file", folder.path + "/test.env", "--json", "--profiles", profiles],
                environment: environment)
            #expect(out.status == 0, "\(out.stderr)")
            let document = try JSONValue.parse(out.stdout)
            #expect(document["body"]?.stringValue?.contains("from-dotenv") == true)
            let sent = document["request"]?["headers"]?.serialized() ?? ""
            #expect(sent.contains("••••") && !sent.contains("from-dotenv"))

            let missing = try await ApixProcess.run(
                ["run", "jar", "echo", "--env-file", folder.path + "/none.env", "--profiles", profiles],
                environment: environment)
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("--env-file: cannot read"))
        }
    }

    @Test("--json's metrics name the proxy the final request went through (masked), and nothing when it went direct")
    func metricsProxy() {
        var metrics = Metrics()
        #expect(ResponseDocument.metrics(metrics)["proxy"] == nil)
        metrics.proxy = ProxyRoute.masked("http://me:pw@127.0.0.1:3128")
        #expect(ResponseDocument.metrics(metrics)["proxy"]?.stringValue == "http://me:••••@127.0.0.1:3128")
    }
}

import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix check`, `apix import` and `apix export curl` as subprocesses.
@Suite("profile commands as a subprocess")
struct ProfileCommandsTests {
    static let good = """
        environments:
          local: { base_url: "http://127.0.0.1:8080" }
        endpoints:
          - id: a
            path: /a
        """

    func write(_ text: String, _ name: String, in directory: TemporaryDirectory) throws -> String {
        let file = directory.path + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("check prints every problem as file:line:col: message and exits 3; list still lists the good ones")
    func check() async throws {
        let directory = try TemporaryDirectory()
        _ = try write(Self.good, "good.yaml", in: directory)
        let bad = try write(
            Self.good.replacingOccurrences(of: "path: /a", with: "path: /a/{id}\n    timeout: [1]"), "bad.yaml",
            in: directory)
        _ = try write(Self.good.replacingOccurrences(of: "/a", with: "/{{token}}"), "secret.yaml", in: directory)
        let secrets = try write("variables: { token: [x] }\n", "secret.secrets.yaml", in: directory)

        let all = try await ApixProcess.run(["check", "--profiles", directory.path])
        #expect(all.status == 3)
        #expect(
            all.text == """
                \(bad):5:11: path placeholder `{id}` has no value: add `id` under `params` (null if the user must fill it)
                \(bad):6:14: `timeout` must be a number of seconds, got a list
                \(secrets):1:21: `variables.token` must be a string, got a list

                """)
        #expect(all.stderr.contains("3 problems in 2 profiles (1 OK)"))

        let one = try await ApixProcess.run(["check", "good", "--profiles", directory.path])
        #expect(one.status == 0)
        #expect(one.text.isEmpty)
        let onlyBad = try await ApixProcess.run(["check", "bad", "--profiles", directory.path])
        #expect(onlyBad.status == 3)
        #expect(onlyBad.text.split(separator: "\n").count == 2)
        let unknown = try await ApixProcess.run(["check", "nope", "--profiles", directory.path])
        #expect(unknown.status == 2)

        let list = try await ApixProcess.run(["list", "--profiles", directory.path])
        #expect(list.status == 0)
        #expect(list.text.hasPrefix("good  1 endpoint  "))
        #expect(list.stderr.contains("apix: 3 problems in 2 profiles (1 OK); see `apix check`:"))
    }

    @Test("check --var NAME: a profile that uses a variable only runs give (--var) checks clean; others still fail")
    func checkGivenVariables() async throws {
        let directory = try TemporaryDirectory()
        try """
        environments: { local: { base_url: "http://127.0.0.1:1" } }
        endpoints: [{ id: a, path: "/a/{{thing}}", headers: { X-Key: "{{key}}" } }]
        """.write(toFile: directory.path + "/given.yaml", atomically: true, encoding: .utf8)
        let plain = try await ApixProcess.run(["check", "--profiles", directory.path])
        #expect(plain.status == 3)
        #expect(plain.text.contains("unknown variable `{{thing}}`"), "\(plain.text)")
        let one = try await ApixProcess.run(["check", "--var", "thing=x", "--profiles", directory.path])
        #expect(one.status == 3)
        #expect(!one.text.contains("{{thing}}") && one.text.contains("unknown variable `{{key}}`"), "\(one.text)")
        let both = try await ApixProcess.run(["check", "--var", "thing", "--var", "key=", "--profiles", directory.path])
        #expect(both.status == 0, "\(both.text)\(both.stderr)")
        #expect(both.stderr.contains("apix: 1 profile OK"), "\(both.stderr)")
    }

    @Test("import curl appends an endpoint that sends the same request; a new profile is created for its origin")
    func importCurl() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            let profiles = directory.path
            let first = try await ApixProcess.run([
                "import", "curl", "curl \(server.baseURL)/echo/first?x=1", "--profile", "made", "--profiles", profiles,
            ])
            #expect(first.status == 0, "\(first.stderr)")
            let made = try ProfileLoader.load(file: profiles + "/made.yaml").get()
            #expect(made.environments.first?.baseURL.raw == server.baseURL)
            #expect(made.endpoint("get.echo.first")?.path.raw == "/echo/first")
            #expect(made.endpoint("get.echo.first")?.name == "GET /echo/first", "named from method and path")
            let again = try await ApixProcess.run([
                "import", "curl", "curl \(server.baseURL)/echo/first?x=2", "--profile", "made", "--profiles", profiles,
            ])
            #expect(again.status == 0, "\(again.stderr)")
            let twice = try ProfileLoader.load(file: profiles + "/made.yaml").get()
            #expect(twice.endpoint("get.echo.first-2")?.name == "GET /echo/first (2)", "unique within the profile")

            let command =
                "curl -X PUT -H 'X-Trace: t 1' --json '{\"a\": [1, \"x\"]}' '\(server.baseURL)/echo/j?q=a%20b'"
            let second = try await ApixProcess.run([
                "import", "curl", command, "--profile", "made", "--id", "echo.json", "--folder", "Imported",
                "--profiles", profiles,
            ])
            #expect(second.status == 0, "\(second.stderr)")
            let text = try String(contentsOfFile: profiles + "/made.yaml", encoding: .utf8)
            #expect(text.contains("  - id: echo.json\n    folder: Imported\n    method: PUT\n    path: /echo/j\n"))

            let run = try await ApixProcess.run(["run", "made", "echo.json", "--profiles", profiles])
            #expect(run.status == 0)
            let echo = try JSONValue.parse(run.stdout)
            #expect(echo["method"]?.stringValue == "PUT")
            #expect(echo["raw_query"]?.stringValue == "q=a%20b")
            #expect(echo["body"]?.stringValue == "{\"a\":[1,\"x\"]}")
            let headers = echo["headers"]?.arrayValue?.compactMap { pair in
                pair[0]?.stringValue.map { "\($0): \(pair[1]?.stringValue ?? "")" }
            }
            #expect(headers?.contains("X-Trace: t 1") == true)
            #expect(headers?.contains("Accept: application/json") == true)
        }
    }

    @Test("the explorer's scratch profile (kept with O) lists and runs as `scratch`; a profile of that id comes first")
    func scratchProfile() async throws {
        let profiles = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            try FileManager.default.createDirectory(
                atPath: state.path + "/apix/scratch", withIntermediateDirectories: true)
            let scratch = """
                name: Scratch requests
                default_environment: default
                environments: { default: { base_url: http://localhost } }
                endpoints:
                  - { id: kept, method: GET, path: "\(server.baseURL)/echo/kept" }
                """
            _ = try scratch.write(toFile: state.path + "/apix/scratch/scratch.yaml", atomically: true, encoding: .utf8)
            let environment = ["XDG_STATE_HOME": state.path]
            let list = try await ApixProcess.run(["list", "--profiles", profiles.path], environment: environment)
            #expect(list.status == 0)
            #expect(list.text.hasPrefix("scratch  1 endpoint  Scratch requests"), "\(list.text)")
            // It said "no profile `scratch`" while the explorer showed it.
            let run = try await ApixProcess.run(
                ["run", "scratch", "kept", "--profiles", profiles.path], environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try JSONValue.parse(run.stdout)["path"]?.stringValue == "/echo/kept")
            _ = try write(Self.good, "scratch.yaml", in: profiles)
            let own = try await ApixProcess.run(
                ["list", "scratch", "--profiles", profiles.path], environment: environment)
            #expect(own.text.hasPrefix("a  GET     /a"), "\(own.text)")
        }
    }

    @Test("import openapi writes a profile and an empty secrets file that load and list")
    func importOpenAPI() async throws {
        let directory = try TemporaryDirectory()
        let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../ExplorerImportTests/Fixtures/trains-3.1.json").standardized.path
        let out = try await ApixProcess.run([
            "import", "openapi", spec, "--name", "trains", "--profiles", directory.path,
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text == "wrote \(directory.path)/trains.yaml: 7 endpoints, 2 environments\n")
        #expect(out.stderr.contains("trains.secrets.yaml"))
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path + "/trains.secrets.yaml")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let check = try await ApixProcess.run(["check", "--profiles", directory.path])
        #expect(check.status == 0, "\(check.text)")
        let again = try await ApixProcess.run([
            "import", "openapi", spec, "--name", "trains", "--profiles", directory.path,
        ])
        #expect(again.status == 2)
        let list = try await ApixProcess.run(["list", "trains", "--profiles", directory.path])
        #expect(list.text.contains("get-stations"))
    }

    @Test("export curl prints a command that, run by curl, reaches /echo exactly like apix run")
    func exportCurl() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            _ = try write(
                """
                environments:
                  local: { base_url: "\(server.baseURL)" }
                headers: { Accept: application/json }
                endpoints:
                  - id: post
                    method: POST
                    path: /echo/{id}
                    params: { id: 7 }
                    query: { q: "a b", key: "{{token}}" }
                    headers: { Authorization: "Bearer {{token}}" }
                    body: { json: { n: 1, s: "x'y" } }
                """, "ex.yaml", in: directory)
            _ = try write("variables: { token: tok-123 }\n", "ex.secrets.yaml", in: directory)
            let args = ["post", "-p", "id=8", "-H", "X-More: yes", "--profiles", directory.path]
            let export = try await ApixProcess.run(["export", "curl", "ex"] + args)
            #expect(export.status == 0)
            #expect(!export.text.contains("tok-123"))
            #expect(export.text.contains("${TOKEN}"))
            #expect(export.stderr.contains("$TOKEN"))
            let revealed = try await ApixProcess.run(["export", "curl", "ex"] + args + ["--reveal"])
            #expect(revealed.text.contains("tok-123"))

            let viaCurl = try await ApixProcess.run(
                executable: "/bin/bash", ["-c", export.text], environment: ["TOKEN": "tok-123"])
            let viaApix = try await ApixProcess.run(["run", "ex"] + args)
            let curl = try JSONValue.parse(viaCurl.stdout)
            let apix = try JSONValue.parse(viaApix.stdout)
            for key in ["method", "path", "raw_query", "body", "content_type"] {
                #expect(curl[key] == apix[key], "\(key)")
            }
            func headers(_ echo: JSONValue) -> [String] {
                (echo["headers"]?.arrayValue ?? []).compactMap { pair in
                    pair[0]?.stringValue.map { "\($0.lowercased()): \(pair[1]?.stringValue ?? "")" }
                }.sorted()
            }
            #expect(headers(curl) == headers(apix))
            #expect(headers(apix).contains("authorization: Bearer tok-123"))
        }
    }

    @Test(
        "export curl carries the profile's credentials (basic, bearer, API key in the query) as apix sends them",
        arguments: ["basic", "bearer", "key"])
    func exportCredentials(_ environment: String) async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            _ = try write(
                """
                variables: { user: me }
                environments:
                  basic: { base_url: "\(server.baseURL)" }
                  bearer: { base_url: "\(server.baseURL)", auth: { type: bearer, token: "{{token}}" } }
                  key:
                    base_url: "\(server.baseURL)"
                    auth: { type: api_key, name: api_key, value: "{{key}}", in: query }
                auth: { type: basic, username: "{{user}}", password: "{{password}}" }
                endpoints:
                  - id: echo
                    path: /echo/creds
                    query: { q: "1" }
                """, "creds.yaml", in: directory)
            _ = try write(
                "variables: { password: \"p a'ss\", token: tok-1.2_3, key: k-9 }\n", "creds.secrets.yaml", in: directory
            )
            let args = ["echo", "-e", environment, "--profiles", directory.path]
            let export = try await ApixProcess.run(["export", "curl", "creds"] + args)
            #expect(export.status == 0, "\(export.stderr)")
            #expect(!export.text.contains("p a'ss") && !export.text.contains("tok-1") && !export.text.contains("k-9"))
            let variables = ["PASSWORD": "p a'ss", "TOKEN": "tok-1.2_3", "KEY": "k-9"]
            let viaCurl = try await ApixProcess.run(
                executable: "/bin/bash", ["-c", export.text], environment: variables)
            let viaApix = try await ApixProcess.run(["run", "creds"] + args)
            let curl = try JSONValue.parse(viaCurl.stdout)
            let apix = try JSONValue.parse(viaApix.stdout)
            #expect(curl["raw_query"] == apix["raw_query"])
            func authorization(_ echo: JSONValue) -> String? {
                (echo["headers"]?.arrayValue ?? []).first { $0[0]?.stringValue == "Authorization" }?[1]?.stringValue
            }
            #expect(authorization(curl) == authorization(apix))
            switch environment {
            case "basic":
                #expect(authorization(apix) == "Basic " + Data("me:p a'ss".utf8).base64EncodedString())
                #expect(export.stderr.contains("$PASSWORD"))
                // An Authorization header given by hand replaces basic auth: no -u, and no $PASSWORD to set.
                let manual = try await ApixProcess.run(
                    ["export", "curl", "creds"] + args + ["-H", "Authorization: X y"])
                #expect(!manual.text.contains(" -u "))
                #expect(!manual.stderr.contains("$PASSWORD"))
            case "bearer": #expect(authorization(apix) == "Bearer tok-1.2_3")
            default: #expect(apix["raw_query"]?.stringValue == "q=1&api_key=k-9")
            }
        }
    }

    @Test("export curl of an OAuth2 endpoint reads $ACCESS_TOKEN, or with --reveal uses the stored token")
    func exportOAuth2() async throws {
        let directory = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try await withDemoServer { server in
            _ = try write(
                """
                environments:
                  local: { base_url: "\(server.baseURL)" }
                auth:
                  type: oauth2
                  grant: password
                  token_url: /auth/token
                  client_id: demo-client
                  client_secret: "{{client_secret}}"
                  username: demo
                  password: "{{password}}"
                endpoints:
                  - id: me
                    path: /me
                """, "oauth.yaml", in: directory)
            _ = try write(
                "variables: { client_secret: demo-secret, password: demo-password }\n", "oauth.secrets.yaml",
                in: directory)
            let environment = ["XDG_STATE_HOME": state.path]
            let masked = try await ApixProcess.run(
                ["export", "curl", "oauth", "me", "--profiles", directory.path], environment: environment)
            #expect(masked.text.contains("-H \"Authorization: Bearer ${ACCESS_TOKEN}\""))
            #expect(masked.stderr.contains("$ACCESS_TOKEN"))

            let login = try await ApixProcess.run(
                ["auth", "login", "oauth", "--profiles", directory.path], environment: environment)
            #expect(login.status == 0, "\(login.stderr)")
            let revealed = try await ApixProcess.run(
                ["export", "curl", "oauth", "me", "--reveal", "--profiles", directory.path], environment: environment)
            #expect(!revealed.text.contains("ACCESS_TOKEN"))
            let viaCurl = try await ApixProcess.run(executable: "/bin/bash", ["-c", revealed.text])
            #expect(try JSONValue.parse(viaCurl.stdout)["user"]?.stringValue == "demo")
        }
    }
}

import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix run` and `apix list` end to end: the real binary as a subprocess against the demo API.
@Suite("apix run as a subprocess")
struct RunCommandTests {
    static func profile(port: Int) -> String {
        """
        name: Test
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
          dead: { base_url: "http://127.0.0.1:1" }
        endpoints:
          - id: todo
            path: /todos/{id}
            params: { id: 1 }
          - id: status
            path: /status/{code}
            params: { code: 200 }
          - id: bytes
            path: /bytes/{n}
            params: { n: 1000 }
          - id: echo
            method: POST
            path: /echo
            body: { json: { hello: world } }
        """
    }

    /// A profile directory with `test.yaml` pointing at a fresh demo server.
    func withProfiles(_ body: (String, RunningDemoServer) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.profile(port: server.port).write(
                toFile: directory.path + "/test.yaml", atomically: true, encoding: .utf8)
            try await body(directory.path, server)
        }
    }

    @Test("--json prints one object with status, headers as pairs, body and every metric")
    func jsonShape() async throws {
        try await withProfiles { profiles, _ in
            let out = try await ApixProcess.run(["run", "test", "todo", "-p", "id=2", "--json", "--profiles", profiles])
            #expect(out.status == 0)
            let object = try JSONValue.parse(out.stdout)
            #expect(object["status"]?.intValue == 200)
            #expect(object["reason"]?.stringValue == "OK")
            let firstHeader = try #require(object["headers"]?[0]?.arrayValue)
            #expect(firstHeader.count == 2)
            let body = try JSONValue.parse(#require(object["body"]?.stringValue))
            #expect(body["id"]?.intValue == 2)
            let metrics = try #require(object["metrics"]?.objectValue)
            for key in [
                "dns_ms", "connect_ms", "tls_ms", "pretransfer_ms", "first_byte_ms", "transfer_ms", "total_ms",
                "redirects", "redirect_ms", "bytes_sent", "bytes_received", "upload_rate", "download_rate",
                "reused_connection", "started_at", "ended_at",
            ] {
                #expect(metrics[key] != nil, "metrics.\(key)")
            }
            #expect(metrics["started_at"]?.stringValue?.contains("T") == true)
            #expect((metrics["total_ms"]?.doubleValue ?? -1) >= 0)
        }
    }

    @Test("--json shows the answering URL with its secrets masked, as the request is, unless --reveal")
    func jsonURLMasked() async throws {
        try await withProfiles { profiles, server in
            let vault = """
                environments: { local: { base_url: "http://127.0.0.1:\(server.port)" } }
                endpoints:
                  - { id: todo, path: "/todos/{id}", params: { id: "{{secret}}" } }
                """
            try vault.write(toFile: profiles + "/vault.yaml", atomically: true, encoding: .utf8)
            try "variables: { secret: s3cr3t-value }\n".write(
                toFile: profiles + "/vault.secrets.yaml", atomically: true, encoding: .utf8)
            let out = try await ApixProcess.run(["run", "vault", "todo", "--json", "--profiles", profiles])
            let text = String(decoding: out.stdout, as: UTF8.self)
            #expect(!text.contains("s3cr3t-value"), "\(text)")
            let object = try JSONValue.parse(out.stdout)
            #expect(object["url"]?.stringValue == object["request"]?["url"]?.stringValue)
            #expect(object["url"]?.stringValue?.contains("/todos/") == true)
            let revealed = try await ApixProcess.run(
                ["run", "vault", "todo", "--json", "--reveal", "--profiles", profiles])
            #expect(try JSONValue.parse(revealed.stdout)["url"]?.stringValue?.hasSuffix("/todos/s3cr3t-value") == true)
        }
    }

    @Test("exit 0 on a 4xx, 22 with --fail, and the body on stdout")
    func failFlag() async throws {
        try await withProfiles { profiles, _ in
            let plain = try await ApixProcess.run(["run", "test", "status", "-p", "code=404", "--profiles", profiles])
            #expect(plain.status == 0)
            #expect(plain.stderr.contains("404"))
            let failing = try await ApixProcess.run([
                "run", "test", "status", "-p", "code=503", "--fail", "--profiles", profiles,
            ])
            #expect(failing.status == 22)
            let ok = try await ApixProcess.run(["run", "test", "status", "--fail", "--profiles", profiles])
            #expect(ok.status == 0)
        }
    }

    @Test("no response exits with curl's code and a one-line reason; --json adds an error object")
    func noResponse() async throws {
        try await withProfiles { profiles, _ in
            let out = try await ApixProcess.run(["run", "test", "todo", "-e", "dead", "--json", "--profiles", profiles])
            #expect(out.status == 7)
            let error = try JSONValue.parse(out.stdout)["error"]
            #expect(error?["kind"]?.stringValue == "connection_refused")
            #expect(out.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("a header value with a line end is refused on one line, the line end shown escaped, nothing sent")
    func headerWithLineEnd() async throws {
        try await withProfiles { profiles, _ in
            let out = try await ApixProcess.run(
                ["run", "test", "todo", "-H", "X-A: a\r\nInjected: b", "--profiles", profiles])
            #expect(out.status == 3)
            #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
            #expect(out.stderr.contains(#"invalid header: X-A: a\r\nInjected: b"#), "\(out.stderr)")
        }
    }

    static let failures: [([String], Int32)] = [
        (["run", "test", "todo", "-p", "noequals"], 2),
        (["run", "test", "todo", "--no-such-flag"], 2),
        (["run", "test", "todo", "-H", "NoColon"], 2),
        (["run", "nope", "todo"], 3),
        (["run", "test", "nope"], 3),
        (["run", "test", "todo", "-e", "prod"], 3),
        (["run", "broken", "todo"], 3),
    ]

    @Test("usage errors exit 2, profile errors exit 3", arguments: failures)
    func usageAndProfileErrors(arguments: [String], status: Int32) async throws {
        try await withProfiles { profiles, _ in
            try "environments: [\n".write(toFile: profiles + "/broken.yaml", atomically: true, encoding: .utf8)
            let out = try await ApixProcess.run(arguments + ["--profiles", profiles])
            #expect(out.status == status)
            #expect(!out.stderr.isEmpty)
            if arguments.contains("broken") { #expect(out.stderr.contains("broken.yaml:")) }
        }
    }

    @Test(
        "-o, or download: to:, into a directory that is not there: exit 23 (apix test: a failed endpoint) before anything is sent"
    )
    func outputWithoutDirectory() async throws {
        // A listener that never accepts: a connection apix made would wait in its backlog.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let directory = try TemporaryDirectory()
        func profile(download: String?) throws {
            let option = download.map { ", download: { to: \"\($0)\" }" } ?? ""
            try """
            environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
            endpoints: [{ id: create, method: POST, path: /items, body: { json: { a: 1 } }\(option) }]
            """.write(toFile: directory.path + "/p.yaml", atomically: true, encoding: .utf8)
        }
        let environment = ["XDG_STATE_HOME": directory.path + "/state"]
        for target in [directory.path + "/missing/out.json", directory.path + "/p.yaml/out.json"] {
            try profile(download: nil)
            let out = try await ApixProcess.run(
                ["run", "p", "create", "-o", target, "--timeout", "5", "--profiles", directory.path],
                environment: environment)
            #expect(out.status == 23, "\(out.stderr)")
            #expect(out.stderr.contains("cannot write \(target): ") && out.stderr.contains("nothing was sent"))
            try profile(download: target)
            let run = try await ApixProcess.run(
                ["run", "p", "create", "--json", "--timeout", "5", "--profiles", directory.path],
                environment: environment)
            #expect(run.status == 23, "\(run.stderr)")
            #expect(try JSONValue.parse(run.stdout)["error"]?["kind"]?.stringValue == "local_io")
            let test = try await ApixProcess.run(
                ["test", "p", "create", "--timeout", "5", "--profiles", directory.path], environment: environment)
            #expect(test.status == 1, "\(test.text)\(test.stderr)")
            #expect((test.text + test.stderr).contains("nothing was sent"), "\(test.text)\(test.stderr)")
        }
        _ = fcntl(listener, F_SETFL, O_NONBLOCK)
        let pending = accept(listener, nil, nil)
        #expect(pending < 0, "apix connected")
        if pending >= 0 { close(pending) }
    }

    @Test("-o writes the body to a file and --json names it")
    func outputFile() async throws {
        try await withProfiles { profiles, _ in
            let target = profiles + "/body.bin"
            let out = try await ApixProcess.run(
                ["run", "test", "bytes", "-p", "n=123456", "-o", target, "--json", "--profiles", profiles])
            #expect(out.status == 0)
            #expect(try JSONValue.parse(out.stdout)["body_file"]?.stringValue == target)
            #expect(try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int == 123_456)
        }
    }

    @Test("piped stdout gets the body exactly as received; binary bodies are base64 in --json")
    func rawBody() async throws {
        try await withProfiles { profiles, _ in
            let raw = try await ApixProcess.run(["run", "test", "bytes", "-p", "n=300", "--profiles", profiles])
            #expect(raw.stdout == Data((0..<300).map { UInt8($0 % 251) }))
            let json = try await ApixProcess.run([
                "run", "test", "bytes", "-p", "n=300", "--json", "--profiles", profiles,
            ])
            let object = try JSONValue.parse(json.stdout)
            #expect(object["body_encoding"]?.stringValue == "base64")
            #expect(object["body"]?.stringValue.flatMap { Data(base64Encoded: $0) } == raw.stdout)
        }
    }

    @Test("-H, -q and --body reach the server")
    func overrides() async throws {
        try await withProfiles { profiles, _ in
            let out = try await ApixProcess.run([
                "run", "test", "echo", "-H", "X-Extra: yes", "-q", "a=1", "-q", "a=2", "--body", "{\"x\":1}",
                "--profiles", profiles,
            ])
            #expect(out.status == 0)
            let echo = try JSONValue.parse(out.stdout)
            #expect(echo["body"]?.stringValue == "{\"x\":1}")
            let query = echo["query"]?.arrayValue?.compactMap { $0[1]?.stringValue }
            #expect(query == ["1", "2"])
            let headers = echo["headers"]?.arrayValue ?? []
            #expect(headers.contains { $0[0]?.stringValue?.lowercased() == "x-extra" && $0[1]?.stringValue == "yes" })
        }
    }

    @Test("a variable only --var gives a value to may be used: run and test send it; without it, a located error")
    func givenOnlyByVar() async throws {
        try await withProfiles { profiles, _ in
            let profile = """
                environments: { local: { base_url: "{{base}}" } }
                endpoints:
                  - id: echo
                    path: /echo
                    headers: { X-Who: "{{who}}" }
                    expect: { status: 200 }
                """
            try profile.write(toFile: profiles + "/given.yaml", atomically: true, encoding: .utf8)
            let base = try JSONValue.parse(
                try await ApixProcess.run(["run", "test", "todo", "--json", "--profiles", profiles]).stdout
            )["url"]?.stringValue?.replacingOccurrences(of: "/todos/1", with: "")
            let given = ["--var", "who=me", "--var", "base=\(base ?? "")", "--profiles", profiles]
            // It said "unknown variable `{{who}}` …: define it under `variables`…" though --var defined it.
            let run = try await ApixProcess.run(["run", "given", "echo"] + given)
            #expect(run.status == 0, "\(run.stderr)")
            let headers = try JSONValue.parse(run.stdout)["headers"]?.arrayValue ?? []
            #expect(headers.contains { $0[0]?.stringValue == "X-Who" && $0[1]?.stringValue == "me" }, "\(run.stdout)")
            let test = try await ApixProcess.run(["test", "given"] + given)
            #expect(test.status == 0, "\(test.stderr)")
            let without = try await ApixProcess.run(["run", "given", "echo", "--var", "base=x", "--profiles", profiles])
            #expect(without.status == 3)
            #expect(
                without.stderr.contains("given.yaml:5:23: unknown variable `{{who}}` in header `X-Who`"),
                "\(without.stderr)")
        }
    }

    @Test("-o - is stdout, as for curl (it wrote a file named \"-\"); an unknown endpoint names the nearest id")
    func outputDashAndUnknownEndpoint() async throws {
        try await withProfiles { profiles, _ in
            let scratch = try TemporaryDirectory()
            let out = try await ApixProcess.run(
                ["run", "test", "todo", "-o", "-", "--profiles", profiles], directory: scratch.path)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(try JSONValue.parse(out.stdout)["id"]?.intValue == 1)
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
            let typo = try await ApixProcess.run(["run", "test", "tood", "--profiles", profiles])
            #expect(typo.status == 3)
            #expect(
                typo.stderr
                    == "apix: no endpoint `tood` in profile `test`; did you mean `todo`? (`apix list test` lists its 4 endpoints)\n"
            )
        }
    }

    @Test("apix list lists good profiles and says how many files failed")
    func list() async throws {
        try await withProfiles { profiles, _ in
            try "environments: [\n".write(toFile: profiles + "/broken.yaml", atomically: true, encoding: .utf8)
            let out = try await ApixProcess.run(["list", "--profiles", profiles])
            #expect(out.status == 0)
            #expect(out.text.contains("test"))
            #expect(!out.text.contains("broken"))
            #expect(out.stderr.contains("1 problem in 1 profile (1 OK); see `apix check`"))
            let endpoints = try await ApixProcess.run(["list", "test", "--profiles", profiles])
            #expect(endpoints.text.contains("todo"))
            #expect(endpoints.text.contains("/todos/{id}"))
        }
    }
}

import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix run`'s bodies end to end: compressed answers, `-o` destinations and `--body @FILE`.
@Suite("apix run: bodies in and out")
struct RunBodiesTests {
    static func profile(port: Int) -> String {
        """
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - { id: br, path: /encoded/br }
          - { id: gzip, path: /encoded/gzip }
          - { id: raw, path: /encoded/gzip, compressed: false }
          - { id: bytes, path: "/bytes/{n}", params: { n: 1000 } }
          - { id: echo, method: POST, path: /echo, body: { text: "x" } }
          - { id: slow, path: /drip, query: { bytes: "1000000", duration: "30" } }
          - id: checked
            path: /todos/1
            expect: { json: { "$.id": { "==": 1 } }, body_contains: ["title"] }
            capture: { title: { json: "$.title" } }
        """
    }

    func withProfiles(_ body: (String, RunningDemoServer) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.profile(port: server.port).write(
                toFile: directory.path + "/b.yaml", atomically: true, encoding: .utf8)
            try await body(directory.path, server)
        }
    }

    @Test("a profile loaded from a relative --profiles directory finds its @file body beside it")
    func relativeProfileDirectory() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            try FileManager.default.createDirectory(
                atPath: directory.path + "/profiles", withIntermediateDirectories: true)
            try """
            environments:
              local: { base_url: "http://127.0.0.1:\(server.port)" }
            endpoints:
              - { id: upload, method: POST, path: /echo, body: { file: "@./data.txt" } }
            """.write(toFile: directory.path + "/profiles/rel.yaml", atomically: true, encoding: .utf8)
            try "twelve bytes".write(toFile: directory.path + "/profiles/data.txt", atomically: true, encoding: .utf8)
            // Resolved as `/profiles/data.txt` before: the file was not found.
            let out = try await ApixProcess.run(
                ["run", "rel", "upload", "--profiles", "profiles", "--no-history"], directory: directory.path)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(try JSONValue.parse(out.stdout)["body_bytes"]?.intValue == 12, "\(out.text)")
        }
    }

    @Test("a compressed answer prints decoded, and the status line gives the wire and decoded sizes")
    func decoded() async throws {
        try await withProfiles { profiles, _ in
            for id in ["br", "gzip"] {
                let out = try await ApixProcess.run(["run", "b", id, "--profiles", profiles])
                #expect(out.status == 0)
                #expect(try JSONValue.parse(out.stdout)["todos"]?.arrayValue?.count == 24, "\(id)")
                let stderr = out.stderr
                #expect(stderr.contains("(1.38 KiB decoded)"), "\(stderr)")
            }
            let json = try await ApixProcess.run(["run", "b", "gzip", "--json", "--profiles", profiles])
            let object = try JSONValue.parse(json.stdout)
            #expect(object["metrics"]?["content_encoding"]?.stringValue == "gzip")
            #expect((object["metrics"]?["body_wire_bytes"]?.intValue ?? 0) < (object["body_bytes"]?.intValue ?? 0))
        }
    }

    @Test("--no-compressed and compressed: false send no Accept-Encoding; --compressed turns it back on")
    func turnedOff() async throws {
        try await withProfiles { profiles, _ in
            let off = try await ApixProcess.run(["run", "b", "gzip", "--no-compressed", "--profiles", profiles])
            #expect(try JSONValue.parse(off.stdout)["todos"] != nil, "the server sends it plain when not asked")
            #expect(!off.stderr.contains("decoded"))
            let raw = try await ApixProcess.run(["run", "b", "raw", "--json", "--profiles", profiles])
            #expect(try JSONValue.parse(raw.stdout)["metrics"]?["content_encoding"] == nil)
            let on = try await ApixProcess.run(["run", "b", "raw", "--compressed", "--json", "--profiles", profiles])
            #expect(try JSONValue.parse(on.stdout)["metrics"]?["content_encoding"]?.stringValue == "gzip")
        }
    }

    @Test("-o into a directory names the file from the URL, and says where the body went")
    func outputDirectory() async throws {
        try await withProfiles { profiles, _ in
            let out = try await ApixProcess.run(["run", "b", "bytes", "-o", profiles + "/", "--profiles", profiles])
            #expect(out.status == 0)
            #expect(out.stderr.contains("apix: body saved to \(profiles)/1000 (1000 B)"))
            #expect(FileManager.default.contents(atPath: profiles + "/1000")?.count == 1000)
            #expect(!FileManager.default.fileExists(atPath: profiles + "/1000.part"))
        }
    }

    @Test("-o FIFO that no process reads fails at once and says so (it used to wait forever, deaf to signals)")
    func outputFIFOWithoutReader() async throws {
        try await withProfiles { profiles, _ in
            let fifo = profiles + "/pipe"
            #expect(mkfifo(fifo, 0o600) == 0)
            let out = try await ChildProcess.run(
                [ApixProcess.binary, "run", "b", "bytes", "-o", fifo, "--profiles", profiles],
                environment: ["XDG_STATE_HOME": profiles + "/state"],
                terminal: false, timeout: 20)
            #expect(!out.timedOut)
            #expect(out.status != 0)
            #expect(
                out.stderrText.contains("cannot write \(fifo): no process is reading the FIFO"), "\(out.stderrText)")
        }
    }

    @Test("-o /dev/null with checks says the body cannot be read back; -o FILE checks what was saved")
    func checksOnDiscardedBody() async throws {
        try await withProfiles { profiles, _ in
            let discarded = try await ApixProcess.run(
                ["run", "b", "checked", "-o", "/dev/null", "--profiles", profiles])
            #expect(discarded.status == 1, "\(discarded.stderr)")
            // It used to read /dev/null back and report "body is not JSON (… unexpected end of input)".
            #expect(!discarded.stderr.contains("not JSON"), "\(discarded.stderr)")
            let why = "nothing to read: the body went to /dev/null"
            #expect(discarded.stderr.contains("✗ $.id == 1 (got \(why))"), "\(discarded.stderr)")
            #expect(discarded.stderr.contains("✗ body contains title (got \(why))"), "\(discarded.stderr)")
            #expect(discarded.stderr.contains("no value captured: title: \(why)"), "\(discarded.stderr)")
            let saved = try await ApixProcess.run(
                ["run", "b", "checked", "-o", profiles + "/todo.json", "--profiles", profiles])
            #expect(saved.status == 0, "\(saved.stderr)")
            #expect(!saved.stderr.contains("✗"), "\(saved.stderr)")
        }
    }

    @Test("-o ~/NAME is in the home directory")
    func outputHome() async throws {
        try await withProfiles { profiles, _ in
            let home = try TemporaryDirectory()
            let out = try await ApixProcess.run(
                ["run", "b", "bytes", "-o", "~/x.bin", "--profiles", profiles], environment: ["HOME": home.path])
            #expect(out.status == 0)
            #expect(FileManager.default.contents(atPath: home.path + "/x.bin")?.count == 1000)
        }
    }

    @Test(
        "--body @FILE is read from the working directory, @@ sends text starting with @, a missing file names its path")
    func bodyFiles() async throws {
        try await withProfiles { profiles, _ in
            try "from a file".write(toFile: profiles + "/in.txt", atomically: true, encoding: .utf8)
            let sent = try await ApixProcess.run(
                ["run", "b", "echo", "--body", "@in.txt", "--profiles", profiles], directory: profiles)
            #expect(try JSONValue.parse(sent.stdout)["body"]?.stringValue == "from a file")
            let text = try await ApixProcess.run(["run", "b", "echo", "--body", "@@handle", "--profiles", profiles])
            #expect(try JSONValue.parse(text.stdout)["body"]?.stringValue == "@handle")
            let missing = try await ApixProcess.run(
                ["run", "b", "echo", "--body", "@nope.txt", "--profiles", profiles], directory: profiles)
            #expect(missing.status == 2)
            #expect(
                missing.stderr
                    == "apix: --body: cannot read \(profiles)/nope.txt: No such file or directory\n")
        }
    }

    @Test("Ctrl-C during -o removes NAME.part, says so and exits 130")
    func interrupted() async throws {
        try await withProfiles { profiles, _ in
            let target = profiles + "/big.bin"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ApixProcess.binary)
            process.arguments = ["run", "b", "slow", "-o", target, "--profiles", profiles]
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(20)
            while !FileManager.default.fileExists(atPath: target + ".part"), clock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(FileManager.default.fileExists(atPath: target + ".part"), "the download started")
            kill(process.processIdentifier, SIGINT)
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 130)
            #expect(stderr.contains("apix: no response: cancelled; the partial download \(target).part was removed"))
            #expect(!FileManager.default.fileExists(atPath: target + ".part"))
            #expect(!FileManager.default.fileExists(atPath: target))
        }
    }
}

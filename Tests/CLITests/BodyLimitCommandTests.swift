import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix run` with bodies that never end, grow when decoded, or are large: what is kept is bounded
/// (`--max-body`, `max_body:`), `--json` streams the body, and no temporary spool outlives the process.
@Suite("apix run: bounded bodies and spool files")
struct BodyLimitCommandTests {
    /// A profile for `server` with endpoints `endless`, `limited` (`max_body: 1MiB`) and `big`.
    static func profiles(_ server: StreamingReplyServer, in folder: TemporaryDirectory) throws -> String {
        let text = """
            environments:
              local: { base_url: "\(server.baseURL)" }
            endpoints:
              - { id: endless, path: /endless }
              - { id: limited, path: /endless, max_body: 1MiB }
            """
        try text.write(toFile: folder.path + "/s.yaml", atomically: true, encoding: .utf8)
        return folder.path
    }

    /// An empty folder to be `$TMPDIR`.
    static func temporaryDirectory(in folder: TemporaryDirectory) throws -> String {
        let path = folder.path + "/tmp"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func contents(_ path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? ["(unreadable)"]
    }

    @Test("a body that never ends stops at --max-body with one line and exit 63, and TMPDIR is left empty")
    func endlessStops() async throws {
        let server = try StreamingReplyServer(
            head: "HTTP/1.1 200 OK\nContent-Type: application/octet-stream\nConnection: close\n",
            body: StreamingReplyServer.endless())
        let folder = try TemporaryDirectory()
        let profiles = try Self.profiles(server, in: folder)
        let tmp = try Self.temporaryDirectory(in: folder)
        let run = try MeasuredProcess(
            ["run", "s", "endless", "--max-body", "20MiB", "--json", "--profiles", profiles],
            environment: ["TMPDIR": tmp])
        let out = await run.finish()
        #expect(out.status == 63)
        #expect(out.stderr == "apix: stopped: body exceeds 20.0 MiB (the limit: --max-body, max_body:)\n")
        let document = try JSONValue.parse(out.stdout)
        #expect(document["error"]?["kind"]?.stringValue == "body_too_large")
        #expect(Self.contents(tmp).isEmpty)

        let limited = try await ApixProcess.run(["run", "s", "limited", "--profiles", profiles, "--json"])
        #expect(limited.status == 63, "the profile's max_body: 1MiB")
        #expect(limited.stderr.contains("body exceeds 1.00 MiB"))
    }

    @Test("past --max-body a body bound for a pipe streams on to stdout whole; --max-body 0 lifts the profile's limit")
    func pipeStreams() async throws {
        let body = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let server = try StreamingReplyServer(
            head: "HTTP/1.1 200 OK\nContent-Length: \(body.count)\nConnection: close\n",
            body: { StreamingReplyServer.send($0, body) })
        let folder = try TemporaryDirectory()
        let profiles = try Self.profiles(server, in: folder)
        let piped = try await ApixProcess.run(["run", "s", "endless", "--max-body", "1MiB", "--profiles", profiles])
        #expect(piped.status == 0)
        #expect(piped.stdout == Data(body))
        #expect(piped.stderr.hasPrefix("HTTP/1.1 200 OK"))

        let unlimited = try await ApixProcess.run(
            ["run", "s", "limited", "--max-body", "0", "--json", "--profiles", profiles])
        #expect(unlimited.status == 0)
        #expect(try JSONValue.parse(unlimited.stdout)["body_bytes"]?.numberText == "3000000")

        let wrong = try await ApixProcess.run(["run", "s", "endless", "--max-body", "lots", "--profiles", profiles])
        #expect(wrong.status == 2)
        #expect(wrong.stderr == "apix: --max-body must be a size such as 500MB or 1GiB (0: no limit), got 'lots'\n")
    }

    @Test(
        "SIGINT, SIGTERM and SIGHUP during a spooled transfer end it with 130 and leave nothing in TMPDIR",
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalsLeaveNoSpool(signal: Int32) async throws {
        let server = try StreamingReplyServer(
            head: "HTTP/1.1 200 OK\nContent-Type: application/octet-stream\nConnection: close\n",
            body: StreamingReplyServer.endless())
        let folder = try TemporaryDirectory()
        let profiles = try Self.profiles(server, in: folder)
        let tmp = try Self.temporaryDirectory(in: folder)
        let run = try MeasuredProcess(
            ["run", "s", "endless", "--profiles", profiles], environment: ["TMPDIR": tmp], discardStdout: true)
        // Under way once the spool exists: a file in TMPDIR, or (unlinked at once) an open file that was there.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(30)
        while clock.now < deadline, Self.contents(tmp).isEmpty,
            !run.openFiles().contains(where: { $0.hasPrefix(tmp + "/apix-body-") })
        {
            try await Task.sleep(for: .milliseconds(10))
        }
        kill(run.pid, signal)
        let out = await run.finish()
        #expect(out.status == 130, "\(out.stderr)")
        #expect(run.process.terminationReason == .exit)
        #expect(out.stderr.contains("apix: no response: cancelled"))
        #expect(Self.contents(tmp).isEmpty)
    }

    @Test("a gzip bomb with --json stops at the decoded limit with a clear error, in bounded memory")
    func gzipBomb() async throws {
        // 1 GiB of zeros gzipped (about 1 MB), made as it is sent.
        let server = try StreamingReplyServer(
            head: "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Encoding: gzip\nConnection: close\n",
            body: { client in
                let gzip = Process()
                gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
                gzip.arguments = ["-c", "head -c 1073741824 /dev/zero | gzip -c -9"]
                let pipe = Pipe()
                gzip.standardOutput = pipe
                guard (try? gzip.run()) != nil else { return }
                while let chunk = try? pipe.fileHandleForReading.read(upToCount: 1 << 16), !chunk.isEmpty,
                    StreamingReplyServer.send(client, Array(chunk))
                {}
                gzip.terminate()
                try? pipe.fileHandleForReading.close()
            })
        let folder = try TemporaryDirectory()
        let profiles = try Self.profiles(server, in: folder)
        // The ratio (1,000 to 1, which gzip -9 of zeros just passes) is off: this is the size limit's test.
        let run = try MeasuredProcess(
            ["run", "s", "endless", "--json", "--max-body", "64MiB", "--max-body-ratio", "0", "--profiles", profiles])
        let out = await run.finish()
        #expect(out.status == 63)
        #expect(out.stderr == "apix: stopped: decoded body exceeds 64.0 MiB (the limit: --max-body, max_body:)\n")
        #expect(try JSONValue.parse(out.stdout)["error"]?["kind"]?.stringValue == "body_too_large")
        #expect(out.peakResident > 0 && out.peakResident < 128 << 20, "peak RSS \(out.peakResident >> 20) MiB")
        print("gzip bomb, --json --max-body 64MiB: peak RSS \(out.peakResident >> 20) MiB")
    }

    @Test("--json streams a 100 MB JSON body: the same document, in bounded memory")
    func largeJSON() async throws {
        let total = 100_000_000
        // `{"a":["xxxx…\"…", …]}`: quotes inside strings, escaped in the output.
        let item = Array(#""0123456789abcdef\"0123456789abcdef","#.utf8)
        let server = try StreamingReplyServer(
            head: "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: \(total)\nConnection: close\n",
            body: { client in
                let open = Array(#"{"a":["#.utf8)
                let close = Array(#""end"]}"#.utf8)
                var block: [UInt8] = []
                while block.count < 1 << 16 { block += item }
                guard StreamingReplyServer.send(client, open) else { return }
                var sent = open.count
                while sent + block.count + close.count <= total {
                    guard StreamingReplyServer.send(client, block) else { return }
                    sent += block.count
                }
                let padding = [UInt8](repeating: UInt8(ascii: " "), count: total - sent - close.count)
                StreamingReplyServer.send(client, padding + close)
            })
        let folder = try TemporaryDirectory()
        let profiles = try Self.profiles(server, in: folder)
        let run = try MeasuredProcess(["run", "s", "endless", "--json", "--profiles", profiles])
        let out = await run.finish()
        #expect(out.status == 0, "\(out.stderr)")
        // The document's two ends, where its other members are (the middle is the body, checked by its length).
        let head = String(decoding: out.stdout.prefix(4096), as: UTF8.self)
        let tail = String(decoding: out.stdout.suffix(4096), as: UTF8.self)
        #expect(head.hasPrefix(#"{"status":200,"reason":"OK""#))
        #expect(head.contains(#","body":"{\"a\":[\"0123456789abcdef\\\"0123456789abcdef\",\"#))
        #expect(tail.contains(#"\"end\"]}","body_encoding":"utf-8","body_bytes":100000000,"#))
        #expect(tail.hasSuffix("}\n"))
        #expect(out.stdout.count > total + total / 20, "every quote and backslash in the body is escaped")
        #expect(out.peakResident > 0 && out.peakResident < 160 << 20, "peak RSS \(out.peakResident >> 20) MiB")
        print("100 MB JSON, --json: peak RSS \(out.peakResident >> 20) MiB")
    }
}

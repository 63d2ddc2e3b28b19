import Foundation
import Synchronization
import TestSupport
import Testing

/// `apix run -o FIFO` with a process on the other end: one that reads all of it, and one that stops reading.
@Suite("apix run: -o into a FIFO, and stdout into a pipe")
struct RunFIFOTests {
    static func profile(_ port: Int) -> String {
        """
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - { id: bytes, path: "/bytes/{n}", params: { n: 1000 } }
          - { id: many, path: "/bytes/{n}", params: { n: 4000000 } }
          - { id: events, path: /events, query: { count: "100000", interval_ms: "0", pad: "1000" } }
        """
    }

    func withFIFO(_ body: (_ profiles: String, _ fifo: String) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.profile(server.port).write(toFile: directory.path + "/f.yaml", atomically: true, encoding: .utf8)
            let fifo = directory.path + "/pipe"
            #expect(mkfifo(fifo, 0o600) == 0)
            try await body(directory.path, fifo)
        }
    }

    @Test("a FIFO with a reader gets the whole body (asking whether -o was a terminal used to end the reader's input)")
    func reader() async throws {
        try await withFIFO { profiles, fifo in
            let reader = FIFOReader(path: fifo, reads: true)
            let out = try await ChildProcess.run(
                [ApixProcess.binary, "run", "f", "bytes", "-o", fifo, "--profiles", profiles],
                environment: ["XDG_STATE_HOME": profiles + "/state"], terminal: false, timeout: 20)
            #expect(out.status == 0, "\(out.stderrText)")
            #expect(out.stderrText.contains("body saved to \(fifo) (1000 B)"), "\(out.stderrText)")
            #expect(await reader.result(waiting: 10) == 1000)
        }
    }

    @Test("a FIFO whose reader stops early ends the run with exit 23 and a sentence (SIGPIPE ended it silently, 141)")
    func readerStopsEarly() async throws {
        try await withFIFO { profiles, fifo in
            let reader = FIFOReader(path: fifo, reads: true, stopsAfter: 100_000)
            let out = try await ChildProcess.run(
                [ApixProcess.binary, "run", "f", "many", "-o", fifo, "--profiles", profiles],
                environment: ["XDG_STATE_HOME": profiles + "/state"], terminal: false, timeout: 20)
            #expect(!out.timedOut)
            #expect(await reader.result(waiting: 10).map { $0 >= 100_000 } == true)
            #expect(out.status == 23, "\(out.stderrText)")
            #expect(out.stderrText.contains("apix: stopped: cannot write \(fifo): Broken pipe"), "\(out.stderrText)")
        }
    }

    @Test("an --events-file FIFO whose reader stops early is a warning naming it; the events still go to stdout")
    func eventsFileReaderStops() async throws {
        try await withFIFO { profiles, fifo in
            // 150 events of about 1 KB: more than the FIFO's 64 KiB, so some are written after the reader left.
            let reader = FIFOReader(path: fifo, reads: true, stopsAfter: 1000)
            let out = try await ChildProcess.run(
                [
                    ApixProcess.binary, "run", "f", "events", "--max-events", "150", "--events-file", fifo,
                    "--profiles",
                    profiles,
                ],
                environment: ["XDG_STATE_HOME": profiles + "/state"], terminal: false, timeout: 60)
            #expect(!out.timedOut)
            #expect(await reader.result(waiting: 10).map { $0 >= 1000 } == true)
            #expect(out.status == 0, "\(out.stderrText)")
            #expect(
                out.stderrText.contains("apix: warning: cannot write the events file \(fifo): Broken pipe"),
                "\(out.stderrText)")
            #expect(String(decoding: out.stdout, as: UTF8.self).contains("#150 "))
        }
    }

    @Test("an --events-file FIFO no process reads fails at once, before the request (it waited in open, for ever)")
    func eventsFileWithoutReader() async throws {
        try await withFIFO { profiles, fifo in
            let out = try await ChildProcess.run(
                [ApixProcess.binary, "run", "f", "events", "--events-file", fifo, "--profiles", profiles],
                environment: ["XDG_STATE_HOME": profiles + "/state"], terminal: false, timeout: 20)
            #expect(!out.timedOut)
            #expect(out.status == 2, "\(out.stderrText)")
            #expect(
                out.stderrText.contains("cannot write \(fifo): no process is reading the FIFO"), "\(out.stderrText)")
        }
    }

    @Test("Ctrl-C ends a run whose --events-file FIFO reader stopped reading: cancelled, exit 130")
    func eventsFileStalledInterrupt() async throws {
        try await withFIFO { profiles, fifo in
            let reader = FIFOReader(path: fifo, reads: false)
            defer { reader.release() }
            try await Self.interrupt(
                ["run", "f", "events", "--events-file", fifo, "--profiles", profiles], profiles: profiles
            ) {
                // The reader's open returns once apix opened the FIFO; its 64 KiB then fill with events.
                #expect(await reader.waitOpened(seconds: 20))
                try await Task.sleep(for: .milliseconds(500))
            }
        }
    }

    @Test(
        "stdout whose reader stops (`| head`) still ends apix quietly by SIGPIPE, as any filter ends",
        arguments: [["many", "--max-body", "100KB"], ["events"]])
    func standardOutputReaderStops(_ arguments: [String]) async throws {
        try await withFIFO { profiles, _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ApixProcess.binary)
            process.arguments = ["run", "f"] + arguments + ["--profiles", profiles]
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["XDG_STATE_HOME": profiles + "/state"]) { $1 }
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            #expect(await Self.readable(out, seconds: 20))
            try out.fileHandleForReading.close()
            let stderr = try await Self.waitForEnd(
                process, stderr: err, seconds: 60, after: "its stdout's reader going away")
            #expect(process.terminationReason == .uncaughtSignal, "\(stderr)")
            #expect(process.terminationStatus == SIGPIPE, "\(stderr)")
            #expect(!stderr.contains("cannot write"), "\(stderr)")
        }
    }

    @Test("--timeout 0 is no limit for a FIFO whose reader is slow to start")
    func slowReaderNoLimit() async throws {
        try await withFIFO { profiles, fifo in
            let reader = FIFOReader(path: fifo, reads: true, pause: 0.5)
            let out = try await ChildProcess.run(
                [ApixProcess.binary, "run", "f", "many", "-o", fifo, "--timeout", "0", "--profiles", profiles],
                environment: ["XDG_STATE_HOME": profiles + "/state"], terminal: false, timeout: 20)
            #expect(out.status == 0, "\(out.stderrText)")
            #expect(await reader.result(waiting: 10) == 4_000_000)
        }
    }

    @Test("--timeout ends a download whose FIFO reader stopped reading (it waited forever, deaf to it): exit 28")
    func stalledTimeout() async throws {
        try await withFIFO { profiles, fifo in
            let reader = FIFOReader(path: fifo, reads: false)
            defer { reader.release() }
            let out = try await ChildProcess.run(
                [ApixProcess.binary, "run", "f", "many", "-o", fifo, "--timeout", "10", "--profiles", profiles],
                environment: ["XDG_STATE_HOME": profiles + "/state"], terminal: false, timeout: 40)
            #expect(!out.timedOut)
            // 10 s: long enough, even on a loaded machine, for the pipe's 64 KiB to fill first, so the limit met is
            // the wait for the reader's, not libcurl's own. (3 s was not, beside the whole suite and two fuzzers:
            // no byte of the answer had come.)
            #expect(await reader.waitOpened(seconds: 1))
            #expect(out.status == 28, "\(out.stderrText)")
            #expect(
                out.stderrText.contains("timed out: no process read more of the body from \(fifo)"), "\(out.stderrText)"
            )
        }
    }

    @Test("Ctrl-C ends a download whose FIFO reader stopped reading: cancelled, exit 130")
    func stalledInterrupt() async throws {
        try await withFIFO { profiles, fifo in
            let reader = FIFOReader(path: fifo, reads: false)
            defer { reader.release() }
            try await Self.interrupt(["run", "f", "many", "-o", fifo, "--profiles", profiles], profiles: profiles) {
                // The reader's open returns once apix opened the FIFO; the pipe's 64 KiB then fill at once.
                #expect(await reader.waitOpened(seconds: 20))
                try await Task.sleep(for: .milliseconds(300))
            }
        }
    }

    @Test(
        "Ctrl-C ends what goes to a stdout pipe whose reader stopped: a body past --max-body, a stream's events",
        arguments: [["many", "--max-body", "100KB"], ["events"]])
    func stalledStandardOutput(_ arguments: [String]) async throws {
        try await withFIFO { profiles, _ in
            let out = Pipe()  // never read: the reader that stopped
            defer { try? out.fileHandleForReading.close() }
            try await Self.interrupt(
                ["run", "f"] + arguments + ["--profiles", profiles], profiles: profiles, stdout: out
            ) {
                // The body passes 100 KB and goes on to stdout (or the events are printed there): once the first
                // bytes are in the pipe, its 64 KiB fill at once. Waiting for them, not for a fixed time, means the
                // signal never comes before apix is under way on a slow machine.
                #expect(await Self.readable(out, seconds: 20))
                try await Task.sleep(for: .milliseconds(300))
            }
        }
    }

    /// Whether `pipe` has bytes to read within `seconds` (polled, without reading them).
    static func readable(_ pipe: Pipe, seconds: Double) async -> Bool {
        var entry = pollfd(fd: pipe.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        for _ in 0..<Int(seconds * 50) {
            if poll(&entry, 1, 0) > 0 { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Runs apix with `arguments`, sends SIGINT once `ready` returns, and expects it to end within 10 s, cancelled
    /// (exit 130); past 10 s it is killed and the test fails.
    static func interrupt(
        _ arguments: [String], profiles: String, stdout: Pipe? = nil, ready: () async throws -> Void
    ) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ApixProcess.binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": profiles + "/state"]) {
            $1
        }
        let err = Pipe()
        process.standardError = err
        if let stdout { process.standardOutput = stdout } else { process.standardOutput = FileHandle.nullDevice }
        try process.run()
        try await ready()
        kill(process.processIdentifier, SIGINT)
        let stderr = try await waitForEnd(process, stderr: err, seconds: 10, after: "SIGINT")
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("cancelled"), "\(stderr)")
    }
}

extension RunFIFOTests {
    /// Waits up to `seconds` for `process` to end (past them it is killed and the test fails, naming what it should
    /// have ended `after`); returns what it wrote to `stderr`.
    static func waitForEnd(_ process: Process, stderr: Pipe, seconds: Int, after: String) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(seconds)
        while process.isRunning, clock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning {
            Issue.record("apix did not end within \(seconds) s of \(after)")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

/// The other end of a FIFO, on a plain thread: it opens the FIFO (waiting for a writer), then reads it to its end,
/// or holds it open without reading until `release`.
final class FIFOReader: Sendable {
    private let state = Mutex<(opened: Bool, bytes: Int?, released: Bool)>((false, nil, false))

    /// `pause`: seconds the reader waits once open before it reads; `stopsAfter`: bytes past which it closes the
    /// FIFO, as `head -c` does.
    init(path: String, reads: Bool, pause: Double = 0, stopsAfter limit: Int = .max) {
        Thread { self.run(path: path, reads: reads, pause: pause, limit: limit) }.start()
    }

    private func run(path: String, reads: Bool, pause: Double, limit: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        state.withLock { $0.opened = true }
        guard descriptor >= 0 else {
            state.withLock { $0.bytes = -1 }
            return
        }
        defer { close(descriptor) }
        if pause > 0 { usleep(useconds_t(pause * 1_000_000)) }
        if !reads {
            // Bounded: 60 s at most, if the test never releases it.
            for _ in 0..<1200 where !state.withLock({ $0.released }) { usleep(50_000) }
            return
        }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            total += count
            if total >= limit { break }
        }
        state.withLock { $0.bytes = total }
    }

    /// Whether the writer opened the FIFO within `seconds`.
    func waitOpened(seconds: Double) async -> Bool {
        for _ in 0..<Int(seconds * 50) {
            if state.withLock({ $0.opened }) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// The bytes read to the end of the FIFO (-1 when it could not be opened), or nil if the end did not come
    /// within `seconds`.
    func result(waiting seconds: Double) async -> Int? {
        for _ in 0..<Int(seconds * 50) {
            if let bytes = state.withLock({ $0.bytes }) { return bytes }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    func release() {
        state.withLock { $0.released = true }
    }
}

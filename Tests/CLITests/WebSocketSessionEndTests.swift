import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix ws` (the built binary) against the `websockets` library's server: Ctrl-C ends a session with a close
/// (1001) that waits for the server's, the upgrade answer's cookies go to the profile's jar, and `--timeout`
/// bounds the upgrade (docs/WEBSOCKET.md).
@Suite("apix ws: Ctrl-C, cookies and time limits")
struct WebSocketSessionEndTests {
    /// `apix ARGUMENTS` with stdin open; once the first line is on stdout, `signal` is sent to it. `environment` is
    /// added to the test's.
    static func interrupted(_ arguments: [String], signal: Int32, environment: [String: String] = [:]) async throws
        -> (Int32, String, String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ApixProcess.binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        defer { try? input.fileHandleForWriting.close() }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<(Data, Data), Never>) in
            let thread = Thread {
                var outputs = Data()
                var signalled = false
                let errors = Thread.detachedRead(err.fileHandleForReading)
                // Bounded: stdout ends when the process does. The signal goes once the first message is printed:
                // the session is then running (its signal handling is taken before it starts, after the
                // `connected to` line: a signal between the two would end apix with the default disposition).
                while true {
                    let chunk = out.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    outputs += chunk
                    if !signalled, outputs.contains(0x0A) {
                        signalled = true
                        kill(process.processIdentifier, signal)
                        // Bounded: a signal apix did not see would leave it running, and this read, forever.
                        let pid = process.processIdentifier
                        Thread {
                            for _ in 0..<600 where process.isRunning { usleep(100_000) }
                            if process.isRunning { kill(pid, SIGKILL) }
                        }.start()
                    }
                }
                process.waitUntilExit()
                continuation.resume(returning: (outputs, errors.wait()))
            }
            thread.start()
        }
        return (
            process.terminationStatus, String(decoding: result.0, as: UTF8.self),
            String(decoding: result.1, as: UTF8.self)
        )
    }

    @Test("Ctrl-C (and SIGTERM) sends a close with 1001, waits for the server's, prints the close line; exit 130")
    func interrupt() async throws {
        let peer = try WebSocketPeer()
        for number in [SIGINT, SIGTERM] {
            // --max-messages: stdin's end alone would not close; only the signal ends this session.
            let (status, stdout, stderr) = try await Self.interrupted(
                ["ws", peer.url("/feed?count=2"), "--jsonl", "--max-messages", "100", "--no-history"],
                signal: number)
            #expect(status == 130, "\(stderr)")
            let last = try JSONValue.parse(Array(try #require(stdout.split(separator: "\n").last).utf8))
            #expect(last["type"]?.stringValue == "close", "\(stdout)")
            // The server answered apix's close with its code: the closing handshake completed (RFC 6455 §7.1.2).
            #expect(last["code"]?.intValue == 1001, "\(stdout)")
            #expect(stderr.contains("apix: interrupted, closed: 1001"), "\(stderr)")
        }
    }

    @Test("cookies the 101 answer sets go to the profile's jar and are sent on the next upgrade (RFC 6265 §5.3)")
    func cookies() async throws {
        let peer = try WebSocketPeer()
        let folder = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try folder.write(
            "c.yaml",
            """
            environments:
              local: { base_url: "http://127.0.0.1:\(peer.port)" }
            endpoints:
              - { id: cookie, protocol: websocket, path: /cookie }
              - { id: headers, protocol: websocket, path: /headers }
            """)
        let environment = ["XDG_STATE_HOME": state.path]
        let first = try await ApixProcess.run(
            ["ws", "c", "cookie", "--send", "x", "--max-messages", "1", "--profiles", folder.path],
            environment: environment, keepInputOpen: true)
        #expect(first.status == 0, "\(first.stderr)")
        let listed = try await ApixProcess.run(
            ["cookies", "c", "--reveal", "--profiles", folder.path], environment: environment)
        #expect(listed.text.contains("session"), "\(listed.text)\(listed.stderr)")
        #expect(listed.text.contains("scoped"))
        #expect(!listed.text.contains("foreign"), "a Domain that is not the host's is refused")
        let second = try await ApixProcess.run(
            ["ws", "c", "headers", "--max-messages", "1", "--profiles", folder.path], environment: environment,
            keepInputOpen: true)
        let sent = try JSONValue.parse(Array(second.stdout))
        // `scoped` has Path=/cookie: not sent to /headers.
        #expect(sent["cookie"]?.stringValue == "session=s1", "\(second.text)\(second.stderr)")
        // The history keeps the upgrade as written, in its order, the jar's Cookie masked.
        let list = try await ApixProcess.run(["history", "--json"], environment: environment)
        let id = try #require(JSONValue.parse(list.stdout)["entries"]?[0]?["id"]?.stringValue)
        let entry = try await ApixProcess.run(["history", "show", id, "--json"], environment: environment)
        let names = (try JSONValue.parse(entry.stdout)["request"]?["headers"]?.arrayValue ?? []).compactMap {
            $0[0]?.stringValue
        }
        #expect(names.first == "Host" && names.contains("Upgrade") && names.contains("Sec-WebSocket-Key"), "\(names)")
        #expect(entry.text.contains("session=••••") && !entry.text.contains("s1\""), "\(entry.text)")
    }

    @Test("--timeout bounds the wait for the upgrade answer (a server that accepts and never answers): exit 28")
    func handshakeTimeout() async throws {
        let silent = try SilentListener()
        defer { silent.close() }
        let out = try await ApixProcess.run(["ws", "ws://127.0.0.1:\(silent.port)/", "--timeout", "0.5"])
        #expect(out.status == 28, "\(out.stderr)")
        #expect(out.stderr.contains("no upgrade answer within 0.5 s"), "\(out.stderr)")
    }
}

/// A TCP listener on 127.0.0.1 that accepts (the kernel's backlog) and never answers.
private final class SilentListener: Sendable {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
        }
        guard bound == 0, listen(fd, 4) == 0 else {
            _ = Glibc.close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = size
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(descriptor) }
}

extension Thread {
    /// Reads `handle` to its end on a thread of its own; `wait()` gives what it read.
    fileprivate static func detachedRead(_ handle: FileHandle) -> DetachedRead {
        let read = DetachedRead()
        let thread = Thread { read.finish(handle.readDataToEndOfFile()) }
        thread.start()
        return read
    }
}

/// What a reader thread read, handed to the waiting one.
private final class DetachedRead: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let data = Mutex<Data>(Data())

    func finish(_ read: Data) {
        data.withLock { $0 = read }
        done.signal()
    }

    func wait() -> Data {
        done.wait()
        return data.withLock { $0 }
    }
}

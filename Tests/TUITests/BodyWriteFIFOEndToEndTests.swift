import Foundation
import TestSupport
import Testing

extension EndToEndTerminal {
    /// `w` in the real explorer (tmux at 120×40) into a FIFO whose reader stops early, as `w` then `>(head -c 10)`
    /// would: the write fails with a located message and the explorer goes on. It used to end by SIGPIPE, the
    /// terminal left in the explorer's modes. And into FIFOs whose readers never read: the explorer still sends (the
    /// writes once waited on its shared threads, one per core, and froze it).
    @Suite(
        "TUI end to end: w into a FIFO whose reader leaves or stalls", .serialized,
        .enabled(if: TmuxSession.isAvailable))
    struct BodyWriteFIFOEndToEndTests {
        @Test("the status line says the pipe broke; the explorer still answers keys")
        func readerLeaves() async throws {
            try await withDemoServer { server in
                let session = try TmuxSession()
                defer { session.close() }
                try await Self.openAnswered(session, baseURL: server.baseURL)
                let fifo = session.home + "/pipe"
                #expect(mkfifo(fifo, 0o600) == 0)
                try session.send("w")
                try await session.waiting(for: "Write body to:")
                // 400,000 bytes: past the FIFO's 64 KiB, so the reader is gone while the explorer still writes.
                let reader = FIFOHead(path: fifo, bytes: 10)
                // The reader waits in `open` before the explorer opens the FIFO (else: "no process is reading").
                try await Task.sleep(for: .milliseconds(200))
                try session.send("C-u")
                try session.send(fifo, literal: true)
                try session.send("Enter")
                try await session.waiting(for: "could not write \(fifo): Broken pipe")
                #expect(try session.capture().contains("Broken pipe"))
                #expect(reader.finished(within: 10))
                // Still running, in its own screen (a SIGPIPE left the shell's).
                #expect(try session.alternateScreen())
                try session.send("q")
            }
        }

        @Test("writes into FIFOs whose readers never read leave the explorer sending and answering")
        func readersStall() async throws {
            try await withDemoServer { server in
                let session = try TmuxSession()
                defer { session.close() }
                try await Self.openAnswered(session, baseURL: server.baseURL)
                // One stalled write per core: as many as the explorer's pool of shared threads has, which a write
                // that waited there took one by one until nothing async ran.
                var readers: [StalledFIFOReader] = []
                defer { for reader in readers { reader.close() } }
                for index in 0..<min(ProcessInfo.processInfo.activeProcessorCount, 8) {
                    let fifo = session.home + "/stalled\(index)"
                    #expect(mkfifo(fifo, 0o600) == 0)
                    readers.append(try StalledFIFOReader(path: fifo))
                    try session.send("w")
                    try await session.waiting(for: "Write body to:")
                    try session.send("C-u")
                    try session.send(fifo, literal: true)
                    try session.send("Enter")
                }
                try session.send("Tab", "Down", "Enter")
                try await session.waiting(for: "201 Created")
                try session.send("q")
            }
        }

        /// The explorer on a profile of two endpoints, `big` (400,000 bytes: past a FIFO's 64 KiB) sent and its
        /// answer's pane in focus; `small` (a 201) below it.
        static func openAnswered(_ session: TmuxSession, baseURL: String) async throws {
            let profiles = try session.profiles([
                "fifo.yaml": """
                environments: { local: { base_url: "\(baseURL)" } }
                endpoints:
                  - { id: big, path: "/bytes/{n}", params: { n: 400000 } }
                  - { id: small, path: "/status/{code}", params: { code: 201 } }
                """
            ])
            try session.run("\(TmuxSession.apix) --profiles \(profiles)")
            try await session.waiting(for: "small")
            try session.send("Enter")
            try await session.waiting(for: "200 OK")
            try session.send("Tab", "Tab")
        }
    }
}

/// Opens a FIFO for reading and never reads, so a writer past the FIFO's 64 KiB waits.
private struct StalledFIFOReader {
    let descriptor: Int32

    init(path: String) throws {
        // Non-blocking: with no writer yet, `open` for reading would wait.
        descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoPermission) }
    }

    func close() { _ = Glibc.close(descriptor) }
}

/// Reads `bytes` from a FIFO on a plain thread, then closes it, as `head -c` does.
private final class FIFOHead: Sendable {
    private let done = DispatchSemaphore(value: 0)

    init(path: String, bytes: Int) {
        Thread { [done] in
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor >= 0 {
                var buffer = [UInt8](repeating: 0, count: bytes)
                _ = read(descriptor, &buffer, bytes)
                close(descriptor)
            }
            done.signal()
        }.start()
    }

    /// Whether the reader opened, read and closed within `seconds`.
    func finished(within seconds: Double) -> Bool {
        done.wait(timeout: .now() + seconds) == .success
    }
}

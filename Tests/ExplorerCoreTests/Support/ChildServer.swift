import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A server program started by a test (nginx, openssl s_server, the recording proxy), killed on `stop()` or deinit.
final class ChildServer {
    let process: Process

    /// Starts `arguments` through `/usr/bin/env`; `output` receives its stdout when given.
    init(_ arguments: [String], output: Pipe? = nil) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        stop()
    }

    /// SIGKILL (see `TLSServer.stop`).
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The first line of `pipe` that contains `marker` (any line when nil), read on a plain thread (never the
    /// cooperative pool); empty at end of file.
    static func line(from pipe: Pipe, containing marker: String? = nil) async -> String {
        await withCheckedContinuation { continuation in
            Thread {
                var bytes = Data()
                while let byte = try? pipe.fileHandleForReading.read(upToCount: 1), !byte.isEmpty {
                    if byte == Data("\n".utf8) {
                        let line = String(decoding: bytes, as: UTF8.self)
                        if marker.map(line.contains) ?? true {
                            continuation.resume(returning: line)
                            return
                        }
                        bytes.removeAll()
                    } else {
                        bytes.append(byte)
                    }
                }
                continuation.resume(returning: "")
            }.start()
        }
    }

    /// A port free on 127.0.0.1 a moment ago, for servers that cannot be told to take port 0.
    static func freePort() throws -> Int {
        try freePorts(1)[0]
    }

    /// `count` different ports free on 127.0.0.1 a moment ago: each is held until all are taken, so the kernel
    /// cannot hand the same one out twice.
    static func freePorts(_ count: Int) throws -> [Int] {
        let listeners = try (0..<count).map { _ in try LoopbackListener(backlog: 1) }
        for listener in listeners { close(listener.socket) }
        return listeners.map(\.port)
    }

    /// Waits (at most 5 s) until something accepts connections on 127.0.0.1:`port`; gives up at once when `server`
    /// has exited (it could not listen: another program took the port meanwhile, say).
    static func waitForPort(_ port: Int, server: ChildServer? = nil) async throws {
        for _ in 0..<500 {
            if let server, !server.process.isRunning { throw POSIXError(.ECHILD) }
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = LoopbackListener.address(port: port)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            close(socket)
            if connected { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw POSIXError(.ETIMEDOUT)
    }
}

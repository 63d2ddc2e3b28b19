import Foundation

/// A real server from Debian's Python packages, run from a script in `Tests/Peers` (httpbin, the SigV4 checker, the
/// OAuth2 authorization server): started with Debian's `/usr/bin/python3` on 127.0.0.1 port 0, it prints its port
/// on its first line and stops when its stdin closes (when this value goes away, or at `stop()`).
package final class PythonPeer: Sendable {
    package let port: Int
    private let process: Process
    private let input: Pipe

    /// `script`: a file name in `Tests/Peers`; `arguments` follow it.
    package init(_ script: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        let process = Process()
        // Debian's interpreter, which the python3-… packages install into (not a pyenv shim on the PATH).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.directory + "/" + script] + arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is the port; a bounded read (a port is a few bytes).
        var line = Data()
        while line.count < 16, let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty {
            if byte == Data([0x0A]) { break }
            line += byte
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            process.waitUntilExit()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
        self.process = process
        self.input = input
    }

    /// The scripts beside the tests' sources.
    package static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Peers").path

    /// `http://127.0.0.1:PORT` + `path`.
    package func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Ends the server and waits for it. Not by closing stdin alone: a child that another test started meanwhile may
    /// hold a copy of the pipe's write end (Foundation's `Process` leaves descriptors open across spawns), and a
    /// server that never sees end-of-file kept this wait, on a thread of the shared pool, from ever returning (seen:
    /// two such waits held both pool threads, and with them the in-process demo API every other test waited for).
    package func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit {
        try? input.fileHandleForWriting.close()
    }
}

import Foundation

/// A real server from Debian's Python packages, run from a script in `Tests/Peers` (httpbin, the SigV4 checker, the
/// OAuth2 authorization server): started with Debian's `/usr/bin/python3` on 127.0.0.1 port 0, it prints its port
/// on its first line and stops when its stdin closes (when this value goes away, or at `stop()`).
package final class PythonPeer: Sendable {
    package let port: Int
    private let process: Process
    private let input: Pipe

    /// `script`: a file name in `Tests/Peers`; `arguments` follow it. `interpreter`: Debian's, which the python3-…
    /// packages install into (not a pyenv shim on the PATH), or `venvPython` for the peers from PyPI.
    package init(
        _ script: String, arguments: [String] = [], environment: [String: String] = [:],
        interpreter: String = "/usr/bin/python3"
    ) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: interpreter)
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

    /// The venv `scripts/setup.sh` installs the PyPI peers into (Ariadne and uvicorn for the GraphQL tests).
    package static var venvPython: String {
        let environment = ProcessInfo.processInfo.environment
        let state = environment["XDG_STATE_HOME"] ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/state")
        return state + "/apix-tests/venv/bin/python3"
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
    ///
    /// With SIGKILL, not SIGTERM: a peer inherits the signal mask of the thread that started it, and a thread of the
    /// test process may have SIGTERM blocked (seen: httpbin and the SigV4 checker with SIGTERM pending and blocked,
    /// their `stop()`s waiting on both pool threads, the whole run stuck). SIGKILL cannot be blocked, and a peer has
    /// nothing to clean up.
    package func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit {
        try? input.fileHandleForWriting.close()
    }
}

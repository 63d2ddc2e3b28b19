import Foundation

/// A real WebSocket server on loopback: `Tests/Peers/websocket_server.py`, the `websockets` library of
/// python3-websockets (scripts/setup.sh), started on 127.0.0.1 port 0. It prints its port, and stops when its stdin
/// closes (when this value goes away, or at `stop()`).
package final class WebSocketPeer: Sendable {
    package let port: Int
    private let process: Process
    private let input: Pipe
    private let scheme: String

    /// The script beside the tests' sources.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Peers/websocket_server.py").path

    /// `tls`: serve wss:// with this certificate and key; with `clientCA`, require a client certificate it signed.
    package init(tls: (certificate: String, key: String)? = nil, clientCA: String? = nil) throws {
        let process = Process()
        // Debian's interpreter, which python3-websockets installs into (not a pyenv shim on the PATH).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [Self.script] + (tls.map { [$0.certificate, $0.key] } ?? []) + (clientCA.map { [$0] } ?? [])
        scheme = tls == nil ? "ws" : "wss"
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
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
        self.process = process
        self.input = input
    }

    /// `ws://127.0.0.1:PORT` (`wss://` with TLS) + `path`.
    package func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    package func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        try? input.fileHandleForWriting.close()
    }
}

import Foundation

/// The demo API in its own process (`apix demo --serve --port 0`), so the measured client and its peer share
/// nothing with the server but the loopback interface.
final class DemoServerProcess {
    let process = Process()
    let port: Int

    init(apix: String) throws {
        process.executableURL = URL(fileURLWithPath: apix)
        process.arguments = ["demo", "--serve", "--port", "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The first stderr line names the URL: "apix demo API on http://127.0.0.1:PORT (Ctrl-C to stop)".
        var line = Data()
        while let byte = try errors.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression),
            let port = Int(text[range].split(separator: ":").last ?? "")
        else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw BenchmarkError("the demo server did not start: \(text)")
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// SIGKILL: the server keeps nothing worth flushing, and the child inherits the signal mask of the thread that
    /// started it, where SIGTERM may be blocked (waiting for a SIGTERM exit could then hang).
    private func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }
}

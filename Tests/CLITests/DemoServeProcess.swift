import Foundation
import TestSupport

/// `apix demo --serve --port 0` started from `executable` with its own state directory, up to the line that says
/// where it listens; the caller stops it (`stop`), and it is killed if the test ends first.
final class DemoServeProcess {
    let process = Process()
    let state: TemporaryDirectory
    /// The first line on stderr (`… 127.0.0.1:PORT …`).
    let line: String

    init(executable: String = ApixProcess.binary) throws {
        state = try TemporaryDirectory()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["demo", "--serve", "--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": state.path]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var bytes = Data()
        while let byte = try errors.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            bytes.append(byte)
        }
        line = String(decoding: bytes, as: UTF8.self)
    }

    /// `127.0.0.1:PORT` from `line`, nil when the line does not say it.
    var address: String? {
        line.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression).map { String(line[$0]) }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// SIGTERM, then waits for the end.
    func stop() {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }
}

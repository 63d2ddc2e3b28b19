import Foundation
import Synchronization

/// Runs `bash -c COMMAND` and captures stdout, waiting on a plain thread (never the cooperative pool, which the
/// in-process demo server needs).
enum Shell {
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    static func run(_ command: String, environment: [String: String] = [:]) async throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<(Data, Data), Never>) in
            Thread {
                let errors = Mutex<Data?>(nil)
                let reader = Thread {
                    let data = err.fileHandleForReading.readDataToEndOfFile()
                    errors.withLock { $0 = data }
                }
                reader.start()
                let output = out.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                while errors.withLock({ $0 == nil }) { usleep(1000) }
                continuation.resume(returning: (output, errors.withLock { $0 ?? Data() }))
            }.start()
        }
        return Output(
            status: process.terminationStatus, stdout: result.0, stderr: String(decoding: result.1, as: UTF8.self))
    }
}

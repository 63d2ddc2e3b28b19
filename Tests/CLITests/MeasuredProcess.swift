import Foundation
import Synchronization

/// Runs the real `apix` like `ApixProcess`, also reading its peak resident memory (`VmHWM` in
/// `/proc/PID/status`) while it runs, and able to signal it once it is under way.
final class MeasuredProcess: @unchecked Sendable {  // its Process and pipes are used by one test at a time
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        /// The highest `VmHWM` seen, in bytes.
        var peakResident: Int64
    }

    let process = Process()
    private let out = Pipe()
    private let err = Pipe()
    private let peak = Box<Int64>(0)

    init(_ arguments: [String], environment: [String: String] = [:], discardStdout: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: ApixProcess.binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        process.standardOutput = discardStdout ? FileHandle.nullDevice : out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// The process's open files as their link targets (`/path (deleted)` for unlinked ones).
    func openFiles() -> [String] {
        let directory = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\($0)") }
    }

    /// Waits for the end on plain threads (never the cooperative pool, which the test servers may need).
    func finish() async -> Output {
        let process = process
        let out = out
        let err = err
        let peak = self.peak
        let discarded = process.standardOutput as? FileHandle == FileHandle.nullDevice
        let pid = pid
        let poller = Thread {
            while process.isRunning {
                if let value = Self.residentPeak(pid: pid) { peak.update { $0 = max($0, value) } }
                usleep(2000)
            }
        }
        poller.start()
        let (o, e) = await withCheckedContinuation { (continuation: CheckedContinuation<(Data, Data), Never>) in
            Thread {
                let errors = Box<Data?>(nil)
                Thread {
                    let data = err.fileHandleForReading.readDataToEndOfFile()
                    errors.update { $0 = data }
                }
                .start()
                let output = discarded ? Data() : out.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                while errors.read() == nil { usleep(1000) }
                continuation.resume(returning: (output, errors.read() ?? Data()))
            }.start()
        }
        return Output(
            status: process.terminationStatus, stdout: o, stderr: String(decoding: e, as: UTF8.self),
            peakResident: peak.read())
    }

    /// `VmHWM` of `pid` in bytes, nil when it cannot be read (the process is gone).
    static func residentPeak(pid: Int32) -> Int64? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        let digits = line.split(separator: " ").dropFirst().first.flatMap { Int64($0) }
        return digits.map { $0 * 1024 }
    }
}

/// A value shared between threads.
final class Box<Value: Sendable>: Sendable {
    private let state: Mutex<Value>

    init(_ value: Value) { state = Mutex(value) }

    func read() -> Value { state.withLock { $0 } }
    func update(_ change: (inout Value) -> Void) { state.withLock { change(&$0) } }
}

import Foundation
import Synchronization

/// Runs the real `apix` binary (built next to the test bundle) and captures what it wrote.
struct ApixProcess {
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    static var binary: String {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        // On Linux the runner is `…/debug/apixPackageTests.xctest`; elsewhere it may sit inside a bundle.
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("apix").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("apix").path
    }

    /// The crash-safety tests' child program (`Tests/TestLoops`), built beside `apix`.
    static var loops: String {
        URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("apix-test-loops").path
    }

    /// `input`: written to stdin, which is then closed (`keepInputOpen`: left open until the process exits, so it
    /// never sees the end of its input); without it stdin is /dev/null.
    static func run(
        executable: String = binary, _ arguments: [String], environment: [String: String] = [:],
        directory: String? = nil, input: Data? = nil, keepInputOpen: Bool = false
    ) async throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = input == nil && !keepInputOpen ? FileHandle.nullDevice : stdin
        try process.run()
        if input != nil || keepInputOpen {
            try stdin.fileHandleForWriting.write(contentsOf: input ?? Data())
            if !keepInputOpen { try stdin.fileHandleForWriting.close() }
        }
        defer { try? stdin.fileHandleForWriting.close() }
        // Wait on plain threads, never on the cooperative pool: the demo server's handlers need those threads.
        let (o, e) = await withCheckedContinuation { (continuation: CheckedContinuation<(Data, Data), Never>) in
            let thread = Thread {
                let errors = LockedData()
                let reader = Thread { errors.set(err.fileHandleForReading.readDataToEndOfFile()) }
                reader.start()
                let output = out.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                while !errors.isSet { usleep(1000) }
                continuation.resume(returning: (output, errors.get()))
            }
            thread.start()
        }
        return Output(status: process.terminationStatus, stdout: o, stderr: String(decoding: e, as: UTF8.self))
    }
}

/// Data handed from a reader thread to the waiting one.
private final class LockedData: Sendable {
    private let state = Mutex<Data?>(nil)

    var isSet: Bool { state.withLock { $0 != nil } }
    func set(_ data: Data) { state.withLock { $0 = data } }
    func get() -> Data { state.withLock { $0 ?? Data() } }
}

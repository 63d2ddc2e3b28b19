import Foundation

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

    static func run(
        _ arguments: [String], environment: [String: String] = [:], directory: String? = nil
    ) async throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so a large output cannot fill one and block the child.
        async let stdout = Task.detached { out.fileHandleForReading.readDataToEndOfFile() }.value
        async let stderr = Task.detached { err.fileHandleForReading.readDataToEndOfFile() }.value
        let (o, e) = await (stdout, stderr)
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: o, stderr: String(decoding: e, as: UTF8.self))
    }
}

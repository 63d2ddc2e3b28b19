import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `apix demo` and `apix import openapi` run the sibling programs `apix-demo` and `apix-openapi`, so `apix` links
/// neither the server stack nor OpenAPIKit. These tests check the hand-over keeps what users see.
@Suite("sibling programs")
struct SiblingProgramsTests {
    @Test("apix demo --serve becomes apix-demo in the same process: it serves, and SIGTERM stops it")
    func demoServe() async throws {
        let state = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ApixProcess.binary)
        process.arguments = ["demo", "--serve", "--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": state.path]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var line = Data()
        while let byte = try errors.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        let range = try #require(text.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression), "\(text)")
        // The process that serves is the one that was started (exec, not a child).
        let name = try String(contentsOfFile: "/proc/\(process.processIdentifier)/comm", encoding: .utf8)
        #expect(name.trimmingCharacters(in: .whitespacesAndNewlines) == "apix-demo")
        let run = try await ApixProcess.run(
            [
                "run", "demo", "todos.list", "--profiles", Self.profiles, "--var",
                "port=\(text[range].split(separator: ":")[1])",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("200"))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
    }

    @Test("apix import openapi keeps its usage errors and exit status 2 through the hand-over")
    func importUsage() async throws {
        let missing = try await ApixProcess.run(["import", "openapi", "/nonexistent/spec.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "apix: cannot read /nonexistent/spec.yaml\n")
        let noSpec = try await ApixProcess.run(["import", "openapi"])
        #expect(noSpec.status == 2)
        #expect(noSpec.stderr.contains("Missing expected argument '<spec>'"))
    }

    /// The repository's profiles directory.
    static var profiles: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("profiles").path
    }
}

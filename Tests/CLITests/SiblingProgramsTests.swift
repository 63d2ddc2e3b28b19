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
        let serving = try DemoServeProcess()
        let process = serving.process
        let text = serving.line
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
        serving.stop()
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

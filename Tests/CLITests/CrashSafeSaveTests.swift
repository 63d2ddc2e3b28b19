import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ExplorerCore

/// Saving a profile from a process that is killed at random moments never leaves a truncated or mixed file.
@Suite("saves survive SIGKILL")
struct CrashSafeSaveTests {
    static let profile = """
        # A profile that is saved over and over while being killed.
        environments:
          local: { base_url: "http://127.0.0.1:8080" }   # keep this comment

        endpoints:
          - id: first
            path: /first
          - id: target
            path: /target/{id}
            params: { id: 1 }
            query: { v: start }
          # the last one
          - id: last
            path: /last
        """

    /// The file after `count` saves by the helper, from the original text.
    func textAfter(saves count: Int) async throws -> String {
        let directory = try TemporaryDirectory()
        let file = directory.path + "/p.yaml"
        try Self.profile.write(toFile: file, atomically: true, encoding: .utf8)
        let out = try await ApixProcess.run(
            executable: ApixProcess.loops,
            ["save-loop", "p", "target", "--count", String(count), "--profiles", directory.path])
        #expect(out.status == 0, "\(out.stderr)")
        return try String(contentsOfFile: file, encoding: .utf8)
    }

    @Test("a child process killed mid-save leaves the old file or the new one, never anything else")
    func killedMidSave() async throws {
        let versionA = try await textAfter(saves: 1)
        let versionB = try await textAfter(saves: 2)
        #expect(versionA != versionB && versionA != Self.profile)
        #expect(versionA.contains("# keep this comment") && versionB.contains("# the last one"))
        let allowed = [Self.profile, versionA, versionB]

        let directory = try TemporaryDirectory()
        let file = directory.path + "/p.yaml"
        try Self.profile.write(toFile: file, atomically: true, encoding: .utf8)
        var generator = SystemRandomNumberGenerator()
        var killedAfterSaves = 0
        for _ in 0..<40 {
            let saves = try await runAndKill(
                ["save-loop", "p", "target", "--profiles", directory.path],
                afterMicroseconds: UInt32.random(in: 0...20_000, using: &generator))
            if saves > 0 { killedAfterSaves += 1 }
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(allowed.contains(text), "the file is neither the old nor a new version:\n\(text)")
            let catalog = ProfileLoader.load(directory: directory.path)
            #expect(catalog.problems.isEmpty && catalog.profiles.map(\.id) == ["p"])
        }
        // Every kill landed while the child was saving (it is killed only after its first save is reported).
        #expect(killedAfterSaves == 40)
    }

    /// Starts apix, kills it with SIGKILL a random delay after its first save, and returns how many saves it
    /// reported.
    func runAndKill(_ arguments: [String], afterMicroseconds delay: UInt32) async throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ApixProcess.loops)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Sleep and wait on a plain thread: blocking the cooperative pool would stall other suites.
        let output = await withCheckedContinuation { (continuation: CheckedContinuation<Data, Never>) in
            Thread {
                // Wait (bounded) for the first "saved" line so the kill lands mid-loop even on a slow machine,
                // then a random extra delay so it lands at a random point of a save.
                var data = Data()
                let deadline = Date().addingTimeInterval(30)
                while !data.contains(UInt8(ascii: "\n")), Date() < deadline,
                    let chunk = try? out.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty
                {
                    data.append(chunk)
                }
                usleep(delay)
                kill(process.processIdentifier, SIGKILL)
                data.append(out.fileHandleForReading.readDataToEndOfFile())
                process.waitUntilExit()
                continuation.resume(returning: data)
            }.start()
        }
        #expect(process.terminationReason == .uncaughtSignal || process.terminationStatus == 0)
        return String(decoding: output, as: UTF8.self).split(separator: "\n").count
    }
}

import Foundation
import Testing

@testable import CLI
@testable import ExplorerCore
@testable import TUI

/// How many profiles broke, and what to do with none, read the same in `apix check`, `apix list` and the TUI.
@Suite("profile problems and an empty directory, worded once")
struct ProfileWordingTests {
    static let good =
        "environments: { local: { base_url: \"http://127.0.0.1:1\" } }\nendpoints: [{ id: a, path: /a }]\n"

    @Test("check, list and the TUI's status bar give the same count of problems")
    func sameCounts() async throws {
        let directory = try TemporaryFolder()
        try Self.good.write(toFile: directory.path + "/good.yaml", atomically: true, encoding: .utf8)
        try "endpoints: [1]\nbogus: 2\n".write(toFile: directory.path + "/bad.yaml", atomically: true, encoding: .utf8)
        let catalog = ProfileLoader.load(directory: directory.path)
        let summary = catalog.problemSummary
        #expect(summary.hasSuffix("problems in 1 profile (1 OK)"))

        let check = try await ApixProcess.run(["check", "--profiles", directory.path])
        #expect(check.stderr.contains("apix: \(summary)\n"))
        let list = try await ApixProcess.run(["list", "--profiles", directory.path])
        #expect(list.stderr.contains("apix: \(summary); see `apix check`:"))
        let state = AppState(
            catalog: catalog, profileDirectory: directory.path, processEnvironment: [:], width: 100, height: 30,
            now: Moment(uptime: 0, date: Date()))
        #expect(state.message?.text == "\(summary): press p")
    }

    @Test("with no profiles, list says where it looked and how to start (exit 0); the TUI shows the same")
    func empty() async throws {
        let directory = try TemporaryFolder()
        let list = try await ApixProcess.run(["list", "--profiles", directory.path])
        #expect(list.status == 0)
        #expect(list.text.isEmpty)
        #expect(list.stderr.contains("no profiles in \(directory.path)"))
        #expect(list.stderr.contains("--profiles DIR"))
        #expect(list.stderr.contains("XDG_CONFIG_HOME"))
        #expect(list.stderr.contains("apix demo"))
        #expect(list.stderr.contains("apix import curl"))

        let state = AppState(
            catalog: ProfileCatalog(), profileDirectory: directory.path, processEnvironment: [:], width: 100,
            height: 30, now: Moment(uptime: 0, date: Date()))
        let explanation = ProfileCatalog.emptyExplanation(directory: directory.path)
        #expect(state.message?.text == explanation[0])
        for line in explanation { #expect(list.stderr.contains("apix: \(line)\n")) }
        let screen = Screen.render(state, theme: .monochrome).lines.joined(separator: "\n")
        #expect(screen.contains("no profiles in"))
        #expect(screen.contains("apix demo"))
    }

    @Test("run loads only the named profile's file and companions: a FIFO beside it is never opened")
    func runReadsOneFile() throws {
        let directory = try TemporaryFolder()
        try Self.good.write(toFile: directory.path + "/good.yaml", atomically: true, encoding: .utf8)
        try "variables: { extra: x }\n".write(
            toFile: directory.path + "/good.secrets.yaml", atomically: true, encoding: .utf8)
        let fifo = directory.path + "/other.yaml"
        #expect(mkfifo(fifo, 0o600) == 0)
        let options = try ProfileOptions.parse(["--profiles", directory.path])
        let done = DispatchSemaphore(value: 0)
        let loaded = LoadedBox()
        Thread.detachNewThread {
            loaded.set(try? options.profile("good"))
            done.signal()
        }
        let finished = done.wait(timeout: .now() + 5) == .success
        if !finished {
            // Release the blocked reader: a writer that opens and closes gives it end of file.
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            _ = done.wait(timeout: .now() + 5)
        }
        #expect(finished, "loading one profile opened the directory's other files")
        #expect(loaded.value?.id == "good")
        #expect(loaded.value?.secretNames.contains("extra") == true, "companions still merge")
        #expect(throws: CLIFailure.self) { try options.profile("nope") }
    }

    @Test("an unknown profile still lists the known ones")
    func unknownNamesKnown() throws {
        let directory = try TemporaryFolder()
        try Self.good.write(toFile: directory.path + "/good.yaml", atomically: true, encoding: .utf8)
        let options = try ProfileOptions.parse(["--profiles", directory.path])
        do {
            _ = try options.profile("nope")
            Issue.record("expected a failure")
        } catch let failure as CLIFailure {
            #expect(failure.message == "no profile `nope` in \(directory.path) (found: good)")
        }
    }
}

/// The profile a background load found.
final class LoadedBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Profile?

    var value: Profile? { lock.withLock { stored } }

    func set(_ profile: Profile?) { lock.withLock { stored = profile } }
}

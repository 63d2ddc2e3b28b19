import Foundation
import TestSupport
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
        let directory = try TemporaryDirectory()
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
        let directory = try TemporaryDirectory()
        let list = try await ApixProcess.run(["list", "--profiles", directory.path])
        #expect(list.status == 0)
        #expect(list.text.isEmpty)
        #expect(list.stderr.contains("no profiles in \(directory.path)"))
        #expect(list.stderr.contains("--profiles DIR"))
        #expect(list.stderr.contains("XDG_CONFIG_HOME"))
        #expect(list.stderr.contains("apix demo"))
        #expect(list.stderr.contains("apix import curl"))
        // `apix demo` carries its own profile: it works anywhere, not only in a checkout (issue 25).
        #expect(list.stderr.contains("from any directory"))
        #expect(!list.stderr.contains("checkout"))

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

    @Test("run loads only the named profile's file and companions: the directory's other profiles are not read")
    func runReadsOneFile() throws {
        let directory = try TemporaryDirectory()
        try Self.good.write(toFile: directory.path + "/good.yaml", atomically: true, encoding: .utf8)
        try "variables: { extra: x }\n".write(
            toFile: directory.path + "/good.secrets.yaml", atomically: true, encoding: .utf8)
        let other = directory.path + "/other.yaml"
        try Self.good.write(toFile: other, atomically: true, encoding: .utf8)
        // An access time older than the modification time: any read moves it (relatime, the default).
        let now = Int(Date().timeIntervalSince1970)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: now, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, other, &times, 0) == 0)
        let options = try ProfileOptions.parse(["--profiles", directory.path])
        let loaded = try options.profile("good")
        #expect(loaded.id == "good")
        #expect(loaded.secretNames.contains("extra"), "companions still merge")
        var info = stat()
        #expect(stat(other, &info) == 0)
        #expect(info.st_atim.tv_sec == 1_000_000_000, "other.yaml was read")
        #expect(throws: CLIFailure.self) { try options.profile("nope") }
    }

    @Test("an unknown profile still lists the known ones")
    func unknownNamesKnown() throws {
        let directory = try TemporaryDirectory()
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

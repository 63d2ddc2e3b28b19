import Testing

@testable import CLI
@testable import ExplorerCore

/// `apix --version` is answered before the argument parser starts (`ApixCLI.answeredVersion`): it must say what the
/// parser would.
@Suite("apix --version")
struct VersionTests {
    @Test("the early answer is the parser's version, and only --version alone takes it")
    func earlyAnswer() async throws {
        let output = try await ApixProcess.run(["--version"])
        #expect(output.status == 0)
        #expect(output.text == (ApixCommand.configuration.version) + "\n")
        #expect(output.text == Apix.versionLine + "\n")
        // A plain `swift build` links no commit (only `make release` does): it says so rather than guess.
        #expect(output.text == "\(Apix.version) (commit unknown)\n")
        #expect(!ApixCLI.answeredVersion(["run", "--version"]))
        #expect(!ApixCLI.answeredVersion([]))
    }

    @Test("apix starts without libcurl: it is loaded with dlopen when the first request is sent")
    func libcurlNotLinked() async throws {
        // The dynamic loader lists what it would load at start, without running the program.
        let loaded = try await ApixProcess.run([], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
        #expect(loaded.text.contains("libc.so"))
        #expect(!loaded.text.contains("libcurl"))
    }
}

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
        #expect(output.text == Apix.version + "\n")
        #expect(!ApixCLI.answeredVersion(["run", "--version"]))
        #expect(!ApixCLI.answeredVersion([]))
    }
}

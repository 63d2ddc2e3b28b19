import Testing

@testable import CLI
@testable import ExplorerCore

/// How `apix run`'s flags become the client's send options (the CLI tests cover the same flags end to end; a
/// single request cannot show its priority there).
@Suite("apix run send options")
struct RunSendOptionsTests {
    @Test(
        "--priority in any case sets the queue priority; without it the endpoint's applies later; --cached / --no-cache"
    )
    func priorityAndCache() throws {
        let high = try RunCommand.parse(["demo", "todos.list", "--priority", "HIGH"]).makeSendOptions()
        #expect(high.priority == .high)
        #expect(high.cache == nil)
        let low = try RunCommand.parse(["demo", "todos.list", "--priority", "low", "--cached"]).makeSendOptions()
        #expect(low.priority == .low)
        #expect(low.cache?.mode == .use)
        #expect(low.cache?.namespace == "demo")
        let plain = try RunCommand.parse(["demo", "todos.list", "--no-cache"]).makeSendOptions()
        #expect(plain.priority == .normal)
        #expect(plain.cache?.mode == .refresh)
        #expect(throws: CLIFailure.self) {
            try RunCommand.parse(["demo", "x", "--priority", "urgent"]).makeSendOptions()
        }
    }
}

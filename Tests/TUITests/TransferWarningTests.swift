import Testing

@testable import ExplorerCore
@testable import TUI

/// What the core reports after a send (`Transfer.warnings`) reaches the status bar.
@Suite("AppState.update: transfer warnings")
struct TransferWarningTests {
    @Test("the last warning shows in the status bar as an error; none leaves the bar alone")
    func warned() {
        var state = Fixtures.smallState()
        state.message = StatusMessage("before")
        _ = state.update(.warned([]))
        #expect(state.message == StatusMessage("before"))
        _ = state.update(.warned(["first", "ignoring the damaged cache file /s/demo.cache"]))
        #expect(state.message == StatusMessage("warning: ignoring the damaged cache file /s/demo.cache", isError: true))
    }
}

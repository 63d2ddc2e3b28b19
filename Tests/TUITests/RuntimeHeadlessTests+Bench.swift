import Foundation
import Testing

@testable import TUI

extension RuntimeHeadlessTests {
    @Test("b, Enter: the real runtime runs the bench against the demo API and the frame ends on its figures")
    func benchToTheEnd() async throws {
        try await withRuntime(width: 120, height: 44) { session in
            session.backend.press(.character("b"))
            #expect(
                await session.backend.waitForScreen(containing: "Bench todo") != nil, "\(session.backend.screenText)")
            // Few requests, waited for long: in a full run the in-process demo server shares two busy threads.
            session.backend.press(.character("5"), .enter)
            let done = await session.backend.waitForScreen(
                containing: "bench done", "5 requests in", timeout: .seconds(120))
            #expect(done != nil, "the figures of the whole run, got:\n\(session.backend.screenText)")
            let text = done?.text ?? ""
            #expect(text.contains("status   200 ×5"), "\(text)")
            #expect(text.range(of: #"total +[0-9.]+ +[0-9.]+"#, options: .regularExpression) != nil, "\(text)")
            // The endpoint's send takes the pane back once the bench has ended.
            session.backend.press(.enter)
            #expect(
                await session.backend.waitForScreen(containing: "200 OK", #""title":"#, timeout: .seconds(120)) != nil)
            session.backend.press(.character("q"))
            #expect(await session.ended())
        }
    }
}

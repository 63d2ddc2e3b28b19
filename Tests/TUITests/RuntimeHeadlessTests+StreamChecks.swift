import Foundation
import Testing

@testable import TUI

extension RuntimeHeadlessTests {
    /// A stream endpoint with `expect: { stream: … }`: one limit the demo's paced events meet, one they cannot.
    nonisolated static func streamProfile(port: Int) -> String {
        """
        name: Headless
        default_environment: local
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - id: events
            path: /events
            query: { count: 2, interval_ms: 100 }
            expect: { stream: { events: ">= 2", first_event: "< 1ms" } }

        """
    }

    @Test("the explorer checks a stream's timing once it ended: its count passes, a 1 ms first event fails")
    func streamChecks() async throws {
        try await withRuntime(width: 200, profile: Self.streamProfile) { session in
            session.backend.press(.enter)
            // Were the answer not seen as a stream, both checks would fail (`not a stream`).
            let checked = await session.backend.waitForScreen(
                containing: "checks: 1 of 2 failed", timeout: .seconds(60))
            #expect(checked != nil, "\(session.backend.screenText)")
            let screen = session.backend.screenText
            #expect(screen.range(of: "first [0-9.]+ m?s", options: .regularExpression) != nil, "\(screen)")
            session.backend.press(.character("q"))
            #expect(await session.ended())
        }
    }
}

import Foundation
import Testing

extension EndToEndTerminal {
    /// The bench view in the real `apix demo` (tmux at 120×40): `b`, the form, live figures, Esc keeps them.
    @Suite("TUI end to end: the bench view in tmux", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUIBenchEndToEndTests {
        /// Requests done so far on the bench's headline (`1,234 / 100,000 requests`).
        static func done(_ screen: String) -> Int? {
            guard let range = screen.range(of: #"[0-9,]+( / [0-9,]+)? requests in"#, options: .regularExpression)
            else { return nil }
            return Int(screen[range].prefix { $0 != " " }.filter(\.isNumber))
        }

        /// Whether the percentile table has a `total` row with five figures.
        static func hasTotals(_ screen: String) -> Bool {
            screen.range(of: #"total +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+"#, options: .regularExpression) != nil
        }

        @Test("b asks N, C and a rate; the run counts requests and shows percentiles live; Esc stops and keeps them")
        func liveBenchAndStop() throws {
            let session = try TmuxSession()
            defer { session.close() }
            try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(Fixtures.profilesDirectory)")
            try session.waitFor("GET    todos.get")
            try session.send("b")
            let form = try session.waitFor("Bench todos.list")
            #expect(form.contains("requests") && form.contains("connections") && form.contains("rate /s"))
            try session.send("100000", literal: true)  // replaces the default 200
            try session.send("Tab")
            try session.send("2", literal: true)
            try session.send("Enter")
            let running = try session.waitFor("requests counted with percentiles") { screen in
                (Self.done(screen) ?? 0) >= 20 && Self.hasTotals(screen) && screen.contains("p99.9")
            }
            #expect(running.contains("bench running"))
            #expect(running.contains("/ 100,000 requests"))
            #expect(running.contains("status   200 ×"))
            #expect(running.contains("100,000 requests · 2 at once"))
            let first = try #require(Self.done(running))
            // Still running: the count goes on growing.
            try session.waitFor("more requests") { (Self.done($0) ?? 0) > first }
            try session.send("Escape")
            let stopped = try session.waitFor("bench stopped")
            #expect(Self.hasTotals(stopped), "the percentiles stay: \(stopped)")
            let kept = try #require(Self.done(stopped))
            #expect(kept >= first && kept < 100_000)
            #expect(!stopped.contains("(running)"))
            Thread.sleep(forTimeInterval: 1)
            #expect(Self.done(try session.capture()) == kept, "no request counted after the stop")
            try session.send("q")
            try session.run("echo done-$((1+1))")
            try session.waitFor("done-2")
        }
    }
}

import Foundation
import Testing

extension EndToEndTerminal {
    /// A server-sent events stream in the real `apix demo` (tmux at 120×40): rows appear live, Esc stops it.
    @Suite("TUI end to end: server-sent events in tmux", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUIEventsEndToEndTests {
        /// The highest event number on the screen (`#N  ` headlines).
        static func lastEvent(_ screen: String) -> Int? {
            screen.split(separator: "\n").compactMap { line -> Int? in
                guard let range = line.range(of: #"#[0-9]+  [0-9]{2}:"#, options: .regularExpression) else {
                    return nil
                }
                return Int(line[range].dropFirst().prefix { $0.isNumber })
            }.max()
        }

        @Test("an endless stream's rows appear one after another while it runs; Esc stops it and keeps them")
        func liveRowsAndStop() throws {
            let session = try TmuxSession()
            defer { session.close() }
            try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(Fixtures.profilesDirectory)")
            try session.waitFor("GET    todos.get")
            try session.send("/")
            try session.send("events.endless", literal: true)
            try session.send("Enter", "C-r")
            let first = try session.waitFor("the first event") { Self.lastEvent($0) != nil }
            #expect(first.contains("Esc stops"))
            #expect(first.contains("tick  id "))
            let before = try #require(Self.lastEvent(first))
            // Still running: later events arrive and the view follows them.
            let later = try session.waitFor("more events") { (Self.lastEvent($0) ?? 0) >= before + 3 }
            #expect(later.contains("events ·"))
            try session.send("Escape")
            let stopped = try session.waitFor("stopped")
            #expect(stopped.contains("200"))
            let kept = try #require(Self.lastEvent(stopped))
            Thread.sleep(forTimeInterval: 1)
            #expect(Self.lastEvent(try session.capture()) == kept, "no event after the stop")
            try session.send("q")
            try session.run("echo done-$((1+1))")
            try session.waitFor("done-2")
        }
    }
}

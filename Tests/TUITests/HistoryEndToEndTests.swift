import Foundation
import Testing

@testable import ExplorerHistory

extension EndToEndTerminal {
    /// The history window in the real explorer (`apix demo` in tmux): browse an endpoint's exchanges, show an old
    /// response marked with its age, compare two, send one again.
    @Suite("TUI end to end: the history window", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct HistoryEndToEndTests {
        /// The window is open and its rows have come (keys sent before would move in an empty list).
        static func listed(_ screen: String) -> Bool {
            screen.contains("History of demo/todos.get") && !screen.contains("loading…") && screen.contains("200  ")
        }

        @Test("two sends, then H: diff them, show the older one with its age, resend it; all recorded")
        func browseDiffResend() throws {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent(
                "apix-history-\(UUID().uuidString)"
            )
            .path
            defer { try? FileManager.default.removeItem(atPath: home) }
            let session = try TmuxSession()
            defer { session.close() }
            try session.run(
                "XDG_STATE_HOME=\(home)/state XDG_CONFIG_HOME=\(home)/config \(TmuxSession.apix) demo --port 0 "
                    + "--profiles \(Fixtures.profilesDirectory)")
            try session.waitFor("GET    todos.get")
            try session.send("Down", "Enter")
            try session.waitFor(#""id": 1,"#)
            // The same endpoint with another path parameter.
            try session.send("Tab", "Enter", "C-u")
            try session.send("2", literal: true)
            try session.send("Enter", "C-r")
            try session.waitFor(#""id": 2,"#)

            try session.send("H")
            _ = try session.waitFor("the history's rows", Self.listed)
            // Mark the newest, move to the older, compare: the older is the old side whatever the order.
            try session.send("Space", "Down", "d")
            try session.waitFor("~ $.id: 1 → 2")
            try session.send("Escape", "Enter")
            try session.waitFor("from history · ")
            try session.waitFor(#""id": 1,"#)

            try session.send("H")
            _ = try session.waitFor("the history's rows", Self.listed)
            try session.send("Down", "r")
            // The older entry on screen reads "200 OK" too: the resend's answer is the one without the age badge
            // (waiting for "200 OK" alone could quit before the resend was answered and recorded).
            _ = try session.waitFor("the resend's answer") { $0.contains("200 OK") && !$0.contains("from history · ") }
            try session.send("q")
            try session.waitFor("quit?")
            try session.send("y")

            let store = try HistoryStore(directory: home + "/state/apix")
            let entries = try store.entries()
            #expect(entries.count == 3)
            #expect(entries.first?.origin == .replay)
            #expect(entries.first?.replayOf == entries.last?.id)
            #expect(entries.allSatisfy { $0.origin != .run && $0.endpoint == "todos.get" })
        }
    }
}

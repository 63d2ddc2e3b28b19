import Foundation
import TestSupport
import Testing

extension EndToEndTerminal {
    /// The real `apix` on a large profile in tmux: the first frame comes from the sketch while the profile loads,
    /// the sketch answers list moves, and the loaded profile keeps the selection they made.
    @Suite("TUI end to end: start from the sketch", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUISketchStartEndToEndTests {
        /// 20,000 endpoints: loading them takes seconds in a debug build, so the sketch's frame stays on screen
        /// long enough to be seen and typed at.
        static func largeProfile(count: Int = 20_000) -> String {
            var text = "name: Large\nenvironments:\n  dev:\n    base_url: \"http://127.0.0.1:9\"\nendpoints:\n"
            text.reserveCapacity(count * 80)
            for index in 0..<count {
                text += "  - id: e\(index)\n    method: GET\n    path: /items/\(index)\n"
                text += "    headers:\n      X-Index: \"\(index)\"\n"
            }
            return text
        }

        @Test("the sketch is on screen first and answers three moves at once; the loaded profile is at e3")
        func keysDuringLoad() throws {
            let session = try TmuxSession()
            defer { session.close() }
            let directory = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Self.largeProfile().write(toFile: directory + "/large.yaml", atomically: true, encoding: .utf8)
            try session.run("\(TmuxSession.apix) --profiles \(directory)")
            let sketch = try session.waitFor("loading profiles…", timeout: 60)
            #expect(sketch.contains("e0") && sketch.contains("loading the profile…"), "\(sketch)")
            try session.send("j", "j", "j")
            // The sketch answers list moves itself, before the load ends.
            let moved = try session.waitFor("GET /items/3 · loading the profile…", timeout: 60)
            #expect(moved.contains("loading profiles…"), "\(moved)")
            // The loaded profile: e3's URL from the environment and its header, which the sketch does not read.
            let loaded = try session.waitFor("http://127.0.0.1:9/items/3", timeout: 120)
            #expect(!loaded.contains("loading"), "\(loaded)")
            // Its headers, which only the load reads: the editor's Headers tab.
            try session.send("Tab", "3")
            try session.waitFor("X-Index")
            try session.send("q")
        }
    }
}

import Foundation
import Testing

/// Issue 12's everyday loop in the real `apix demo` in tmux: the demo from any directory, the Request tab, search
/// counts, copying with OSC 52. In the serialized end-to-end suite: tmux tests wait by polling, holding a thread, so
/// two such suites side by side would starve the rest of the test run.
extension EndToEndTerminal.TUIEndToEndTests {
    private func withLoopSession(_ body: (TmuxSession) async throws -> Void) async throws {
        let session = try TmuxSession()
        defer { session.close() }
        try await body(session)
    }

    @Test("apix demo from a directory without profiles writes the built-in profile to the config directory and runs")
    func demoFromAnyDirectory() async throws {
        try await withLoopSession { session in
            try session.run("cd \(session.home) && \(TmuxSession.apix) demo --port 0")
            // Writing the profile out and starting the demo API's program: slow when the whole suite runs at once.
            try await session.waiting(for: "GET    todos.get", timeout: 90)
            let file = session.home + "/config/apix/profiles/demo.yaml"
            #expect(FileManager.default.fileExists(atPath: file))
            try session.send("Down", "Enter")
            try await session.waiting(for: "200 OK")
            try session.send("q")
        }
    }

    @Test("the Request tab shows the headers on the wire; / counts matches; U copies the URL through OSC 52")
    func requestTabSearchAndCopy() async throws {
        try await withLoopSession { session in
            try session.acceptClipboard()
            try session.run(
                "\(TmuxSession.apix) demo --port 0 --profiles \(Fixtures.profilesDirectory)")
            try await session.waiting(for: "GET    todos.get")
            try session.send("Down", "Enter")
            try await session.waiting(for: "200 OK")
            try session.send("Tab", "Tab", "4")
            try await session.waiting(for: "Accept-Encoding: deflate, gzip, br, zstd")
            try await session.waiting(for: "User-Agent: apix/")
            try await session.waiting(for: "Host: 127.0.0.1:")

            try session.send("1", "/")
            try session.send("title", literal: true)
            try session.send("Enter")
            try await session.waiting(for: "/title 1/1")

            try session.send("U")
            try await session.waiting(for: "copied the URL (OSC 52")
            let deadline = Date().addingTimeInterval(10)
            var buffer = session.pasteBuffer() ?? ""
            while !buffer.contains("/todos/1"), Date() < deadline {
                try await Task.sleep(for: .milliseconds(100))
                buffer = session.pasteBuffer() ?? ""
            }
            #expect(buffer.hasPrefix("http://127.0.0.1:") && buffer.hasSuffix("/todos/1"))
            try session.send("q")
        }
    }
}

import Foundation
import Testing

/// A curl command pasted into `o` over several lines, in the real `apix demo` in tmux.
extension TUIEndToEndTests {
    @Test("a 3-line curl command pasted into o (lines joined by backslashes) is sent whole")
    func multiLineCurlPaste() async throws {
        try await withDemoServer { server in
            let session = try TmuxSession()
            defer { session.close() }
            try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(Fixtures.profilesDirectory)")
            try await session.waiting(for: "GET    todos.get")
            try session.send("o")
            try await session.waiting(for: "Request (a URL or a curl command line)")
            try session.paste(
                "curl -X POST \\\n  -H 'X-Pasted: three-lines' \\\n  http://127.0.0.1:\(server.port)/echo/pasted\n")
            try await session.waiting(for: "post.echo.pasted: a one-off request")
            try await session.waiting(for: "200 OK")
            // All three lines arrived: the method (line 1), the header (line 2) and the URL (line 3).
            try await session.waiting(for: "POST http://127.0.0.1:\(server.port)/echo/pasted")
            try await session.waiting(for: "3 Headers(1)")
            try await session.waiting(for: "\"method\": \"POST\"")
            try session.send("q")
        }
    }
}

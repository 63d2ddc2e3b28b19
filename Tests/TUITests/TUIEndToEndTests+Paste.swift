import Foundation
import TestSupport
import Testing

/// A curl command pasted into `o` over several lines, in the real `apix demo` in tmux.
extension EndToEndTerminal.TUIEndToEndTests {
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
            try await session.waiting(for: "post-echo-pasted: a one-off request")
            try await session.waiting(for: "200 OK")
            // All three lines arrived: the method (line 1), the header (line 2) and the URL (line 3).
            try await session.waiting(for: "POST http://127.0.0.1:\(server.port)/echo/pasted")
            try await session.waiting(for: "3 Headers(1)")
            try await session.waiting(for: "\"method\": \"POST\"")
            try session.send("q")
        }
    }

    @Test("a one-off request to another origin goes without the profile's credentials (the demo's OAuth2 token)")
    func oneOffToAnotherOriginHasNoProfileAuth() async throws {
        try await withDemoServer { server in
            let session = try TmuxSession()
            defer { session.close() }
            // `apix demo` serves its own demo API: the test's server is another origin.
            try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(Fixtures.profilesDirectory)")
            try await session.waiting(for: "GET    todos.get")
            try session.send("o")
            try await session.waiting(for: "Request (a URL or a curl command line)")
            try session.send("http://127.0.0.1:\(server.port)/echo/elsewhere", literal: true)
            try session.send("Enter")
            try await session.waiting(for: "get-echo-elsewhere: a one-off request")
            let answered = try await session.waiting(for: "200 OK")
            #expect(answered.contains("auth: none"), "\(answered)")
            // The echo lists the headers that arrived: User-Agent did, Authorization did not.
            try session.send("Tab", "Tab", "1", "/")
            try session.send("User-Agent", literal: true)
            try session.send("Enter")
            try await session.waiting(for: "/User-Agent 1/1")
            try session.send("/", "C-u")
            try session.send("Authorization", literal: true)
            try session.send("Enter")
            try await session.waiting(for: "no match")
            try session.send("q")
        }
    }
}

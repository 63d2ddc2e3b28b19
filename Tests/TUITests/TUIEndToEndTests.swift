import Foundation
import Testing

extension EndToEndTerminal {
    /// The real `apix demo` binary in a real terminal (tmux at 120×40): keys in, screen out.
    @Suite("TUI end to end: apix demo in tmux", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUIEndToEndTests {
        /// Starts `apix demo` on any free port with the repository's profiles and waits for the first frame.
        private func startDemo(_ session: TmuxSession, arguments: String = "") throws {
            try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(Fixtures.profilesDirectory) \(arguments)")
            try session.waitFor("GET    todos.get")
        }

        /// Runs `body` with a fresh session, always closing it.
        private func withSession(_ body: (TmuxSession) throws -> Void) throws {
            let session = try TmuxSession()
            defer { session.close() }
            try body(session)
        }

        @Test("Enter on chain.item sends what it uses first, checks it; values view, Checks tab and filter show it")
        func chainInTheExplorer() throws {
            let state = FileManager.default.temporaryDirectory.appendingPathComponent("apix-chain-\(UUID().uuidString)")
                .path
            defer { try? FileManager.default.removeItem(atPath: state) }
            try withSession { session in
                try session.run(
                    "XDG_STATE_HOME=\(state) \(TmuxSession.apix) demo --port 0 --profiles \(Fixtures.profilesDirectory)"
                )
                try session.waitFor("GET    todos.get")
                try session.send("/")
                try session.send("chain.item", literal: true)
                // Ranked: the exact id is the first match, and selected.
                try session.send("Enter", "Enter")
                try session.waitFor("checks: 4/4 passed")
                try session.waitFor(#""title": "Buy milk","#)
                try session.waitFor("GET http://127.0.0.1:")
                try session.waitFor("/items/1")
                // The values were kept on disk for the next run, privately.
                let file = state + "/apix/captures/demo@local.json"
                #expect(FileManager.default.fileExists(atPath: file))
                let mode = (try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) ?? 0
                #expect(mode == 0o600)

                // The values view: the token masked, the id in clear, where each came from.
                try session.send("v")
                try session.waitFor("Values · demo · local")
                try session.waitFor("chain.login.token")
                let values = try session.capture()
                #expect(values.contains("••••"))
                #expect(values.contains("chain.items.first"))
                try session.send("q")

                // The checks beside the response, and the list's mark for the endpoint's last checks.
                try session.send("Tab", "Tab", "[")
                try session.waitFor("✓ status 200 (200)")
                try session.waitFor("✓ $.id == 1 (1)")
                #expect(
                    try session.capture().split(separator: "\n").contains {
                        $0.contains("chain.item ") && $0.contains("✓")
                    }
                )

                // A JSONPath filter on the body, as you type; Esc shows the whole body again.
                try session.send("]", "f")
                try session.send("$.title", literal: true)
                try session.waitFor("1 match")
                try session.waitFor(#"  "Buy milk""#)
                try session.send("Escape")
                try session.waitFor(#""title": "Buy milk","#)
            }
        }

        @Test("navigate and send a GET; edit a path param and a header and see the server echo them; resize; quit")
        func browseEditSend() throws {
            try withSession { session in
                try startDemo(session)
                try session.send("Down", "Enter")
                try session.waitFor("200 OK")
                try session.waitFor(#""title":"#)
                try session.waitFor(#""id": 1,"#)

                // Path param: Params tab, first row.
                try session.send("Tab", "Enter", "C-u")
                try session.send("2", literal: true)
                try session.send("Enter", "C-r")
                try session.waitFor(#""id": 2,"#)

                // A header on the echo endpoint, found with the filter.
                try session.send("BTab")
                try session.waitFor("/ find")
                try session.send("/")
                try session.send("echo.get", literal: true)
                try session.send("Enter", "Tab", "3", "+")
                try session.send("X-Demo", literal: true)
                try session.send("Enter")
                try session.send("from-tmux ✓", literal: true)
                try session.send("Enter", "C-r")
                try session.waitFor("200 OK")
                // Search the echoed JSON for the header's value and land on it.
                try session.send("Tab", "/")
                try session.send("from-tmux", literal: true)
                try session.send("Enter")
                try session.waitFor(#""from-tmux ✓""#)

                try session.resize(width: 50, height: 12)
                try session.waitFor("Terminal too small")
                try session.resize(width: 120, height: 40)
                try session.waitFor("Endpoints (")

                // Unsaved edits: q asks first and names them; another key stays, y quits.
                try session.send("Escape", "q")
                try session.waitFor("quit? unsaved edits to demo/echo.get, demo/todos.get will be lost")
                try session.send("n")
                try session.waitFor("/ find")
                try session.send("q")
                try session.waitFor("quit? unsaved edits")
                try session.send("y")
                try session.run("echo shell-$((40+2)); stty -a | grep -o -- '-*icanon'")
                let screen = try session.waitFor("shell-42")
                try session.waitFor("icanon")
                #expect(!screen.contains("-icanon"))
            }
        }

        @Test("a slow download shows its bar advancing between two captures, and Esc cancels it")
        func downloadProgressAndCancel() throws {
            try withSession { session in
                try startDemo(session)
                try session.send("/")
                try session.send("drip", literal: true)
                try session.send("Enter", "Tab", "2", "Down", "Enter", "C-u")
                try session.send("60", literal: true)  // 1 MiB over 60 s
                try session.send("Enter", "C-r")
                let figure = #"↓ \[[█░]+\] ([0-9.]+ (?:B|KiB|MiB)) / 1\.00 MiB"#
                func done(_ screen: String) -> String? {
                    guard let match = screen.range(of: figure, options: .regularExpression) else { return nil }
                    let text = String(screen[match])
                    return text.components(separatedBy: "] ").last?.components(separatedBy: " / ").first
                }
                let first = try session.waitFor("the progress bar") { done($0) != nil }
                let before = try #require(done(first))
                let later = try session.waitFor("the bar to advance") { screen in
                    done(screen).map { $0 != before } ?? false
                }
                #expect(later.contains("ETA"))
                #expect(later.contains("⟳ 1 running"))
                try session.send("Escape")
                try session.waitFor("cancelled")
                try session.send("q")
                try session.waitFor("quit? unsaved edits to demo/drip")
                try session.send("y")
                try session.run("echo done-$((1+1))")
                try session.waitFor("done-2")
            }
        }

        @Test("upload a file and see the upload bar with its final figures")
        func uploadShowsBar() throws {
            try withSession { session in
                let file = session.home + "/big.bin"
                #expect(FileManager.default.createFile(atPath: file, contents: Data(repeating: 0x61, count: 40 << 20)))
                try startDemo(session)
                try session.send("/")
                try session.send("upload", literal: true)
                try session.send("Enter", "Tab", "4", "Enter")
                try session.waitFor("Body (file: @path/to/file)")
                try session.send("End")
                for _ in 0..<20 { try session.send("BSpace") }
                try session.send("@" + file, literal: true)
                try session.send("C-s")
                try session.waitFor("body updated")
                try session.send("C-r")
                try session.waitFor("↑ [")
                try session.waitFor("40.0 MiB / 40.0 MiB  100%")
                try session.waitFor(#""bytes": 41943040"#)
                try session.send("q")
            }
        }

        @Test(
            "auth panel: log in, watch the countdown, refresh and see the new expiry; Ctrl-C and SIGTERM restore the terminal"
        )
        func authPanelAndCtrlC() throws {
            try withSession { session in
                try startDemo(session, arguments: "--token-lifetime 100")
                try session.send("a")
                try session.waitFor("┌─ Auth")
                try session.waitFor("token: none")
                try session.send("l")
                try session.waitFor("token: valid, expires in 1:")
                // Let the countdown pass 1:38, then refresh: the expiry jumps back to 1:40 (or 1:39).
                try session.waitFor("the countdown", timeout: 30) {
                    $0.range(of: "expires in 1:([0-2][0-9]|3[0-8])", options: .regularExpression) != nil
                }
                try session.send("r")
                try session.waitFor("the refreshed expiry") {
                    $0.range(of: "expires in 1:(40|39)", options: .regularExpression) != nil
                }
                try session.send("Escape")
                try session.waitFor("/ find")
                try session.send("?")
                try session.waitFor("Keys — type to search, Esc closes")
                try session.send("Escape", "C-c")
                try session.run("echo back-$((2+3)); stty -a | grep -o -- '-*echo '")
                let screen = try session.waitFor("back-5")
                #expect(!screen.contains("-echo "))

                // SIGTERM from outside: apix ends normally and the shell gets a sane terminal back.
                try session.run("clear")
                try startDemo(session)
                let children = try session.shellChildren()
                #expect(children.count == 1)
                for pid in children { kill(pid, SIGTERM) }
                try session.waitFor("apix to exit after SIGTERM") { _ in (try? session.shellChildren().isEmpty) ?? false
                }
                try session.run("echo after-term-$((3+4)); stty -a | grep -o -- '-*icanon'")
                let after = try session.waitFor("after-term-7")
                try session.waitFor("icanon")
                #expect(!after.contains("-icanon"))
            }
        }

        @Test("Esc closing help, then a resize at once: the Esc is not lost, so the next q quits")
        func escapeThenResize() throws {
            try withSession { session in
                try startDemo(session)
                for attempt in 0..<3 {
                    try session.send("?")
                    try session.waitFor("Keys — type to search, Esc closes")
                    // The resize lands within curses' escape delay, where it used to swallow the Esc.
                    try session.send("Escape")
                    try session.resize(width: attempt % 2 == 0 ? 110 : 120, height: 40)
                    try session.waitFor("help to close") { !$0.contains("Keys — type to search, Esc closes") }
                }
                try session.send("q")
                try session.run("echo after-esc-$((4+4))")
                try session.waitFor("after-esc-8")
            }
        }

        @Test("cache: a 2nd send is answered from the cache, R asks the server, a restart shows the stored answer")
        func responseCache() throws {
            try withSession { session in
                try startDemo(session)
                try session.send("/")
                try session.send("cache.etag", literal: true)
                try session.send("Enter")
                let selected = try session.waitFor("/cache/etag/report")
                // The port the demo got, so the restart can use the same URLs (stored answers are kept per URL).
                let url = try #require(selected.range(of: #"127\.0\.0\.1:[0-9]+/cache"#, options: .regularExpression))
                let port = selected[url].dropFirst("127.0.0.1:".count).prefix { $0.isNumber }

                try session.send("Enter")
                let first = try session.waitFor(#""served": 1"#)
                #expect(!first.contains("cached ·"))
                try session.send("Enter")
                // The status line can show before the body is indexed and drawn: wait for both.
                let second = try session.waitFor("the cached answer") {
                    $0.contains("cached · ") && $0.contains(#""served""#)
                }
                #expect(second.contains(#""served": 1"#))
                #expect(second.contains("R asks the server"))
                try session.send("R")
                let bypassed = try session.waitFor(#""served": 2"#)
                #expect(!bypassed.contains("cached ·"))

                // Restart on the same port and state directory: selecting the endpoint shows the stored answer.
                try session.send("q")
                try session.run("clear")
                try startDemo(session, arguments: "--port \(port)")
                try session.send("/")
                try session.send("cache.etag", literal: true)
                try session.send("Enter")
                let stored = try session.waitFor("the stored answer") {
                    $0.contains("cached · ") && $0.contains("nothing was sent") && $0.contains(#""served""#)
                }
                #expect(stored.contains(#""served": 2"#))
                #expect(stored.contains("nothing was sent in this session"))
                // The new demo server has served nothing from its cache routes.
                try session.send("Escape", "/")
                try session.send("cache.stats", literal: true)
                try session.send("Enter", "Enter")
                try session.waitFor(#""total_served": 0"#)
                try session.send("q")
            }
        }
    }
}

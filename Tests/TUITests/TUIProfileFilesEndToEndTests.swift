import Foundation
import TestSupport
import Testing

extension EndToEndTerminal {
    /// Profiles another program edits while the real `apix` runs (inotify), the scratch profile of `o` with no
    /// profile, and text typed after a refused key (issue 25), in tmux at 120×40.
    @Suite(
        "TUI end to end: profiles changed on disk, scratch requests", .serialized, .enabled(if: TmuxSession.isAvailable)
    )
    struct TUIProfileFilesEndToEndTests {
        private static let shop = """
            environments:
              dev: { base_url: "http://127.0.0.1:9" }
            endpoints:
              - id: items.list
                path: /items
              - id: items.get
                path: /items/{id}
                params: { id: 7 }

            """

        /// Writes `text` as an editor saves: a temporary file beside the target, renamed over it.
        private func save(_ text: String, to path: String) throws {
            let temporary = (path as NSString).deletingLastPathComponent + "/.shop.yaml.swp"
            try text.write(toFile: temporary, atomically: false, encoding: .utf8)
            guard rename(temporary, path) == 0 else { throw TmuxError(description: "rename failed") }
        }

        /// Starts `apix` on a profile directory in the session's home holding `shop.yaml`; returns its path.
        private func start(_ session: TmuxSession) throws -> String {
            let directory = session.home + "/profiles"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let file = directory + "/shop.yaml"
            try Self.shop.write(toFile: file, atomically: true, encoding: .utf8)
            try session.run("\(TmuxSession.apix) --profiles \(directory)")
            try session.waitFor("items.list")
            return file
        }

        @Test("a profile edited by another program is reloaded on screen; an unsaved edit stays a draft")
        func reloadKeepsUnsavedEdit() throws {
            let session = try TmuxSession()
            defer { session.close() }
            let file = try start(session)
            // An unsaved edit: items.get's path.
            try session.send("/")
            try session.send("items.get", literal: true)
            // Enter keeps the filter, Esc clears it (the selection stays), Tab goes to the editor.
            try session.send("Enter", "Escape", "Tab", "u", "C-u")
            try session.send("/items/{id}/mine", literal: true)
            try session.send("Enter")
            try session.waitFor("✎ 1 unsaved")

            let edited =
                Self.shop.replacingOccurrences(of: "path: /items\n", with: "path: /items-v2\n")
                + "  - id: orders.list\n    path: /orders\n"
            try save(edited, to: file)
            try session.waitFor("changed on disk: reloaded")
            try session.waitFor("orders.list")
            // The whole message (`m`), which the status bar may cut.
            try session.send("m")
            try session.waitFor("profile shop.yaml changed on disk: reloaded; 1 unsaved edit kept as a draft")
            try session.send("Escape")
            // The draft is still what the editor shows and sends, and still unsaved.
            let after = try session.waitFor("/items/7/mine")
            #expect(after.contains("✎ 1 unsaved"), "\(after)")
            try session.send("q", "y")
        }

        @Test("a broken edit shows its located error and the last good endpoints stay; fixed, it loads again")
        func brokenEditKeepsLastGood() throws {
            let session = try TmuxSession()
            defer { session.close() }
            let file = try start(session)
            // Line 6: `methd: GET` under items.list.
            let broken = Self.shop.replacingOccurrences(
                of: "    path: /items\n", with: "    path: /items\n    methd: GET\n")
            try save(broken, to: file)
            let screen = try session.waitFor("has a problem on disk")
            #expect(screen.contains("items.list") && screen.contains("items.get"), "\(screen)")
            try session.send("m")
            try session.waitFor("shop.yaml:6:5: unknown key `methd`")
            try session.waitFor("the last good version stays loaded")
            try session.send("Escape", "p")
            let problems = try session.waitFor("methd")
            #expect(problems.contains("shop.yaml:6:5"), "\(problems)")
            try session.send("Escape")
            try save(Self.shop, to: file)
            try session.waitFor("profile shop.yaml loads again")
            try session.send("q")
        }

        @Test("run beside a profile with no ./profiles: the status bar says `apix --profiles .`, and it loads then")
        func besideAProfile() async throws {
            let session = try TmuxSession()
            defer { session.close() }
            let work = session.home + "/work"
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            try Self.shop.write(toFile: work + "/shop.yaml", atomically: true, encoding: .utf8)
            try session.run("cd \(work) && \(TmuxSession.apix)")
            let empty = try await session.waiting(for: "the profiles in this directory (shop): `apix --profiles .`")
            #expect(empty.contains("no profiles in"), "\(empty)")
            try session.send("q")
            try session.run("\(TmuxSession.apix) --profiles .")
            try await session.waiting(for: "Endpoints (")
            let loaded = try await session.waiting(for: "shop")
            #expect(!loaded.contains("the profiles in this directory"), "\(loaded)")
            try session.send("q")
        }

        @Test("o in an empty profile directory sends at once (typed straight after o) and O keeps it in scratch")
        func scratchRequest() async throws {
            try await withDemoServer { server in
                let session = try TmuxSession()
                defer { session.close() }
                let directory = session.home + "/empty"
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try session.run("\(TmuxSession.apix) --profiles \(directory)")
                try await session.waiting(for: "no profiles in")
                try await session.waiting(for: "or now: o sends a URL")
                // Typed at once, as a user who knows the key does: all of it lands in the prompt.
                try session.send("o")
                try session.send("http://127.0.0.1:\(server.port)/todos", literal: true)
                try session.send("Enter")
                try await session.waiting(for: "get-todos: a one-off request (O keeps it in scratch)")
                let answered = try await session.waiting(for: "200 OK")
                #expect(!answered.contains("unsaved"), "\(answered)")
                try session.send("O")
                try await session.waiting(for: "saved profile scratch")
                let scratch = session.home + "/state/apix/scratch/scratch.yaml"
                let text = (try? String(contentsOfFile: scratch, encoding: .utf8)) ?? ""
                #expect(text.contains("id: get-todos"), "\(text)")
                #expect(text.contains("/todos"), "\(text)")
                let mode = try FileManager.default.attributesOfItem(atPath: scratch)[.posixPermissions] as? Int
                #expect(mode == 0o600)
                // Nothing unsaved: q quits without a question.
                try session.send("q")
                try await session.waiting("the shell again") { !$0.contains("get-todos") }
            }
        }

        @Test("text typed after a refused key runs nothing: w with no response, then q and Enter")
        func typedAfterRefusal() async throws {
            let session = try TmuxSession()
            defer { session.close() }
            _ = try start(session)
            try session.send("Tab", "Tab", "w")
            try session.send("qq", literal: true)
            // The typed text lands in the refusal's field (waited for together: the field comes first, then `qq`).
            _ = try await session.waiting("qq in the refusal's field") {
                $0.contains("no response body to save") && $0.contains("qq")
            }
            #expect(try session.alternateScreen())
            try session.send("Enter")
            try session.waitFor("items.list")
            #expect(try session.alternateScreen())
            try session.send("q")
        }
    }
}

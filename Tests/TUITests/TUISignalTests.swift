import Foundation
import Testing

extension EndToEndTerminal {
    /// The real `apix demo` in tmux, signalled during a transfer whose body spools to disk: the terminal comes back
    /// sane (no alternate screen, echo on), job control stops and continues it with a redraw, and no temporary file
    /// is left in `$TMPDIR`.
    @Suite("TUI end to end: signals during a transfer", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUISignalTests {
        /// A folder with a profile whose one endpoint drips 200 MiB over two minutes (past the 8 MiB kept in memory),
        /// and an empty folder for `$TMPDIR`.
        final class Folders {
            let root = NSTemporaryDirectory() + "apix-signals-\(UUID().uuidString.prefix(8))"
            var profiles: String { root + "/profiles" }
            var tmp: String { root + "/tmp" }

            init() throws {
                for path in [profiles, tmp] {
                    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                }
                // `apix demo` wants its demo profile beside the others.
                for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.profilesDirectory)
                where name.hasPrefix("demo.") {
                    try FileManager.default.copyItem(
                        atPath: Fixtures.profilesDirectory + "/" + name, toPath: profiles + "/" + name)
                }
                try """
                variables: { port: "8080" }
                environments: { local: { base_url: "http://127.0.0.1:{{port}}" } }
                endpoints:
                  - { id: drip.big, path: /drip, query: { bytes: 209715200, duration: 120, delay: 0 } }
                """.write(toFile: profiles + "/slow.yaml", atomically: true, encoding: .utf8)
            }

            var leftovers: [String] { (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? ["(unreadable)"] }

            deinit { try? FileManager.default.removeItem(atPath: root) }
        }

        /// Starts `apix demo` on the slow profile, sends `drip.big` and waits until its body spools; returns apix's pid.
        private func startTransfer(_ session: TmuxSession, _ folders: Folders) throws -> Int32 {
            try session.run("TMPDIR=\(folders.tmp) \(TmuxSession.apix) demo --port 0 --profiles \(folders.profiles)")
            try session.waitFor("GET    todos.get")
            try session.send("/")
            try session.send("drip.big", literal: true)
            try session.send("Enter", "Enter")
            let pid = try #require(try session.shellChildren().first)
            // Spooling once a descriptor points at a file made in TMPDIR (unlinked at once, so none is listed there).
            try session.waitFor("the body to spool", timeout: 60) { _ in
                let directory = "/proc/\(pid)/fd"
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                return names.contains {
                    let target =
                        (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\($0)")) ?? ""
                    return target.hasPrefix(folders.tmp + "/apix-body-")
                } || !folders.leftovers.isEmpty
            }
            return pid
        }

        /// `q` while the transfer runs: the question names it, `y` cancels it and quits.
        private func quitMidTransfer(_ session: TmuxSession) throws {
            try session.send("q")
            try session.waitFor("quit? 1 running transfer cancelled")
            try session.send("y")
            try session.waitFor("apix to exit") { _ in (try? session.shellChildren().isEmpty) ?? false }
        }

        /// The shell has the terminal back: no alternate screen, echo and canonical input on.
        private func expectSaneTerminal(_ session: TmuxSession, tag: String) throws {
            try session.run("echo \(tag)-$((20+22)); stty -a | grep -o -- '-*echo \\|-*icanon'")
            let screen = try session.waitFor("\(tag)-42")
            try session.waitFor("icanon")
            #expect(!screen.contains("-echo "))
            #expect(!screen.contains("-icanon"))
            #expect(try !session.alternateScreen())
        }

        @Test(
            "SIGINT, SIGTERM or SIGHUP during a spooling transfer: apix ends, the terminal is sane, TMPDIR is empty",
            arguments: [SIGINT, SIGTERM, SIGHUP])
        func ending(signal: Int32) throws {
            let folders = try Folders()
            let session = try TmuxSession()
            defer { session.close() }
            let pid = try startTransfer(session, folders)
            #expect(try session.alternateScreen())
            kill(pid, signal)
            try session.waitFor("apix to exit") { _ in (try? session.shellChildren().isEmpty) ?? false }
            try expectSaneTerminal(session, tag: "after-\(signal)")
            #expect(folders.leftovers.isEmpty)
        }

        @Test("a stray SIGPIPE ends apix with the terminal sane (it was left raw, in the alternate screen)")
        func brokenPipe() throws {
            let folders = try Folders()
            let session = try TmuxSession()
            defer { session.close() }
            try session.run("\(TmuxSession.apix) --profiles \(folders.profiles)")
            try session.waitFor("todos.get")
            let pid = try #require(try session.shellChildren().first)
            #expect(try session.alternateScreen())
            kill(pid, SIGPIPE)
            try session.waitFor("apix to exit") { _ in (try? session.shellChildren().isEmpty) ?? false }
            try expectSaneTerminal(session, tag: "after-pipe")
        }

        @Test(
            "SIGTSTP stops apix with the terminal given back; fg redraws it; q then quits mid-transfer, leaving nothing"
        )
        func suspendAndContinue() throws {
            let folders = try Folders()
            let session = try TmuxSession()
            defer { session.close() }
            let pid = try startTransfer(session, folders)
            kill(pid, SIGTSTP)
            try session.waitFor("Stopped")
            try expectSaneTerminal(session, tag: "stopped")
            try session.run("fg")
            try session.waitFor("the explorer again") { $0.contains("drip.big") && !$0.contains("stopped-42") }
            #expect(try session.alternateScreen())
            try quitMidTransfer(session)
            try expectSaneTerminal(session, tag: "quit")
            #expect(folders.leftovers.isEmpty)
        }

        @Test("SIGWINCH during a transfer redraws at the new size; q quits mid-transfer, leaving nothing")
        func resizeDuringTransfer() throws {
            let folders = try Folders()
            let session = try TmuxSession()
            defer { session.close() }
            _ = try startTransfer(session, folders)
            try session.resize(width: 90, height: 30)
            try session.waitFor("the narrower layout") { screen in
                screen.split(separator: "\n").allSatisfy { $0.count <= 90 } && screen.contains("drip.big")
            }
            try quitMidTransfer(session)
            try expectSaneTerminal(session, tag: "resized")
            #expect(folders.leftovers.isEmpty)
        }

        @Test(
            "kill -9 with an unsaved edit: the next start offers it back (journal 0600); y restores it; quitting ends it"
        )
        func crashJournal() throws {
            let session = try TmuxSession()
            defer { session.close() }
            let journal = session.home + "/state/apix/drafts.json"
            try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(Fixtures.profilesDirectory)")
            try session.waitFor("GET    todos.get")
            // The selected endpoint's path param, edited and not saved.
            try session.send("Down", "Tab", "Enter", "C-u")
            try session.send("7", literal: true)
            try session.send("Enter")
            try session.waitFor("the journal") { _ in FileManager.default.fileExists(atPath: journal) }
            let mode = try FileManager.default.attributesOfItem(atPath: journal)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let pid = try #require(try session.shellChildren().first)
            kill(pid, SIGKILL)
            try session.waitFor("apix to die") { _ in (try? session.shellChildren().isEmpty) ?? false }
            try session.run("reset; clear")
            try session.run("\(TmuxSession.apix) demo --port 0 --profiles \(Fixtures.profilesDirectory)")
            try session.waitFor("survived the last session: restore them?")
            try session.send("y")
            try session.waitFor("restored unsaved edits to demo/todos.get")
            try session.waitFor("todos.get  Get one todo ✎")
            try session.send("Down")
            try session.waitFor("/todos/7")
            // Quitting now asks (the edit is unsaved again); y lets it go, and the journal with it.
            try session.send("q")
            try session.waitFor("quit? unsaved edits")
            try session.send("y")
            try session.waitFor("apix to exit") { _ in (try? session.shellChildren().isEmpty) ?? false }
            #expect(!FileManager.default.fileExists(atPath: journal))
        }
    }
}

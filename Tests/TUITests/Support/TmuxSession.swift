import Foundation
import Testing

import enum ExplorerCore.SpawnAttributes

@testable import TUI

#if canImport(Glibc)
    import Glibc
#endif

/// A real terminal for end-to-end tests: a tmux server on a private socket running a shell at a fixed size.
/// Keys go in with `send-keys`; the screen comes back with `capture-pane`. Always `close()` it.
final class TmuxSession: @unchecked Sendable {
    // @unchecked: immutable after init; tmux itself serialises the commands sent to it.
    let socket: String
    let home: String

    /// The `apix` binary built next to the test bundle.
    static var apix: String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("apix").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("apix").path
    }

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
            || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
    }

    /// Starts a shell in a `width`×`height` window with HOME and the XDG directories in a fresh temp dir; apix sees
    /// `term` as TERM (its terminfo entry decides which key and mouse sequences curses knows).
    init(width: Int = 120, height: Int = 40, term: String = "screen") throws {
        socket = "apix-\(UUID().uuidString.prefix(8))"
        home = NSTemporaryDirectory() + "apix-tui-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let shell =
            "env -i PATH='\(path)' HOME='\(home)' XDG_STATE_HOME='\(home)/state' "
            + "XDG_CONFIG_HOME='\(home)/config' TERM=\(term) LANG=C.UTF-8 PS1='$ ' bash --norc --noprofile"
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", shell])
    }

    func close() {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Types a command line into the shell and presses Enter.
    func run(_ commandLine: String) throws {
        try tmux(["send-keys", "-l", commandLine])
        try tmux(["send-keys", "Enter"])
    }

    /// Sends tmux key names (`Enter`, `Down`, `C-r`, `Escape`, `BSpace`) or, with `literal`, text.
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys"] + (literal ? ["-l"] : []) + keys)
    }

    /// Sends exact bytes, given in hex (`"1b", "5b", "46"` is `ESC [ F`), as one write: what a terminal sends for
    /// a key, whatever tmux's own idea of that key is.
    func sendBytes(_ hex: [String]) throws {
        try tmux(["send-keys", "-H"] + hex)
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Process ids of the shell's children (the program it is running), from /proc.
    func shellChildren() throws -> [Int32] {
        let pane = try tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let text = (try? String(contentsOfFile: "/proc/\(pane)/task/\(pane)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    /// Lets programs set tmux's paste buffer with OSC 52 (`set-clipboard on`).
    func acceptClipboard() throws {
        try tmux(["set-option", "-g", "set-clipboard", "on"])
    }

    /// Pastes `text` the way a terminal does (`paste-buffer`: the characters, each newline as a carriage return);
    /// `bracketed`: inside `ESC [ 200 ~` … `ESC [ 201 ~` when the program asked for bracketed paste (`-p`).
    func paste(_ text: String, bracketed: Bool = false) throws {
        try tmux(["set-buffer", "-b", "apix-test-paste", text])
        try tmux(["paste-buffer", "-b", "apix-test-paste", "-d"] + (bracketed ? ["-p"] : []))
    }

    /// tmux's newest paste buffer (what OSC 52 copied), or nil when there is none.
    func pasteBuffer() -> String? {
        try? tmux(["show-buffer"])
    }

    /// Whether the pane shows the alternate screen (a full-screen program has it; the shell does not).
    func alternateScreen() throws -> Bool {
        try tmux(["display-message", "-p", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// The pane's title, which an OSC 0/2 sequence reaching the terminal would change.
    func paneTitle() throws -> String {
        try tmux(["display-message", "-p", "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the program in the pane asked for mouse reports (button events, 1000) in SGR form (1006).
    func mouseReporting() throws -> (buttons: Bool, sgr: Bool) {
        let flags = try tmux(["display-message", "-p", "#{mouse_standard_flag} #{mouse_sgr_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return (flags.hasPrefix("1"), flags.hasSuffix("1"))
    }

    /// The bytes of a mouse report at a cell (0-based), as `sendBytes` takes them.
    static func hex(_ event: MouseEvent) -> [String] {
        event.sgrBytes.map { String(format: "%02x", $0) }
    }

    /// The visible screen as text.
    func capture() throws -> String {
        try tmux(["capture-pane", "-p"])
    }

    /// How long a matching screen is left to settle before it is captured again (µs): longer than the explorer
    /// takes to write a whole screen, short beside a poll.
    private static let settle: UInt32 = 40_000

    /// Polls the screen every 100 ms until `predicate` holds; fails (with the last screen) after `timeout`.
    @discardableResult
    func waitFor(
        _ what: String, timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture()
            if predicate(screen) {
                // A capture can land while the explorer is still writing a screen (seen in CI: the Connection tab's
                // first half under the old tab's last rows). Looked at again a moment later, a whole screen.
                usleep(Self.settle)
                // A text that was there only for a moment (a progress line) still counts: that screen is returned.
                let settled = try capture()
                return predicate(settled) ? settled : screen
            }
            usleep(100_000)
        }
        Issue.record("timed out waiting for \(what); screen:\n\(screen)", sourceLocation: sourceLocation)
        throw TmuxError(description: "timed out waiting for \(what)")
    }

    /// `waitFor(_:)` for async tests: sleeps between polls instead of holding a thread of the test run's shared pool
    /// (in-process servers of other tests need those threads).
    @discardableResult
    func waiting(for text: String, timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> String
    {
        try await waiting("“\(text)”", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// `waitFor(_:timeout:sourceLocation:_:)` for async tests.
    @discardableResult
    func waiting(
        _ what: String, timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture()
            if predicate(screen) {
                // As in `waitFor`: the screen again a moment later, so a half-written one is not taken as whole.
                try await Task.sleep(for: .microseconds(Self.settle))
                let settled = try capture()
                return predicate(settled) ? settled : screen
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("timed out waiting for \(what); screen:\n\(screen)", sourceLocation: sourceLocation)
        throw TmuxError(description: "timed out waiting for \(what)")
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        try waitFor("“\(text)”", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        // Only the capture needs output: the tmux server that `new-session` starts would keep a pipe open forever.
        let result = try Self.spawn(
            ["tmux", "-L", socket] + arguments,
            capture: ["capture-pane", "display-message", "show-buffer"].contains(arguments.first ?? ""))
        guard result.status == 0 else {
            throw TmuxError(description: "tmux \(arguments.first ?? "") exited with \(result.status)")
        }
        return result.output
    }

    /// `spawn` on a thread of its own: for a caller on the main actor or the shared pool, which a program that
    /// waits for an in-process server must not hold (the headless runtime tests share the main actor; one that
    /// waited for `apix run` there froze the others' runtimes).
    static func spawnAside(_ arguments: [String], capture: Bool) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try spawn(arguments, capture: capture) }) }.start()
        }
    }

    /// Runs a program found on PATH and waits for it with `waitpid` (Foundation's `Process` left tmux clients
    /// unreaped here, hanging the wait).
    static func spawn(_ arguments: [String], capture: Bool) throws -> (status: Int32, output: String) {
        var pipe: [Int32] = [-1, -1]
        if capture { guard Glibc.pipe(&pipe) == 0 else { throw TmuxError(description: "pipe failed") } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipe[0])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        // The test runner's threads block most signals; without resetting the mask the tmux server (and the
        // shell and apix under it) would inherit it and never see SIGHUP, SIGINT or SIGTERM.
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = SpawnAttributes.with { posix_spawnp(&pid, arguments[0], &actions, $0, argv, environ) }
        guard spawned == 0 else {
            throw TmuxError(description: "cannot run \(arguments[0])")
        }
        var output = Data()
        if capture {
            Glibc.close(pipe[1])
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(pipe[0], &chunk, chunk.count)
                if count > 0 {
                    output.append(contentsOf: chunk[0..<count])
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            Glibc.close(pipe[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exit, String(decoding: output, as: UTF8.self))
    }
}

struct TmuxError: Error, CustomStringConvertible {
    var description: String
}

extension TmuxSession {
    /// A `profiles` folder in the session's home holding `files` (name → YAML); its path, for `--profiles`.
    func profiles(_ files: [String: String]) throws -> String {
        let directory = home + "/profiles"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        return directory
    }
}

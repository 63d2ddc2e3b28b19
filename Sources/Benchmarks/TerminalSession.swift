import Foundation

/// The real `apix` binary on a pseudo-terminal, as a user runs it: the benchmark types keys and watches what it
/// draws; at the end `wait4` gives the exit status, and GNU time the peak resident set size when `peakRSSReport`
/// names a file for it (`Subprocess.peakRSS` says why `wait4`'s figure will not do).
final class TerminalSession {
    let terminal: PseudoTerminal
    let pid: pid_t
    /// When the process was spawned (monotonic seconds).
    let startedAt: Double
    private var outcome: Subprocess.Outcome?
    /// Where `/usr/bin/time` writes apix's peak RSS (in KiB), when it runs apix.
    private let peakRSSReport: String?

    init(
        apix: String, arguments: [String], environment: [String: String], columns: Int, rows: Int,
        peakRSSReport: String? = nil
    ) throws {
        let timed = peakRSSReport.flatMap { FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? $0 : nil }
        self.peakRSSReport = timed
        let command = timed.map { ["/usr/bin/time", "-f", "%M", "-o", $0, apix] } ?? [apix]
        terminal = try PseudoTerminal(columns: columns, rows: rows)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, terminal.secondary, target) }
        posix_spawn_file_actions_addclose(&actions, terminal.secondary)
        posix_spawn_file_actions_addclose(&actions, terminal.primary)
        let argv = (command + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        startedAt = Subprocess.now()
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        guard spawned == 0 else {
            terminal.stop()
            throw BenchmarkError("cannot start \(apix): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
    }

    deinit {
        if outcome == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        terminal.stop()
    }

    /// The environment the sessions run in: this process's, with a known terminal type and no colour overrides,
    /// and state (logs, tokens) kept under `stateDirectory`.
    static func environment(stateDirectory: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["XDG_STATE_HOME"] = stateDirectory
        for name in ["NO_COLOR", "LINES", "COLUMNS", "VISUAL", "EDITOR"] { environment[name] = nil }
        return environment
    }

    /// Waits for `marker` on screen (see `PseudoTerminal.waitFor`), failing with `what` after `timeout` seconds.
    func expect(_ marker: String, after offset: Int = 0, timeout: Double, _ what: String) throws -> Double {
        guard let at = terminal.waitFor(marker, after: offset, timeout: timeout) else {
            throw BenchmarkError("apix on a pseudo-terminal: \(what) did not appear within \(Int(timeout)) s")
        }
        return at
    }

    /// Waits for the process to exit (after a quit key), killing it after `timeout` seconds.
    func finish(timeout: Double) throws -> Subprocess.Outcome {
        if let outcome { return outcome }
        let deadline = Subprocess.now() + timeout
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid { break }
            if result < 0 && errno != EINTR {
                throw BenchmarkError("wait4 failed: \(String(cString: strerror(errno)))")
            }
            if Subprocess.now() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                outcome = Subprocess.Outcome(status: 137, seconds: 0, maxRSS: 0)
                throw BenchmarkError("apix on a pseudo-terminal did not quit within \(Int(timeout)) s")
            }
            usleep(1000)
        }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        var maxRSS = Int64(usage.ru_maxrss) * 1024
        if let peakRSSReport, let text = try? String(contentsOfFile: peakRSSReport, encoding: .utf8),
            let kilobytes = text.split(separator: "\n").last.flatMap({ Int64($0) })
        {
            maxRSS = kilobytes * 1024
        }
        let result = Subprocess.Outcome(status: exitStatus, seconds: Subprocess.now() - startedAt, maxRSS: maxRSS)
        outcome = result
        return result
    }
}

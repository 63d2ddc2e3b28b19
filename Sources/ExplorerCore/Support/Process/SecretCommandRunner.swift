import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the command of a variable written `{ command: [pass, show, api/token] }` and takes the first line it prints
/// as the value: no shell (`posix_spawnp` with the words as written, found on `PATH`), stdin and stderr on
/// /dev/null (its output is never shown: a password manager's error may quote the secret), in a session of its own
/// so that a command that outlives `timeout` is stopped with everything it started.
package struct SecretCommandRunner: Sendable {
    package static let defaultTimeout: Duration = .seconds(10)
    /// Output past this is read and dropped: a value is one line.
    static let maxOutput = 64 * 1024

    package var timeout: Duration

    package init(timeout: Duration = SecretCommandRunner.defaultTimeout) {
        self.timeout = timeout
    }

    /// The first line `arguments` prints on stdout (without its line end), or why there is none.
    package func run(_ arguments: [String]) -> Result<String, SecretCommandFailure> {
        func failure(_ reason: SecretCommandFailure.Reason) -> Result<String, SecretCommandFailure> {
            .failure(SecretCommandFailure(arguments: arguments, reason: reason))
        }
        guard let program = arguments.first, !program.isEmpty else { return failure(.notStarted("no program")) }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return failure(.notStarted(String(cString: strerror(errno)))) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if writeEnd != 1 { posix_spawn_file_actions_addclose(&actions, writeEnd) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for word in argv { free(word) } }
        var pid: pid_t = 0
        var spawned: Int32 = 0
        // "Text file busy": a program just written (a script a password manager or a test made) is still open for
        // writing in a child that another thread is starting; that child closes it when it execs, so retries start
        // it. On a loaded machine a fork of a large process takes tens of milliseconds: the waits double from 10 ms
        // (bounded: 7 tries over about 630 ms).
        for attempt in 0..<7 {
            spawned = SpawnAttributes.with(newSession: true) { attributes in
                posix_spawnp(&pid, program, &actions, attributes, argv, environ)
            }
            guard spawned == ETXTBSY, attempt < 6 else { break }
            usleep(10_000 << UInt32(attempt))
        }
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            return failure(.notStarted(String(cString: strerror(spawned))))
        }
        let deadline = ContinuousClock.now + timeout
        let output = readAll(readEnd, until: deadline)
        close(readEnd)
        guard let output else {
            stop(pid)
            return failure(.timedOut(timeout))
        }
        guard let status = exitStatus(of: pid, until: deadline) else {
            stop(pid)
            return failure(.timedOut(timeout))
        }
        // glibc's encoding of a wait status (WIFEXITED and friends are macros Swift does not import).
        if status & 0x7f != 0 { return failure(.signalled(status & 0x7f)) }
        let code = (status >> 8) & 0xff
        guard code == 0 else { return failure(.exited(code)) }
        var line = output.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        guard !line.isEmpty else { return failure(.empty) }
        return .success(String(decoding: line, as: UTF8.self))
    }

    /// Everything the command writes until it closes stdout (the first `maxOutput` bytes kept); nil when `deadline`
    /// passes first.
    private func readAll(_ descriptor: Int32, until deadline: ContinuousClock.Instant) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let waited = poll(&wanted, 1, Int32(min(100, max(1, left.milliseconds.rounded(.up)))))
            if waited < 0, errno != EINTR { return output }
            guard waited > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                if output.count < Self.maxOutput { output += buffer[0..<min(count, Self.maxOutput - output.count)] }
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                return output
            }
        }
    }

    /// The wait status once `pid` has exited; nil when `deadline` passes first.
    private func exitStatus(of pid: pid_t, until deadline: ContinuousClock.Instant) -> Int32? {
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return status }
            if done < 0, errno != EINTR { return 0 }
            guard ContinuousClock.now < deadline else { return nil }
            usleep(2_000)
        }
    }

    /// Stops the command and whatever it started (its session's process group), and reaps it.
    private func stop(_ pid: pid_t) {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }
}

/// Why a variable's command gave no value: in the words of a located problem, naming the command and how it ended,
/// never what it printed.
package struct SecretCommandFailure: Error, Sendable, Equatable {
    package enum Reason: Sendable, Equatable {
        case notStarted(String)
        case exited(Int32)
        case signalled(Int32)
        case timedOut(Duration)
        case empty
    }

    package var arguments: [String]
    package var reason: Reason

    /// `the command `pass show api/token` exited with status 1`.
    package var message: String {
        let command = "the command `\(arguments.joined(separator: " "))`"
        switch reason {
        case .notStarted(let why): return "\(command) could not be started: \(why)"
        case .exited(let code): return "\(command) exited with status \(code)"
        case .signalled(let signal): return "\(command) was ended by signal \(signal)"
        case .timedOut(let limit):
            return "\(command) did not finish within \(Units.duration(limit)) and was stopped"
        case .empty: return "\(command) printed nothing on its first line"
        }
    }
}

import ExplorerCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `apix-demo` running as a child of `apix demo` while the terminal UI explores it. The child reads nothing from
/// its stdin but notices end of file there, so it stops when this process closes the pipe or dies, whatever way.
final class DemoServerChild {
    let port: Int
    private let pid: pid_t
    /// Write end of the child's stdin; closing it stops the child.
    private var lifeline: Int32

    /// Starts `apix-demo --announce` and waits (at most 15 s) for the port it bound. Its stderr goes to `log`, never
    /// to the terminal curses is about to own.
    init(arguments: [String], log: String) throws {
        let executable = try SiblingExecutable.path("apix-demo")
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else {
            throw CLIFailure(.usage, "cannot start the demo API: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec everywhere: the child gets its ends as stdin/stdout only (dup2 clears the flag there), and
        // no later child (an $EDITOR) holds the lifeline open.
        for descriptor in input + output { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        let argv = (["apix-demo"] + arguments + ["--announce"]).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let spawned = SpawnAttributes.with { posix_spawn(&child, executable, &actions, $0, argv, environ) }
        close(input[0])
        close(output[1])
        guard spawned == 0 else {
            close(input[1])
            close(output[0])
            throw CLIFailure(.usage, "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        pid = child
        lifeline = input[1]
        defer { close(output[0]) }
        guard let port = Self.readPort(output[0], timeoutMilliseconds: 15_000) else {
            Self.stop(pid: child, lifeline: input[1])
            throw CLIFailure(.usage, "the demo API did not start; its log: \(log)")
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// Closes the lifeline and reaps the child (SIGKILL if it has not gone within two seconds).
    func stop() {
        guard lifeline >= 0 else { return }
        Self.stop(pid: pid, lifeline: lifeline)
        lifeline = -1
    }

    private static func stop(pid: pid_t, lifeline: Int32) {
        close(lifeline)
        var status: Int32 = 0
        for _ in 0..<200 {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Reads the line `port N`; nil on end of file, a timeout or anything else.
    private static func readPort(_ descriptor: Int32, timeoutMilliseconds: Int32) -> Int? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < 64 {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, timeoutMilliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let count = read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("port ") else { return nil }
        return Int(text.dropFirst(5))
    }
}

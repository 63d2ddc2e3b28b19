import CPseudoTerminal
import Foundation
import Synchronization

import enum ExplorerCore.SpawnAttributes

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program with stdout and stderr on pipes, or all three on a pseudo-terminal, and reports what it wrote,
/// how it ended and its peak memory: the largest `VmHWM` of `/proc/PID/status` read every 5 ms until it exits.
/// A child still running at the deadline is killed (SIGKILL) and marked `timedOut`.
struct ChildProcess {
    struct Result {
        /// The exit status, or 128 + the signal that ended it.
        var status: Int32
        /// What reached stdout (on a terminal: stdout and stderr, as the terminal showed them), at most
        /// `keptBytes`; `stdoutBytes` counts all of it.
        var stdout: [UInt8]
        var stdoutBytes: Int
        var stderr: [UInt8]
        var peakKiB: Int
        var seconds: Double
        var timedOut: Bool
        /// Each rise of the peak: seconds since the start, then `VmHWM` and `VmRSS` in KiB (a peak over a bound says
        /// when it came and whether the memory was still held).
        var peakRises: [(seconds: Double, highWaterKiB: Int, residentKiB: Int)] = []

        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Bytes of output kept for assertions (the rest is counted and dropped).
    static let keptBytes = 1 << 20

    /// Runs the child and waits on a plain thread, never on the cooperative pool (in-process servers of other
    /// suites need those threads).
    static func run(
        _ arguments: [String], environment: [String: String], terminal: Bool, timeout: Double
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Swift.Result {
                        try runBlocking(arguments, environment: environment, terminal: terminal, timeout: timeout)
                    })
            }.start()
        }
    }

    private static func runBlocking(
        _ arguments: [String], environment: [String: String], terminal: Bool, timeout: Double
    ) throws -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var readers: [Int32] = []
        var toClose: [Int32] = []
        if terminal {
            var master: Int32 = -1
            var slave: Int32 = -1
            guard apix_openpty(&master, &slave, 120, 40) == 0 else { throw POSIXError(.ENOTTY) }
            for target: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave, target) }
            posix_spawn_file_actions_addclose(&actions, master)
            readers = [master]
            toClose = [slave]
        } else {
            var out: [Int32] = [-1, -1]
            var err: [Int32] = [-1, -1]
            guard pipe(&out) == 0, pipe(&err) == 0 else { throw POSIXError(.EMFILE) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, out[1], 1)
            posix_spawn_file_actions_adddup2(&actions, err[1], 2)
            for descriptor in [out[0], err[0], out[1], err[1]] {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
            readers = [out[0], err[0]]
            toClose = [out[1], err[1]]
        }
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var spawnedPID: pid_t = 0
        let started = Date()
        let spawned = SpawnAttributes.with { posix_spawn(&spawnedPID, arguments[0], &actions, $0, argv, envp) }
        let pid = spawnedPID
        for descriptor in toClose { close(descriptor) }
        guard spawned == 0 else {
            for descriptor in readers { close(descriptor) }
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
        }
        let outputs = readers.map { descriptor in
            let sink = OutputSink()
            let thread = Thread {
                sink.drain(descriptor)
                close(descriptor)
            }
            thread.start()
            return sink
        }
        // Kill at the deadline and sample the peak RSS, both under the lock and only while the child is not yet
        // reaped (so never another process that got its pid).
        let flags = Mutex(
            (
                finished: false, killed: false, peakKiB: 0,
                rises: [(seconds: Double, highWaterKiB: Int, residentKiB: Int)]()
            )
        )
        let watchdog = Thread {
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                let done = flags.withLock { flags -> Bool in
                    guard !flags.finished else { return true }
                    let (highWater, resident) = Self.memoryKiB(of: pid)
                    if highWater > flags.peakKiB {
                        flags.peakKiB = highWater
                        flags.rises.append((Date().timeIntervalSince(started), highWater, resident))
                    }
                    guard Date() >= deadline else { return false }
                    flags.killed = true
                    kill(pid, SIGKILL)
                    return true
                }
                if done { return }
                usleep(5_000)
            }
        }
        watchdog.start()
        // Wait for the end without reaping, stop the sampling, then reap.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        let (timedOut, peakKiB, rises) = flags.withLock { flags in
            flags.finished = true
            return (flags.killed, flags.peakKiB, flags.rises)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let seconds = Date().timeIntervalSince(started)
        for output in outputs { output.waitUntilDone() }
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(
            status: exit, stdout: outputs[0].kept, stdoutBytes: outputs[0].total,
            stderr: outputs.count > 1 ? outputs[1].kept : [], peakKiB: peakKiB, seconds: seconds,
            timedOut: timedOut, peakRises: rises)
    }
}

extension ChildProcess {
    /// `VmHWM` of a running process, in KiB (0 once it has exited). `wait4`'s `ru_maxrss` cannot stand in for it:
    /// a child started with `posix_spawn` (a vfork) inherits the parent's high-water mark at `exec`.
    static func highWaterKiB(of pid: pid_t) -> Int { memoryKiB(of: pid).highWater }

    /// `VmHWM` and `VmRSS` of a running process, in KiB (0 once it has exited).
    static func memoryKiB(of pid: pid_t) -> (highWater: Int, resident: Int) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return (field("VmHWM:"), field("VmRSS:"))
    }
}

/// Reads a descriptor to its end on a thread of its own, keeping the first `ChildProcess.keptBytes`.
private final class OutputSink: Sendable {
    private let state = Mutex<(kept: [UInt8], total: Int, done: Bool)>(([], 0, false))

    var kept: [UInt8] { state.withLock { $0.kept } }
    var total: Int { state.withLock { $0.total } }

    func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            // A pseudo-terminal's master reads EIO once the child's side is closed.
            guard count > 0 else { break }
            state.withLock { state in
                let room = ChildProcess.keptBytes - state.kept.count
                if room > 0 { state.kept += buffer[0..<min(room, count)] }
                state.total += count
            }
        }
        state.withLock { $0.done = true }
    }

    func waitUntilDone() {
        while !state.withLock({ $0.done }) { usleep(1000) }
    }
}

import Foundation

/// Runs a command to completion with `posix_spawn` + `wait4`, so the benchmark gets the child's wall time and
/// peak RSS (Foundation's `Process` does not expose resource usage).
enum Subprocess {
    struct Outcome {
        var status: Int32
        var seconds: Double
        /// Peak resident set size of the child, in bytes.
        var maxRSS: Int64
    }

    /// `stdout` goes to `/dev/null` unless a path is given; stderr is discarded; `stdin`, when given, is read from
    /// that file (else the harness's own).
    static func run(
        _ executable: String, _ arguments: [String], stdout: String = "/dev/null", stdin: String? = nil
    ) throws -> Outcome {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin { posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = now()
        let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchmarkError("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError("wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let seconds = now() - start
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(status: exitStatus, seconds: seconds, maxRSS: Int64(usage.ru_maxrss) * 1024)
    }

    /// The peak RSS of `executable` as GNU time reports it, in bytes. `wait4`'s `ru_maxrss` of a child started with
    /// `posix_spawn` is at least this process's own peak when it spawned: the child shares its parent's memory map
    /// until `exec`, and Linux carries that map's high-water mark into the child's (`exec_mmap`). `/usr/bin/time`
    /// is small and forks the program itself, so its figure is the program's. Nil without `/usr/bin/time`.
    static func peakRSS(_ executable: String, _ arguments: [String], scratch: String, stdin: String? = nil) throws
        -> Int64?
    {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
        let report = scratch + "/time-report.txt"
        let outcome = try run("/usr/bin/time", ["-f", "%M", "-o", report, executable] + arguments, stdin: stdin)
        guard outcome.status == 0, let text = try? String(contentsOfFile: report, encoding: .utf8),
            let kilobytes = Int64(
                text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "")
        else { throw BenchmarkError("\(executable) \(arguments.joined(separator: " ")) failed under /usr/bin/time") }
        return kilobytes * 1024
    }

    /// Writes dirty pages out (`sync`) so the disk writes of one case (gigabyte files) do not run in the background
    /// of the next measurement.
    static func settle() {
        sync()
    }

    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

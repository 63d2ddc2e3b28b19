import Foundation

/// Names apix writes as they are instead of replacing them through a temporary file and a rename: devices and
/// pipes (`-o /dev/null`, `--junit >(…)`, a FIFO), and anything under `/dev` or `/proc` (`/dev/stdout`,
/// `/dev/fd/1`, `/proc/self/fd/1` are links the system owns, whatever the descriptor is).
///
/// They have no partial state to hide, and a rename over one puts a regular file where the system's device or link
/// was: run as root, `--output /dev/null` once left every later program writing into a file (issue 31's bounds).
package enum InPlaceFile {
    /// Whether an existing `path`, whose `stat` (links followed) is `info`, is written in place.
    package static func applies(to path: String, info: stat) -> Bool {
        if info.st_mode & S_IFMT != S_IFREG { return true }
        return path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
    }

    /// Opens an existing `path` that `applies` for writing (a regular file behind `/dev/stdout` is truncated, as a
    /// shell's `>` would); -1 with `errno` set when it cannot.
    package static func open(_ path: String, info: stat) -> Int32 {
        let truncate = info.st_mode & S_IFMT == S_IFREG ? O_TRUNC : 0
        return Foundation.open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | truncate)
    }
}

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
    ///
    /// A FIFO is opened without waiting for a reader: the open runs on libcurl's loop thread for a download, where
    /// waiting for a reader that never comes would hold every transfer and the cancellation that ends them. With no
    /// reader it fails at once (`ENXIO`, worded by `reason`); once open, writes block as a pipe's do.
    package static func open(_ path: String, info: stat) -> Int32 {
        let kind = info.st_mode & S_IFMT
        let truncate = kind == S_IFREG ? O_TRUNC : 0
        let waitless = kind == S_IFIFO ? O_NONBLOCK : 0
        let descriptor = Foundation.open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | truncate | waitless)
        if descriptor >= 0, waitless != 0 {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        return descriptor
    }

    /// Why `open` failed with `code`, in words.
    package static func reason(_ code: Int32, info: stat) -> String {
        if code == ENXIO, info.st_mode & S_IFMT == S_IFIFO { return "no process is reading the FIFO" }
        return String(cString: strerror(code))
    }
}

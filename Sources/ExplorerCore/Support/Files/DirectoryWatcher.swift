import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Reports which files of one directory changed (written and closed, renamed in or out, created, deleted), read
/// from inotify on a thread of its own, so a program can reload what another program edited.
///
/// The directory is watched, not each file: editors save through a temporary file renamed over the old one, which
/// replaces the inode a file watch would follow. A burst (a temporary file written, renamed, its companion touched)
/// is reported once: names are gathered until `quiet` passes without an event, or `longest` after the first one
/// when events never stop. When the kernel's queue overflows, every name the directory holds is reported.
package final class DirectoryWatcher: Sendable {
    package let directory: String
    /// The write end of a pipe the thread polls beside inotify: `stop()` closes it, which wakes the thread to end.
    private let wakeWrite: Mutex<Int32?>

    /// Why a directory cannot be watched (it does not exist, or the inotify limits are reached).
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Starts watching `directory`; `onChange` is called on the watcher's thread with the names (not paths) that
    /// changed since the last call.
    package init(
        directory: String, quiet: Duration = .milliseconds(100), longest: Duration = .seconds(1),
        onChange: @escaping @Sendable (Set<String>) -> Void
    ) throws(Failure) {
        self.directory = directory
        let descriptor = inotify_init1(Int32(O_CLOEXEC | O_NONBLOCK))
        guard descriptor >= 0 else { throw Failure(description: "inotify: " + String(cString: strerror(errno))) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
        guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "cannot watch \(directory): \(reason)")
        }
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else {
            close(descriptor)
            throw Failure(description: "pipe: " + String(cString: strerror(errno)))
        }
        // Not inherited by the programs the explorer starts (`$EDITOR`).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wakeWrite = Mutex(ends[1])
        let (wake, directoryPath) = (ends[0], directory)
        let thread = Thread {
            Self.loop(
                inotify: descriptor, wake: wake, directory: directoryPath, quiet: quiet, longest: longest,
                onChange: onChange)
            close(descriptor)
            close(wake)
        }
        thread.name = "apix-directory-watcher"
        thread.start()
    }

    deinit { stop() }

    /// Stops watching; no `onChange` call starts after the thread sees it. Safe to call more than once.
    package func stop() {
        wakeWrite.withLock { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    // MARK: - The thread

    private static func loop(
        inotify: Int32, wake: Int32, directory: String, quiet: Duration, longest: Duration,
        onChange: @Sendable (Set<String>) -> Void
    ) {
        let clock = ContinuousClock()
        var pending: Set<String> = []
        var first: ContinuousClock.Instant?
        var last: ContinuousClock.Instant?
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var timeout: Int32 = -1
            if let first, let last {
                let due = min(last + quiet, first + longest)
                let left = clock.now.duration(to: due) / .milliseconds(1)
                timeout = Int32(max(0, min(60_000, left.rounded(.up))))
            }
            var fds = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, timeout)
            if ready < 0 && errno != EINTR { return }
            // The write end closed (`stop()`): readable at end of file.
            if fds[1].revents != 0 { return }
            if fds[0].revents != 0 {
                let overflowed = readEvents(inotify, &buffer, &pending)
                if overflowed {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                    pending.formUnion(names)
                }
                let now = clock.now
                if first == nil { first = now }
                last = now
            }
            if let first, let last, !pending.isEmpty {
                let now = clock.now
                if now >= last + quiet || now >= first + longest {
                    onChange(pending)
                    pending = []
                }
            }
            if pending.isEmpty {
                first = nil
                last = nil
            }
        }
    }

    /// Reads every queued event, adding the names it carries to `names`; returns whether the queue overflowed.
    private static func readEvents(_ inotify: Int32, _ buffer: inout [UInt8], _ names: inout Set<String>) -> Bool {
        var overflowed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return overflowed }
            // Each event: wd (4 bytes), mask (4), cookie (4), len (4), then `len` bytes of NUL-padded name.
            var offset = 0
            while offset + 16 <= count {
                let (mask, length) = buffer.withUnsafeBytes { bytes in
                    (
                        bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
                let start = offset + 16
                let end = min(count, start + length)
                if length > 0 {
                    let bytes = buffer[start..<end].prefix { $0 != 0 }
                    if !bytes.isEmpty { names.insert(String(decoding: bytes, as: UTF8.self)) }
                }
                offset = start + length
            }
        }
    }
}

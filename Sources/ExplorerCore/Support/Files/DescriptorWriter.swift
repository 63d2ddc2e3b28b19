import Foundation

/// Writes bytes to an open file descriptor whole: the plain `write(2)` loop every writer of apix shares (the
/// temporary file `AtomicFile` renames, the download spool, the history's pending records, the editor's file, the
/// terminal). Nothing here is atomic: a reader may see part of the bytes, and a failure leaves what was written.
package enum DescriptorWriter {
    /// `F_GETPIPE_SZ` (Linux's `fcntl.h`, `F_LINUX_SPECIFIC_BASE + 8`): Glibc's module leaves it out, as it needs
    /// `_GNU_SOURCE`.
    static let getPipeSize: Int32 = 1024 + 8

    /// Writes all of `bytes` to `descriptor`, going on after partial and interrupted (`EINTR`) writes; returns the
    /// `errno` of a failure, or nil.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Writes all of `bytes` to `descriptor` without ever blocking on a pipe whose reader stopped: an empty pipe
    /// (`FIONREAD`) takes up to its size (`F_GETPIPE_SZ`) at once; otherwise a write waits for `poll` to report a free
    /// page and takes at most `PIPE_BUF` bytes, which one free page always holds (a pipe's pages may each be
    /// partly filled, so the bytes unread do not say how many pages are free). `poll` waits in steps of 100 ms that
    /// ask `stop` between them.
    /// For a pipe apix shares and cannot make non-blocking (its standard output, a shell's). A descriptor that is
    /// not a pipe is written as `writeAll(_:to:)` writes it. Returns the `errno` of a failure, `ECANCELED` when `stop`
    /// said so, or nil.
    package static func writeAll(
        _ bytes: UnsafeRawBufferPointer, to descriptor: Int32, stoppingWhen stop: () -> Bool
    ) -> Int32? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFIFO, let base = bytes.baseAddress else {
            return writeAll(bytes, to: descriptor)
        }
        let size = Int(fcntl(descriptor, Self.getPipeSize))
        var offset = 0
        while offset < bytes.count {
            var unread: Int32 = 0
            let empty = ioctl(descriptor, UInt(FIONREAD), &unread) == 0 && unread == 0
            var piece = empty ? min(bytes.count - offset, size) : 0
            if piece <= 0 {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, 100) > 0, ready.revents & Int16(POLLOUT) != 0 {
                    // A free slot takes a write of PIPE_BUF bytes whole, without blocking.
                    piece = min(bytes.count - offset, Int(PIPE_BUF))
                } else if ready.revents & Int16(POLLERR | POLLHUP) != 0 {
                    piece = bytes.count - offset  // the write reports the broken pipe
                } else {
                    if stop() { return ECANCELED }
                    continue
                }
            }
            let written = Glibc.write(descriptor, base + offset, piece)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}

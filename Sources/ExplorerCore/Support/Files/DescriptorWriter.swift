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

    /// Writes all of `bytes` to `descriptor` without ever blocking on a reader that stopped, asking `stop` every
    /// 100 ms while it waits. For a pipe, which apix may share and so cannot make non-blocking (its standard output):
    /// an empty pipe (`FIONREAD`) takes up to its size (`F_GETPIPE_SZ`) at once; otherwise a write waits for `poll` to
    /// report a free page and takes at most `PIPE_BUF` bytes, which one free page always holds (a pipe's pages may each
    /// be partly filled, so the bytes unread do not say how many pages are free). For a descriptor opened without
    /// blocking (a FIFO, a terminal or a socket `-o` named): each `EAGAIN` waits in `poll`. Anything else is written as
    /// `writeAll(_:to:)` writes it. Returns the `errno` of a failure, `ECANCELED` when `stop` said so, or nil.
    package static func writeAll(
        _ bytes: UnsafeRawBufferPointer, to descriptor: Int32, stoppingWhen stop: () -> Bool
    ) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var info = stat()
        let isPipe = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
        let size = isPipe ? Int(fcntl(descriptor, Self.getPipeSize)) : 0
        var offset = 0
        while offset < bytes.count {
            var piece = bytes.count - offset
            if isPipe {
                var unread: Int32 = 0
                let empty = ioctl(descriptor, UInt(FIONREAD), &unread) == 0 && unread == 0
                if !empty || size <= 0 {
                    switch waitWritable(descriptor) {
                    // A free page takes a write of PIPE_BUF bytes whole, without blocking.
                    case .ready: piece = min(piece, Int(PIPE_BUF))
                    case .broken: break  // the write reports the broken pipe
                    case .waiting:
                        if stop() { return ECANCELED }
                        continue
                    }
                } else {
                    piece = min(piece, size)
                }
            }
            let written = Glibc.write(descriptor, base + offset, piece)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                guard code == EAGAIN || code == EWOULDBLOCK else { return code }
                if stop() { return ECANCELED }
                _ = waitWritable(descriptor)
                continue
            }
            offset += written
        }
        return nil
    }

    /// Runs `body`, writes to a file the user named (`-o`, `--events-file`, the explorer's `w`) that may be a pipe
    /// or a socket, so that a reader that went away makes them fail with `EPIPE` (a located "Broken pipe", curl's
    /// exit 23) instead of ending the process with a SIGPIPE that says nothing (and, in the explorer, leaves the
    /// terminal raw). SIGPIPE is blocked on this thread while it runs; one it raised is taken before the mask is
    /// restored, so it is never delivered. Standard output is not written this way: `apix run … | head` ends by
    /// SIGPIPE, as any filter does.
    package static func hearingBrokenPipe<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            // A SIGPIPE blocked before is not ours to take.
            var pending = sigset_t()
            if sigismember(&previous, SIGPIPE) == 0, sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
                var none = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &none)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try body()
    }

    private enum Readiness { case ready, broken, waiting }

    /// Waits up to 100 ms for `descriptor` to take a write.
    private static func waitWritable(_ descriptor: Int32) -> Readiness {
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        guard poll(&ready, 1, 100) > 0 else { return .waiting }
        if ready.revents & Int16(POLLOUT) != 0 { return .ready }
        return ready.revents & Int16(POLLERR | POLLHUP) != 0 ? .broken : .waiting
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Receives a response body from libcurl's write callback: memory up to a limit, then a temporary file, or
/// to a file the user named (`BodyDestination`: written as `NAME.part`, renamed to `NAME` when complete, removed when
/// not). Memory stays flat for any size once the body is on disk.
///
/// The temporary file (`apix-body-*` in `$TMPDIR`) is unlinked as soon as it is made and read back through
/// `/proc/self/fd`, so no exit path (a signal, a crash, kill -9) can leave it behind. What is kept for display is
/// bounded by `maxBody` (`BodyLimit`): past it the write fails, or, with an overflow descriptor, the body goes
/// there instead (what was kept first, then the rest as it arrives).
///
/// Only the transport's loop thread uses it.
final class DownloadSink {
    private let destination: String?
    /// The URL asked, which names the file when the destination is a directory.
    private let url: String
    private let memoryLimit: Int
    private let maxBody: Int64?
    private let overflow: Int32?
    /// Whether libcurl decodes a content coding into this sink (the limit then bounds the decoded size).
    private var decoded = false
    private var buffer = Data()
    private var fd: Int32 = -1
    private var path: String?
    private var isTemporary = false
    /// The user's file, while its bytes go to `path` (`NAME.part`).
    private var finalPath: String?
    private var headers = HTTPHeaders()
    private(set) var written: Int64 = 0
    private(set) var failure: String?
    /// The body passed `maxBody` with nowhere else to go: `failure` says so.
    private(set) var limitExceeded = false
    /// The body passed `maxBody` and went to the overflow descriptor.
    private(set) var streamed = false
    /// The body is an event stream (`EventStream`): past `maxBody` its start is kept and the rest let go, the
    /// transfer going on (its events are what matters); it never goes to the overflow descriptor.
    private var keepsPrefix = false
    /// A stream's body passed `maxBody`: only its first `maxBody` bytes are kept.
    private(set) var truncated = false
    /// The destination is a pipe, a socket or a character device, opened without blocking: a write its reader does
    /// not take waits in `poll`, asking `interruption` every 100 ms (a blocked `write` on libcurl's loop thread
    /// would hear neither a cancellation nor the time limit, and Ctrl-C could not end `apix run -o FIFO`).
    private var waitsForReader = false
    /// Why a write waiting for its reader should stop: the transfer was cancelled or passed its time. Set by the
    /// transfer; asked only while such a write waits.
    var interruption: () -> Interruption? = { nil }
    /// What ended a write that waited for its reader.
    private(set) var interrupted: Interruption?
    /// Bytes taken from libcurl that the reader has not taken yet (at most one write's worth). A body libcurl does
    /// not decode, going to such a destination, never waits in `poll` on libcurl's loop thread: what the reader does
    /// not take waits here, the transfer pauses (`CURL_WRITEFUNC_PAUSE`) while any does, and the loop resumes it
    /// once the descriptor takes them (`flushPending`), so a reader that stops holds only its own transfer. A decoded
    /// body still waits in `poll`: while paused, libcurl keeps what it decodes with no bound (a decompression bomb).
    private var pending = Data()

    enum Interruption: Equatable {
        case cancelled, timedOut
    }

    /// Whether the transfer must pause: bytes wait for the reader (`pending`).
    var isHeldByReader: Bool { !pending.isEmpty }

    /// The descriptor the loop waits on to resume a transfer held by its reader.
    var readerDescriptor: Int32? { isHeldByReader ? fd : nil }

    /// What a time limit that ran out while the reader held the body says.
    var readerTimeoutMessage: String { "timed out: no process read more of the body from \(path ?? "the pipe")" }

    /// Writes what the reader takes now of the bytes waiting for it; false when the destination failed (`failure`
    /// says why). The transfer may resume once `isHeldByReader` is false.
    func flushPending() -> Bool {
        guard !pending.isEmpty else { return true }
        let (taken, code) = pending.withUnsafeBytes { Self.writeWithoutWaiting($0, to: fd) }
        pending.removeFirst(taken)
        if pending.isEmpty { pending = Data() }
        guard let code else { return true }
        failure = "cannot write \(path ?? "body"): \(String(cString: strerror(code)))"
        return false
    }

    /// Writes what `descriptor` (non-blocking) takes of `bytes` now: the count taken, and an error other than a full
    /// pipe (`EAGAIN`).
    private static func writeWithoutWaiting(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> (Int, Int32?) {
        var offset = 0
        let code = DescriptorWriter.hearingBrokenPipe {
            writePiecesWithoutWaiting(bytes, to: descriptor, offset: &offset)
        }
        return (offset, code)
    }

    private static func writePiecesWithoutWaiting(
        _ bytes: UnsafeRawBufferPointer, to descriptor: Int32, offset: inout Int
    ) -> Int32? {
        while offset < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count > 0 {
                offset += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return nil
            } else {
                return count < 0 ? errno : EIO
            }
        }
        return nil
    }

    init(
        destination: String?, url: String = "", memoryLimit: Int, maxBody: Int64? = nil, overflow: Int32? = nil
    ) {
        self.destination = destination
        self.url = url
        self.memoryLimit = memoryLimit
        self.maxBody = maxBody
        self.overflow = overflow
    }

    deinit {
        if fd >= 0 { close(fd) }
        if finalPath != nil, let path { unlink(path) }
    }

    /// Called once the final response's headers are in: large or user-directed bodies go to disk at once.
    /// `decoded`: libcurl decodes a content coding of this body.
    /// `stream`: the body is an event stream (`keepsPrefix`).
    func prepare(expectedLength: Int64?, headers: HTTPHeaders = [:], decoded: Bool = false, stream: Bool = false)
        -> Bool
    {
        self.headers = headers
        self.decoded = decoded
        keepsPrefix = stream
        if destination != nil { return openDestination() }
        if stream { return true }
        if let expectedLength, let maxBody, overflow == nil, expectedLength > maxBody { return exceed(maxBody) }
        if let expectedLength, expectedLength > Int64(memoryLimit) { return spill() }
        if let expectedLength, expectedLength > 0 { buffer.reserveCapacity(Int(expectedLength)) }
        return true
    }

    /// Appends bytes; returns false when they could not be stored (disk full, unwritable file).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if streamed { return writeOverflow(bytes) }
        if keepsPrefix, destination == nil, let maxBody, written + Int64(bytes.count) > maxBody {
            truncated = true
            let room = Int(max(0, maxBody - written))
            return room == 0 || write(UnsafeRawBufferPointer(rebasing: bytes[..<room]))
        }
        if destination == nil, let maxBody, written + Int64(bytes.count) > maxBody {
            guard overflow != nil else { return exceed(maxBody) }
            return startStreaming() && writeOverflow(bytes)
        }
        if fd < 0 {
            if destination != nil {
                guard openDestination() else { return false }
            } else if buffer.count + bytes.count > memoryLimit {
                guard spill() else { return false }
            } else {
                buffer.append(bytes.assumingMemoryBound(to: UInt8.self))
                written += Int64(bytes.count)
                return true
            }
        }
        guard writeAll(bytes) else { return false }
        written += Int64(bytes.count)
        return true
    }

    func finish() -> ResponseBody? {
        if streamed { return ResponseBody(storage: .streamed(written)) }
        if !pending.isEmpty {
            // The transfer ended with the last write's remainder still waiting for the reader: it is waited for here,
            // as a decoded body's writes are, hearing a cancellation and the time limit.
            let rest = pending
            pending = Data()
            guard rest.withUnsafeBytes({ writeHearing($0, to: fd, place: path ?? "the pipe", failing: path ?? "body") })
            else { return nil }
        }
        if destination != nil, fd < 0, !openDestination() { return nil }
        guard fd >= 0, let path else { return ResponseBody(data: buffer) }
        if let finalPath {
            // Complete: then under its own name (a reader never sees half a file there). Not fsynced: like curl and
            // wget, write-back is left to the kernel. Waiting for the disk cost a 1 GiB download to a new file 1.9 s
            // of its 2.8 (curl took 1.1); a failed or killed transfer still never leaves half a file under NAME,
            // only a power cut before write-back could. `close` still reports a write the file system refused.
            let closed = close(fd) == 0
            fd = -1
            guard closed, rename(path, finalPath) == 0 else {
                failure = "cannot write \(finalPath): \(String(cString: strerror(errno)))"
                return nil
            }
            self.finalPath = nil
            return ResponseBody(storage: .file(SpooledFile(path: finalPath, size: written, isTemporary: false)))
        }
        // The SpooledFile owns the descriptor now (an unlinked temporary file lives as long as it is open).
        let file = SpooledFile(path: path, size: written, isTemporary: isTemporary, descriptor: isTemporary ? fd : nil)
        if !isTemporary { close(fd) }
        fd = -1
        isTemporary = false
        return ResponseBody(storage: .file(file))
    }

    /// A download that did not complete: its `NAME.part` is removed; returns what to tell the user, or nil when no
    /// partial file was made.
    func discard() -> String? {
        guard finalPath != nil, let path else { return nil }
        if fd >= 0 { close(fd) }
        fd = -1
        unlink(path)
        finalPath = nil
        return BodyDestination.removedPartMessage(part: path)
    }

    private func openDestination() -> Bool {
        guard fd < 0, let destination else { return fd >= 0 }
        let target = BodyDestination(resolved: destination).file(url: url, headers: headers)
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists, InPlaceFile.applies(to: target, info: info) {
            // A device or pipe (`/dev/null`, a FIFO, `/dev/stdout`) is written as it is: no partial state to hide.
            fd = InPlaceFile.open(target, info: info)
            guard fd >= 0 else {
                failure = "cannot write \(target): \(InPlaceFile.reason(errno, info: info))"
                return false
            }
            path = target
            let kind = info.st_mode & S_IFMT
            if kind == S_IFIFO || kind == S_IFSOCK || kind == S_IFCHR {
                // This open's own file description: the reader's, or a shell's, is not changed.
                waitsForReader = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0
            }
            return true
        }
        let part = BodyDestination.partPath(of: target)
        // 0666 narrowed by the umask, like any new file; a file being replaced keeps its mode.
        fd = open(part, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            failure = "cannot write \(part): \(String(cString: strerror(errno)))"
            return false
        }
        if exists { fchmod(fd, info.st_mode & 0o7777) }
        path = part
        finalPath = target
        return true
    }

    private func spill() -> Bool {
        guard fd < 0 else { return true }
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/apix-body-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            failure = "cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))"
            return false
        }
        // Gone from the directory at once: only this process's descriptor holds it (read back by its /proc path).
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        fd = descriptor
        path = "/proc/self/fd/\(descriptor)"
        isTemporary = true
        let pending = buffer
        buffer = Data()
        return pending.withUnsafeBytes { writeAll($0) }
    }

    private func exceed(_ limit: Int64) -> Bool {
        limitExceeded = true
        failure = BodyLimit.exceededMessage(limit: limit, decoded: decoded)
        return false
    }

    /// Past the limit with an overflow descriptor: what was kept goes there first, and the spool is let go.
    private func startStreaming() -> Bool {
        streamed = true
        if fd >= 0 {
            defer {
                close(fd)
                fd = -1
                isTemporary = false
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            var offset: off_t = 0
            while true {
                let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else {
                    failure = "cannot read the spooled body: \(String(cString: strerror(errno)))"
                    return false
                }
                if count == 0 { return true }
                offset += off_t(count)
                guard chunk.withUnsafeBytes({ copyOut(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else {
                    return false
                }
            }
        }
        let pending = buffer
        buffer = Data()
        return pending.withUnsafeBytes { copyOut($0) }
    }

    private func writeOverflow(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard copyOut(bytes) else { return false }
        written += Int64(bytes.count)
        return true
    }

    private func copyOut(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let overflow else { return true }
        return writeHearing(bytes, to: overflow, place: "standard output", failing: "the body to standard output")
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if waitsForReader, !decoded {
            // What the reader does not take now waits for it (the transfer then pauses: `pending`).
            let (taken, code) = Self.writeWithoutWaiting(bytes, to: fd)
            if let code {
                failure = "cannot write \(path ?? "body"): \(String(cString: strerror(code)))"
                return false
            }
            if taken < bytes.count { pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[taken...])) }
            return true
        }
        if waitsForReader {
            return writeHearing(bytes, to: fd, place: path ?? "the pipe", failing: path ?? "body", brokenPipe: true)
        }
        guard let code = DescriptorWriter.writeAll(bytes, to: fd) else { return true }
        failure = "cannot write \(path ?? "body"): \(String(cString: strerror(code)))"
        return false
    }

    /// Writes where a reader may stop reading, hearing `interruption` while the write waits for it.
    /// `brokenPipe`: a reader that went away is a failure to report (`-o`), not a SIGPIPE (standard output).
    private func writeHearing(
        _ bytes: UnsafeRawBufferPointer, to descriptor: Int32, place: String, failing target: String,
        brokenPipe: Bool = false
    ) -> Bool {
        var why: Interruption?
        let write = {
            DescriptorWriter.writeAll(bytes, to: descriptor) {
                why = self.interruption()
                return why != nil
            }
        }
        let code = brokenPipe ? DescriptorWriter.hearingBrokenPipe(write) : write()
        guard let code else { return true }
        if let why {
            interrupted = why
            failure = why == .cancelled ? "cancelled" : "timed out: no process read more of the body from \(place)"
        } else {
            failure = "cannot write \(target): \(String(cString: strerror(code)))"
        }
        return false
    }
}

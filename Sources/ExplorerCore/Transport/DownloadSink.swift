import Foundation

/// Receives a response body from libcurl's write callback: memory up to a limit, then a temporary file, or
/// to a file the user named (`BodyDestination`: written as `NAME.part`, renamed to `NAME` when complete, removed when
/// not). Memory stays flat for any size once the body is on disk.
///
/// Only the transport's loop thread uses it.
final class DownloadSink {
    private let destination: String?
    /// The URL asked, which names the file when the destination is a directory.
    private let url: String
    private let memoryLimit: Int
    private var buffer = Data()
    private var fd: Int32 = -1
    private var path: String?
    private var isTemporary = false
    /// The user's file, while its bytes go to `path` (`NAME.part`).
    private var finalPath: String?
    private var headers = HTTPHeaders()
    private(set) var written: Int64 = 0
    private(set) var failure: String?

    init(destination: String?, url: String = "", memoryLimit: Int) {
        self.destination = destination
        self.url = url
        self.memoryLimit = memoryLimit
    }

    deinit {
        if fd >= 0 { close(fd) }
        if isTemporary || finalPath != nil, let path { unlink(path) }
    }

    /// Called once the final response's headers are in: large or user-directed bodies go to disk at once.
    func prepare(expectedLength: Int64?, headers: HTTPHeaders = [:]) -> Bool {
        self.headers = headers
        if destination != nil { return openDestination() }
        if let expectedLength, expectedLength > Int64(memoryLimit) { return spill() }
        if let expectedLength, expectedLength > 0 { buffer.reserveCapacity(Int(expectedLength)) }
        return true
    }

    /// Appends bytes; returns false when they could not be stored (disk full, unwritable file).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
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
        if destination != nil, fd < 0, !openDestination() { return nil }
        guard fd >= 0, let path else { return ResponseBody(data: buffer) }
        if let finalPath {
            // Complete: on disk, then under its own name (a reader never sees half a file there).
            let synced = fsync(fd) == 0
            close(fd)
            fd = -1
            guard synced, rename(path, finalPath) == 0 else {
                failure = "cannot write \(finalPath): \(String(cString: strerror(errno)))"
                return nil
            }
            self.finalPath = nil
            return ResponseBody(storage: .file(SpooledFile(path: finalPath, size: written, isTemporary: false)))
        }
        close(fd)
        fd = -1
        let file = SpooledFile(path: path, size: written, isTemporary: isTemporary)
        isTemporary = false  // the SpooledFile owns the removal now
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
        let isRegular = info.st_mode & S_IFMT == S_IFREG
        if exists, !isRegular {
            // A device or pipe (`/dev/null`, a FIFO) is written as it is: it has no partial state to hide.
            fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else {
                failure = "cannot write \(target): \(String(cString: strerror(errno)))"
                return false
            }
            path = target
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
        fd = descriptor
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        isTemporary = true
        let pending = buffer
        buffer = Data()
        return pending.withUnsafeBytes { writeAll($0) }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let code = AtomicFile.writeAll(bytes, to: fd) else { return true }
        failure = "cannot write \(path ?? "body"): \(String(cString: strerror(code)))"
        return false
    }
}

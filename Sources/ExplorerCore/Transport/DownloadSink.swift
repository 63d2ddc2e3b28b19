import Foundation

/// Receives a response body from libcurl's write callback: memory up to a limit, then a temporary file, or
/// straight to a file the user named. Memory stays flat for any size once the body is on disk.
///
/// Only the transport's loop thread uses it.
final class DownloadSink {
    private let destination: String?
    private let memoryLimit: Int
    private var buffer = Data()
    private var fd: Int32 = -1
    private var path: String?
    private var isTemporary = false
    private(set) var written: Int64 = 0
    private(set) var failure: String?

    init(destination: String?, memoryLimit: Int) {
        self.destination = destination
        self.memoryLimit = memoryLimit
    }

    deinit {
        if fd >= 0 { close(fd) }
        if isTemporary, let path { unlink(path) }
    }

    /// Called once the final response's headers are in: large or user-directed bodies go to disk at once.
    func prepare(expectedLength: Int64?) -> Bool {
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
        close(fd)
        fd = -1
        let file = SpooledFile(path: path, size: written, isTemporary: isTemporary)
        isTemporary = false  // the SpooledFile owns the removal now
        return ResponseBody(storage: .file(file))
    }

    private func openDestination() -> Bool {
        guard fd < 0, let destination else { return fd >= 0 }
        fd = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            failure = "cannot write \(destination): \(String(cString: strerror(errno)))"
            return false
        }
        path = destination
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

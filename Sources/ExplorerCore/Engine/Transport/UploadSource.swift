import Foundation

/// Feeds an upload to libcurl's read callback from in-memory bytes and open files, segment by segment.
///
/// Only the transport's loop thread uses it, from inside libcurl callbacks; it never reads a file whole.
final class UploadSource {
    private let segments: [BodySegment]
    private var index = 0
    private var offset = 0  // within the current in-memory segment
    private var fd: Int32 = -1
    let length: Int64
    private(set) var failure: String?

    init(segments: [BodySegment]) {
        self.segments = segments
        length = segments.reduce(0) { $0 + $1.count }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Copies up to `capacity` bytes into `buffer`; returns 0 at the end and -1 on a read error.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        while index < segments.count {
            switch segments[index] {
            case .bytes(let data):
                let remaining = data.count - offset
                if remaining > 0 {
                    let count = min(remaining, capacity)
                    data.withUnsafeBytes { raw in
                        buffer.copyMemory(from: raw.baseAddress! + offset, byteCount: count)
                    }
                    offset += count
                    return count
                }
            case .file(let path, _):
                if fd < 0 {
                    fd = open(path, O_RDONLY | O_CLOEXEC)
                    if fd < 0 {
                        failure = "cannot open \(path): \(String(cString: strerror(errno)))"
                        return -1
                    }
                }
                let count = Foundation.read(fd, buffer, capacity)
                if count > 0 { return count }
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot read \(path): \(String(cString: strerror(errno)))"
                    return -1
                }
                close(fd)
                fd = -1
            }
            index += 1
            offset = 0
        }
        return 0
    }

    /// The SHA-256 of the whole upload in lower-case hex, read through a source of its own; nil when a file cannot
    /// be read (the send then says why). An AWS SigV4 signature covers the body, which libcurl 7.88 hashes only when
    /// it is given whole (`CURLOPT_POSTFIELDS`), not when it reads it in pieces as apix has it do.
    static func sha256Hex(of segments: [BodySegment]) -> String? {
        let source = UploadSource(segments: segments)
        var hasher = SHA256()
        let capacity = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = source.read(into: buffer, capacity: capacity)
            if count < 0 { return nil }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(start: buffer, count: count))
        }
        return SHA256.hex(hasher.finalize())
    }

    /// Starts over from the first byte (libcurl asks when it must resend on a fresh connection).
    func rewind() -> Bool {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        index = 0
        offset = 0
        failure = nil
        return true
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A response body's bytes in one buffer without reading it into memory: a memory body as it is, a file body
/// mapped read-only. A pass that moves forward through a large body releases what it has read
/// (`Reader.release(before:)`), so what stays resident is about one window whatever the body's size: the
/// mapping's pages are the file's, dropped from this process on release and read again only if touched again.
package enum BodyBytes {
    /// Handed to the work: the bytes and how to release the pages before an offset.
    package final class Reader {
        package let bytes: UnsafeRawBufferPointer
        private let mapped: Bool
        private var released = 0

        init(bytes: UnsafeRawBufferPointer, mapped: Bool) {
            self.bytes = bytes
            self.mapped = mapped
        }

        /// Releases the whole pages before `offset` (a no-op for a memory body).
        package func release(before offset: Int) {
            guard mapped, let base = bytes.baseAddress else { return }
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let end = min(offset, bytes.count) / page * page
            if end < released { released = 0 }  // a new pass from the start: what it reads is resident again
            guard end > released else { return }
            madvise(UnsafeMutableRawPointer(mutating: base) + released, end - released, MADV_DONTNEED)
            released = end
        }
    }

    /// Calls `work` with the body's bytes; a file body is mapped for the call only.
    package static func with<R>(_ body: ResponseBody, _ work: (Reader) throws -> R) throws -> R {
        guard let path = body.filePath else {
            let data = try body.data()
            return try data.withUnsafeBytes { buffer in
                try work(Reader(bytes: buffer, mapped: false))
            }
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw CocoaError(.fileReadUnknown) }
        let size = Int(status.st_size)
        guard size > 0 else {
            return try work(Reader(bytes: UnsafeRawBufferPointer(start: nil, count: 0), mapped: false))
        }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        defer { munmap(base, size) }
        madvise(base, size, MADV_SEQUENTIAL)
        return try work(Reader(bytes: UnsafeRawBufferPointer(start: base, count: size), mapped: true))
    }
}

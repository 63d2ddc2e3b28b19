import Foundation

/// Writes bytes to an open file descriptor whole: the plain `write(2)` loop every writer of apix shares (the
/// temporary file `AtomicFile` renames, the download spool, the history's pending records, the editor's file, the
/// terminal). Nothing here is atomic: a reader may see part of the bytes, and a failure leaves what was written.
package enum DescriptorWriter {
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
}

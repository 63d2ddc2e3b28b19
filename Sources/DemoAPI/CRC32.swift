import CZlib
import NIOCore

/// Incremental CRC-32 (the zlib / gzip polynomial) computed by zlib, fed chunk by chunk so an upload of any size
/// is checked without being collected.
struct CRC32: Sendable {
    /// The checksum of everything fed so far.
    private(set) var value: UInt32 = 0

    /// Adds the readable bytes of `buffer`.
    mutating func update(_ buffer: ByteBuffer) {
        buffer.withUnsafeReadableBytes { update($0) }
    }

    /// Adds `bytes`.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var remaining = bytes.count
        // zlib takes the length as a 32-bit uInt: feed very large spans in slices.
        while remaining > 0 {
            let length = min(remaining, Int(UInt32.max))
            value = UInt32(truncatingIfNeeded: crc32(uLong(value), base, uInt(length)))
            base += length
            remaining -= length
        }
    }

    /// The checksum as 8 lowercase hex digits, the form the upload route reports.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

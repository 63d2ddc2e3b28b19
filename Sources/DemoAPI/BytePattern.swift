import Hummingbird
import NIOCore

/// The deterministic download pattern: the byte at offset `i` is `UInt8(i % 251)`.
///
/// 251 is prime, so the pattern never lines up with power-of-two buffer sizes and a misplaced or repeated chunk
/// shows up in a comparison. Bodies are written as slices of one shared, precomputed chunk (no per-byte work, no
/// allocation per request), which keeps multi-GiB downloads fast and memory flat.
enum BytePattern {
    /// Length of one repetition.
    static let period = 251

    /// 1024 periods (257,024 bytes) starting at offset 0. Because its length is a multiple of the period, a
    /// slice at `offset % period` continues the pattern from any offset.
    static let chunk: ByteBuffer = {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(period * 1024)
        for index in 0..<(period * 1024) {
            buffer.writeInteger(UInt8(index % period))
        }
        return buffer
    }()

    /// The pattern byte at `offset`.
    static func byte(at offset: Int) -> UInt8 {
        UInt8(offset % period)
    }

    /// The first `count` bytes of the pattern in one buffer (for bodies that are compressed whole).
    static func bytes(count: Int) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(count)
        forEachSlice(from: 0, count: count) { buffer.writeImmutableBuffer($0) }
        return buffer
    }

    /// Calls `body` with consecutive slices covering `count` pattern bytes starting at `offset`.
    static func forEachSlice(from offset: Int, count: Int, _ body: (ByteBuffer) throws -> Void) rethrows {
        var written = 0
        while written < count {
            let start = (offset + written) % period
            let length = min(count - written, chunk.readableBytes - start)
            try body(chunk.getSlice(at: start, length: length)!)
            written += length
        }
    }

    /// Writes `count` pattern bytes starting at `offset` to `writer`, stopping early (by throwing) when the
    /// server shuts down.
    static func write(
        from offset: Int = 0,
        count: Int,
        to writer: inout any ResponseBodyWriter
    ) async throws {
        var written = 0
        while written < count {
            try ServerShutdown.throwIfStopping()
            let start = (offset + written) % period
            let length = min(count - written, chunk.readableBytes - start)
            try await writer.write(chunk.getSlice(at: start, length: length)!)
            written += length
        }
    }
}

import CZlib
import NIOCore

/// One-shot gzip compression through zlib, for the `/gzip` routes (bodies of at most a few MiB).
enum Gzip {
    /// Returns `input` compressed as a complete gzip member.
    static func compress(_ input: ByteBuffer, level: Int32 = Z_DEFAULT_COMPRESSION) -> ByteBuffer {
        var stream = z_stream()
        guard apix_deflate_init_gzip(&stream, level) == Z_OK else {
            // Only fails on allocation failure or a bad level: both programmer or machine failures.
            fatalError("deflateInit2 failed")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.readableBytes)))
        var output = ByteBuffer()
        _ = input.withUnsafeReadableBytes { source in
            output.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { target in
                // zlib's next_in is not const-qualified in this build, but deflate only reads through it.
                stream.next_in = UnsafeMutablePointer(
                    mutating: source.baseAddress?.assumingMemoryBound(to: Bytef.self)
                )
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(target.count)
                // deflateBound guarantees a single Z_FINISH call completes the stream.
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "deflate did not finish within deflateBound")
                return target.count - Int(stream.avail_out)
            }
        }
        return output
    }
}

import CZlib

/// A gzip stream of `megabytes` MiB of zeros (about 1/1000 of that on the wire), made once per size; `raw`: raw
/// deflate ended with a sync flush, as permessage-deflate sends a message (RFC 7692 §7.2.1).
enum GzipBomb {
    static func zeros(megabytes: Int, raw: Bool = false) -> [UInt8] {
        var stream = z_stream()
        let status = raw ? apix_deflate_init_raw(&stream, 9, 15) : apix_deflate_init_gzip(&stream, 9)
        guard status == Z_OK else { fatalError("deflateInit2 failed") }
        defer { deflateEnd(&stream) }
        var input = [UInt8](repeating: 0, count: 1 << 20)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        for index in 0..<megabytes {
            let flush = index == megabytes - 1 ? (raw ? Z_SYNC_FLUSH : Z_FINISH) : Z_NO_FLUSH
            input.withUnsafeMutableBufferPointer { source in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                repeat {
                    let produced = chunk.withUnsafeMutableBufferPointer { target -> Int in
                        stream.next_out = target.baseAddress
                        stream.avail_out = uInt(target.count)
                        _ = deflate(&stream, flush)
                        return target.count - Int(stream.avail_out)
                    }
                    output += chunk[..<produced]
                } while stream.avail_out == 0 || stream.avail_in > 0
            }
        }
        if raw, output.suffix(4) == [0, 0, 0xFF, 0xFF] { output.removeLast(4) }
        return output
    }

    /// `bytes` gzip-compressed (level 9), in one piece.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard apix_deflate_init_gzip(&stream, 9) == Z_OK else { fatalError("deflateInit2 failed") }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target -> Int in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                _ = deflate(&stream, Z_FINISH)
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output[..<written])
    }
}

import CZlib

/// A gzip stream of `megabytes` MiB of zeros (about 1/1000 of that on the wire), made once per size.
enum GzipBomb {
    static func zeros(megabytes: Int) -> [UInt8] {
        var stream = z_stream()
        guard apix_deflate_init_gzip(&stream, 9) == Z_OK else { fatalError("deflateInit2 failed") }
        defer { deflateEnd(&stream) }
        var input = [UInt8](repeating: 0, count: 1 << 20)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        for index in 0..<megabytes {
            let flush = index == megabytes - 1 ? Z_FINISH : Z_NO_FLUSH
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
        return output
    }
}

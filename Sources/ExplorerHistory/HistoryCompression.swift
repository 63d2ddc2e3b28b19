import CZlib
import Foundation

/// gzip for body files: the files are ordinary `.gz` files, readable with `zcat`.
enum HistoryCompression {
    static func compress(_ data: Data) -> Data? {
        var output = Data()
        let writer = GzipWriter { bytes in
            output.append(contentsOf: bytes)
            return true
        }
        guard let writer, writer.write(data), writer.finish() else { return nil }
        return output
    }

    /// nil when `data` is not a whole gzip stream or inflates past `limit`.
    static func decompress(_ data: Data, limit: Int) -> Data? {
        var stream = z_stream()
        guard apix_inflate_init_auto(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Data? in
            stream.next_in = UnsafeMutablePointer(
                mutating: input.bindMemory(to: Bytef.self).baseAddress ?? UnsafePointer(bitPattern: 1))
            stream.avail_in = uInt(input.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
                guard output.count <= limit else { return nil }
                if status == Z_STREAM_END { return output }
                guard status == Z_OK, stream.avail_in > 0 || stream.avail_out == 0 else { return nil }
            }
        }
    }
}

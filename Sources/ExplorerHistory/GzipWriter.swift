import CZlib
import Foundation

/// A gzip stream compressed as its input arrives, each piece of output handed to `output` (which returns false
/// to stop): a large body goes into its history file without ever being whole in memory.
final class GzipWriter {
    private var stream = z_stream()
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    private let output: (UnsafeRawBufferPointer) -> Bool

    /// nil when zlib cannot start (out of memory).
    init?(level: Int32 = 6, output: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.output = output
        guard apix_deflate_init_gzip(&stream, level) == Z_OK else { return nil }
    }

    deinit { deflateEnd(&stream) }

    /// Compresses `data`; false when zlib or `output` failed.
    func write(_ data: Data) -> Bool {
        guard !data.isEmpty else { return true }
        return data.withUnsafeBytes { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            while stream.avail_in > 0 {
                guard deflateStep(Z_NO_FLUSH) != nil else { return false }
            }
            return true
        }
    }

    /// Ends the stream (its trailer written); false when zlib or `output` failed.
    func finish() -> Bool {
        stream.next_in = nil
        stream.avail_in = 0
        while true {
            guard let status = deflateStep(Z_FINISH) else { return false }
            if status == Z_STREAM_END { return true }
        }
    }

    /// One `deflate` call into `chunk`, its output handed on; nil on failure.
    private func deflateStep(_ flush: Int32) -> Int32? {
        let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
            stream.next_out = buffer.baseAddress
            stream.avail_out = uInt(buffer.count)
            return deflate(&stream, flush)
        }
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return nil }
        let produced = chunk.count - Int(stream.avail_out)
        if produced > 0 {
            let handed = chunk.withUnsafeBytes { output(UnsafeRawBufferPointer(rebasing: $0[0..<produced])) }
            guard handed else { return nil }
        }
        return status
    }
}

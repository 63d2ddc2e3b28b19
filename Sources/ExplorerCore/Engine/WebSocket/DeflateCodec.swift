import CZlib

/// zlib's raw deflate for `permessage-deflate` (RFC 7692 §7.2): messages compressed apix's way and inflated with a
/// bound, so a small compressed message cannot grow past `max_message` in memory (a deflate bomb).
///
/// `@unchecked Sendable`: the z_streams are owned by one session, which one thread drives at a time (the
/// connection's I/O thread); nothing else reaches them.
final class DeflateCodec: @unchecked Sendable {
    private let inflater = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let deflater = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let parameters: PerMessageDeflate
    private var inflaterReady = false
    private var deflaterReady = false
    /// Output room per inflate call: small enough that a bomb is stopped a chunk past the limit.
    private static let chunkSize = 64 * 1024

    init(_ parameters: PerMessageDeflate) {
        self.parameters = parameters
        inflater.initialize(to: z_stream())
        deflater.initialize(to: z_stream())
        inflaterReady = apix_inflate_init_raw(inflater) == Z_OK
        // zlib cannot write a raw stream with an 8-bit window (it uses 9); apix then sends uncompressed (§6: an
        // endpoint may send any message uncompressed).
        if parameters.clientMaxWindowBits >= 9 {
            deflaterReady =
                apix_deflate_init_raw(deflater, Z_DEFAULT_COMPRESSION, Int32(parameters.clientMaxWindowBits)) == Z_OK
        }
    }

    deinit {
        if inflaterReady { inflateEnd(inflater) }
        if deflaterReady { deflateEnd(deflater) }
        inflater.deallocate()
        deflater.deallocate()
    }

    /// Whether apix compresses what it sends.
    var compressesOutgoing: Bool { deflaterReady }

    /// Inflates one frame's payload of a compressed message into `output`, which may hold at most `limit` bytes;
    /// `final`: the message's last frame, followed by the 0x00 0x00 0xFF 0xFF §7.2.2 removed on the wire.
    func inflate(_ payload: [UInt8], final: Bool, into output: inout [UInt8], limit: Int) throws(WebSocketViolation) {
        guard inflaterReady else { throw .protocolError("compressed message, but zlib could not start") }
        try run(payload, into: &output, limit: limit)
        if final {
            try run([0x00, 0x00, 0xFF, 0xFF], into: &output, limit: limit)
            if parameters.serverNoContextTakeover { inflateReset(inflater) }
        }
    }

    private func run(_ input: [UInt8], into output: inout [UInt8], limit: Int) throws(WebSocketViolation) {
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        var failure: WebSocketViolation?
        input.withUnsafeBufferPointer { source in
            inflater.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            inflater.pointee.avail_in = uInt(source.count)
            while failure == nil {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    inflater.pointee.next_out = buffer.baseAddress
                    inflater.pointee.avail_out = uInt(buffer.count)
                    let status = CZlib.inflate(inflater, Z_SYNC_FLUSH)
                    return (status, buffer.count - Int(inflater.pointee.avail_out))
                }
                if output.count + produced > limit {
                    failure = .tooBig("compressed message inflates past max_message (\(limit) bytes)")
                    break
                }
                output.append(contentsOf: chunk[0..<produced])
                switch status {
                case Z_OK where inflater.pointee.avail_in > 0 || produced == chunk.count: continue
                case Z_OK, Z_BUF_ERROR: break
                case Z_STREAM_END: failure = .invalidData("compressed message holds a final deflate block")
                default: failure = .invalidData("compressed message is not valid deflate data")
                }
                break
            }
            inflater.pointee.next_in = nil
            inflater.pointee.avail_in = 0
        }
        if let failure { throw failure }
    }

    /// `message` compressed as one message's payload (§7.2.1: the trailing 0x00 0x00 0xFF 0xFF removed).
    func deflate(_ message: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        message.withUnsafeBufferPointer { source in
            deflater.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            deflater.pointee.avail_in = uInt(source.count)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { buffer -> Int in
                    deflater.pointee.next_out = buffer.baseAddress
                    deflater.pointee.avail_out = uInt(buffer.count)
                    _ = CZlib.deflate(deflater, Z_SYNC_FLUSH)
                    return buffer.count - Int(deflater.pointee.avail_out)
                }
                output.append(contentsOf: chunk[0..<produced])
            } while deflater.pointee.avail_out == 0
            deflater.pointee.next_in = nil
        }
        if output.suffix(4) == [0x00, 0x00, 0xFF, 0xFF] { output.removeLast(4) }
        if parameters.clientNoContextTakeover { deflateReset(deflater) }
        return output
    }
}

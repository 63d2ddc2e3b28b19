/// Server frames from the wire, fed in chunks of any size (RFC 6455 §5.2): each frame's header is checked as soon
/// as it is complete, before any of its payload is kept, so a peer cannot make apix buffer what it would refuse.
struct WebSocketFrameDecoder: Sendable {
    /// The largest payload the next data frame may announce: the session's `max_message`, less what an
    /// uncompressed message in progress already holds (a compressed frame is bounded by it before inflation).
    var maxPayload: Int
    /// Whether RSV1 may be set (`permessage-deflate` was negotiated, RFC 7692 §6).
    let allowsCompression: Bool

    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer` (consumed bytes are dropped in one go once they are most of it).
    private var readIndex = 0

    init(maxPayload: Int, allowsCompression: Bool) {
        self.maxPayload = maxPayload
        self.allowsCompression = allowsCompression
    }

    /// Bytes received but not yet part of a returned frame.
    var bufferedCount: Int { buffer.count - readIndex }

    mutating func feed(_ bytes: some Collection<UInt8>) {
        if readIndex > 0 && readIndex >= buffer.count / 2 {
            buffer.removeFirst(readIndex)
            readIndex = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, nil when more bytes are needed, or the violation its header or payload is.
    mutating func next() throws(WebSocketViolation) -> WebSocketFrame? {
        let available = buffer.count - readIndex
        guard available >= 2 else { return nil }
        let first = buffer[readIndex]
        let second = buffer[readIndex + 1]
        // §5.2: RSV2 and RSV3 belong to extensions apix never negotiates; RSV1 to permessage-deflate only.
        if first & 0x30 != 0 { throw .protocolError("reserved bits RSV2/RSV3 set without an extension") }
        let rsv1 = first & 0x40 != 0
        if rsv1 && !allowsCompression { throw .protocolError("RSV1 set but no compression was negotiated") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw .protocolError("reserved opcode 0x\(String(first & 0x0F, radix: 16))")
        }
        let fin = first & 0x80 != 0
        // §5.1: a server must not mask what it sends.
        if second & 0x80 != 0 { throw .protocolError("server frame is masked") }
        var headerLength = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(buffer[readIndex + 2]) << 8 | UInt64(buffer[readIndex + 3])
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = buffer[readIndex + 2..<readIndex + 10].reduce(0) { $0 << 8 | UInt64($1) }
            headerLength = 10
            // §5.2: the most significant bit of a 64-bit length must be 0.
            if length & (1 << 63) != 0 { throw .protocolError("64-bit frame length with the top bit set") }
        }
        if opcode.isControl {
            // §5.5: control frames are short and whole.
            if !fin { throw .protocolError("fragmented \(opcode) frame") }
            if length > 125 { throw .protocolError("\(opcode) frame of \(length) bytes (control frames hold ≤ 125)") }
            if rsv1 { throw .protocolError("RSV1 set on a \(opcode) frame") }
        } else if length > UInt64(maxPayload) {
            // §10.4: refused before any of it is buffered.
            throw .tooBig("frame of \(length) bytes is over max_message (\(maxPayload))")
        }
        guard UInt64(available - headerLength) >= length else { return nil }
        let start = readIndex + headerLength
        let payload = Array(buffer[start..<start + Int(length)])
        readIndex = start + Int(length)
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            readIndex = 0
        }
        return WebSocketFrame(fin: fin, compressed: rsv1, opcode: opcode, payload: payload)
    }
}

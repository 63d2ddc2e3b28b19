/// One WebSocket conversation without I/O (RFC 6455 §5–§7): bytes from the server go in, events and bytes for the
/// server come out. It checks every frame, assembles messages (bounded by `maxMessage`, inflated when
/// `permessage-deflate` is in use), answers pings, and runs the closing handshake in both directions. The
/// connection (`WebSocketConnection`) feeds it from the socket and writes what `takeOutbound()` gives.
package struct WebSocketSession: Sendable {
    package enum State: Sendable, Equatable {
        case open
        /// apix sent its close and waits for the server's (§7.1.2).
        case closing
        /// Both closes crossed (or the session failed): the TCP connection may end.
        case closed
    }

    package private(set) var state = State.open
    /// The largest message kept, in bytes (after inflation).
    package let maxMessage: Int
    /// The close that ended the session, once known.
    package private(set) var close: WebSocketClose?

    private var decoder: WebSocketFrameDecoder
    private let encoder: WebSocketFrameEncoder
    private let codec: DeflateCodec?
    private var assembly: Assembly?
    /// The pong for the latest ping not yet answered: one at most, whatever the rate of pings (§5.5.3 allows
    /// answering only the most recent), so a ping flood cannot grow the queue.
    private var pendingPong: [UInt8]?
    /// Data frames waiting to be written, in order.
    private var outbound: [UInt8] = []
    /// The close frame to write once `outbound` is written.
    private var pendingClose: [UInt8]?
    /// Set when a violation stopped reading: nothing more the server sends is looked at.
    private var failed = false

    /// A message in progress: its kind, the bytes so far, and their UTF-8 check (text).
    private struct Assembly {
        var opcode: WebSocketFrame.Opcode
        var compressed: Bool
        var bytes: [UInt8] = []
        var utf8 = UTF8Validator()
    }

    package init(maxMessage: Int, deflate: PerMessageDeflate? = nil) {
        self.init(maxMessage: maxMessage, deflate: deflate, encoder: WebSocketFrameEncoder())
    }

    init(maxMessage: Int, deflate: PerMessageDeflate?, encoder: WebSocketFrameEncoder) {
        self.maxMessage = maxMessage
        self.encoder = encoder
        codec = deflate.map(DeflateCodec.init)
        decoder = WebSocketFrameDecoder(maxPayload: maxMessage, allowsCompression: deflate != nil)
    }

    // MARK: - From the server

    /// Takes bytes from the server and returns what they meant, in order. After a violation (answered with its
    /// close, ending in `.closed` with initiator `.violation`) the rest is ignored.
    package mutating func receive(_ bytes: some Collection<UInt8>) -> [WebSocketEvent] {
        guard !failed, state != .closed else { return [] }
        decoder.feed(bytes)
        var events: [WebSocketEvent] = []
        while !failed, state != .closed {
            do {
                guard let frame = try decoder.next() else { break }
                try handle(frame, into: &events)
            } catch {
                fail(error, into: &events)
            }
        }
        return events
    }

    /// Bytes received and not yet a frame (the connection bounds its reads by it).
    package var bufferedCount: Int { decoder.bufferedCount + (assembly?.bytes.count ?? 0) }

    private mutating func handle(_ frame: WebSocketFrame, into events: inout [WebSocketEvent])
        throws(WebSocketViolation)
    {
        switch frame.opcode {
        case .ping:
            if state == .open { pendingPong = frame.payload }
            events.append(.ping(frame.payload))
        case .pong:
            events.append(.pong(frame.payload))
        case .close:
            try receiveClose(frame.payload, into: &events)
        case .text, .binary:
            // §5.4: a new message may not start inside a fragmented one.
            if assembly != nil { throw .protocolError("new \(frame.opcode) message inside a fragmented message") }
            // RFC 7692 §6.1: RSV1 marks a compressed message on its first frame only.
            assembly = Assembly(opcode: frame.opcode, compressed: frame.compressed)
            try append(frame, into: &events)
        case .continuation:
            guard assembly != nil else { throw .protocolError("continuation frame without a message to continue") }
            if frame.compressed { throw .protocolError("RSV1 set on a continuation frame") }
            try append(frame, into: &events)
        }
    }

    private mutating func append(_ frame: WebSocketFrame, into events: inout [WebSocketEvent])
        throws(WebSocketViolation)
    {
        guard var message = assembly else { return }
        assembly = nil  // keeps `message.bytes` uniquely referenced while it grows
        let before = message.bytes.count
        if message.compressed, let codec {
            try codec.inflate(frame.payload, final: frame.fin, into: &message.bytes, limit: maxMessage)
        } else {
            // The decoder already refused a frame past what is left (`maxPayload`); this is the same bound.
            guard message.bytes.count + frame.payload.count <= maxMessage else {
                throw .tooBig("message over max_message (\(maxMessage) bytes)")
            }
            if message.bytes.isEmpty {
                message.bytes = frame.payload  // the first (often only) frame: kept as it is, not copied
            } else {
                message.bytes += frame.payload
            }
        }
        if message.opcode == .text {
            // §8.1: fail as soon as the text cannot be valid, even mid-message.
            guard message.utf8.feed(message.bytes[before...]) else { throw .invalidData("text message is not UTF-8") }
            if frame.fin && !message.utf8.isComplete { throw .invalidData("text message ends inside a character") }
        }
        if frame.fin {
            events.append(
                .message(
                    message.opcode == .text
                        ? .text(String(decoding: message.bytes, as: UTF8.self)) : .binary(message.bytes)))
            decoder.maxPayload = maxMessage
        } else {
            assembly = message
            // The next frame of an uncompressed message may only fill what is left (refused before it is read).
            if !message.compressed { decoder.maxPayload = maxMessage - message.bytes.count }
        }
    }

    private mutating func receiveClose(_ payload: [UInt8], into events: inout [WebSocketEvent])
        throws(WebSocketViolation)
    {
        // §5.5.1, §7.1.5, §7.4: no body (no code), or a valid code and a UTF-8 reason.
        var code = WebSocketCloseCode.noStatus
        var reason = ""
        if payload.count == 1 { throw .protocolError("close frame with a one-byte body") }
        if payload.count >= 2 {
            code = UInt16(payload[0]) << 8 | UInt16(payload[1])
            guard WebSocketCloseCode.isSendable(code) else { throw .protocolError("close code \(code) is not allowed") }
            guard UTF8Validator.isValid(payload[2...]) else { throw .invalidData("close reason is not UTF-8") }
            reason = String(decoding: payload[2...], as: UTF8.self)
        }
        switch state {
        case .open:
            // §5.5.1: answer with a close, echoing the code (1000 when there was none); data not yet sent stays
            // unsent, the server will not read it.
            outbound.removeAll()
            pendingPong = nil
            pendingClose = encoder.encode(Self.closeFrame(code: code == WebSocketCloseCode.noStatus ? nil : code))
            close = WebSocketClose(code: code, reason: reason, initiator: .server)
        case .closing:
            if close == nil { close = WebSocketClose(code: code, reason: reason, initiator: .client) }
        case .closed:
            return
        }
        state = .closed
        events.append(.closed(close!))
    }

    private mutating func fail(_ violation: WebSocketViolation, into events: inout [WebSocketEvent]) {
        failed = true
        assembly = nil
        let result = WebSocketClose(code: violation.code, reason: violation.reason, initiator: .violation)
        if state == .open {
            outbound.removeAll()
            pendingPong = nil
            pendingClose = encoder.encode(Self.closeFrame(code: violation.code, reason: violation.reason))
            state = .closing
        }
        close = result
        events.append(.closed(result))
    }

    // MARK: - To the server

    /// Queues `message` (compressed when `permessage-deflate` is in use); ignored once closing.
    package mutating func send(_ message: WebSocketMessage) {
        guard state == .open else { return }
        var frame: WebSocketFrame
        switch message {
        case .text(let text): frame = WebSocketFrame(opcode: .text, payload: Array(text.utf8))
        case .binary(let bytes): frame = WebSocketFrame(opcode: .binary, payload: bytes)
        }
        if let codec, codec.compressesOutgoing, frame.payload.count >= Self.compressionThreshold {
            frame.payload = codec.deflate(frame.payload)
            frame.compressed = true
        }
        outbound += encoder.encode(frame)
    }

    /// Messages shorter than this go uncompressed: deflate would only make them longer.
    static let compressionThreshold = 64

    /// Queues a ping (a keep-alive: `ping_interval`).
    package mutating func ping(_ payload: [UInt8] = []) {
        guard state == .open else { return }
        outbound += encoder.encode(WebSocketFrame(opcode: .ping, payload: Array(payload.prefix(125))))
    }

    /// Starts the closing handshake (§7.1.2): the close goes after what is queued, and the session waits for the
    /// server's. The reason is cut to fit a control frame (123 bytes, whole characters).
    package mutating func close(code: UInt16 = WebSocketCloseCode.normal, reason: String = "") {
        guard state == .open else { return }
        pendingClose = encoder.encode(Self.closeFrame(code: code, reason: reason))
        state = .closing
    }

    /// Bytes queued for the server.
    package var outboundCount: Int { outbound.count + (pendingPong == nil ? 0 : 131) + (pendingClose?.count ?? 0) }

    /// Everything to write now, in order: the pong for the latest ping, the queued frames, then the close.
    package mutating func takeOutbound() -> [UInt8] {
        var bytes: [UInt8] = []
        if let pong = pendingPong {
            bytes = encoder.encode(WebSocketFrame(opcode: .pong, payload: pong))
            pendingPong = nil
        }
        bytes += outbound
        outbound.removeAll()
        if let close = pendingClose {
            bytes += close
            pendingClose = nil
        }
        return bytes
    }

    /// The connection ended (TCP closed, read failed, or the wait for the server's close ran out): the close that
    /// describes it, as an event unless one was already given.
    package mutating func connectionEnded(reason: String) -> WebSocketEvent? {
        defer { state = .closed }
        if let close, state == .closed || close.initiator == .violation { return nil }
        let ended = WebSocketClose(code: WebSocketCloseCode.abnormal, reason: reason, initiator: .connection)
        close = ended
        return .closed(ended)
    }

    static func closeFrame(code: UInt16?, reason: String = "") -> WebSocketFrame {
        guard let code else { return WebSocketFrame(opcode: .close, payload: []) }
        var reasonBytes = Array(reason.utf8.prefix(123))
        while !UTF8Validator.isValid(reasonBytes) { reasonBytes.removeLast() }
        return WebSocketFrame(opcode: .close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + reasonBytes)
    }
}

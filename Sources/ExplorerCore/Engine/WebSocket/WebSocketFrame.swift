/// One WebSocket frame as it goes on the wire (RFC 6455 §5.2), without its mask.
package struct WebSocketFrame: Sendable, Equatable {
    /// The frame's kind (§5.2, §11.8). Reserved values are refused by the decoder before a frame is made.
    package enum Opcode: UInt8, Sendable {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        /// Close, ping and pong (§5.5): at most 125 bytes, never fragmented.
        package var isControl: Bool { rawValue & 0x8 != 0 }
    }

    package var fin: Bool
    /// RSV1: set on the first frame of a compressed message when `permessage-deflate` is in use (RFC 7692 §6).
    package var compressed: Bool
    package var opcode: Opcode
    package var payload: [UInt8]

    package init(fin: Bool = true, compressed: Bool = false, opcode: Opcode, payload: [UInt8]) {
        self.fin = fin
        self.compressed = compressed
        self.opcode = opcode
        self.payload = payload
    }
}

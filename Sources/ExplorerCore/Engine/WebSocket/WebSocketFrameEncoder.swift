/// Client frames on the wire (RFC 6455 §5.2, §5.3): every frame masked with a fresh key from a strong source.
package struct WebSocketFrameEncoder: Sendable {
    /// Four bytes per frame. The default draws them from the system's generator (§5.3 asks for keys a proxy cannot
    /// predict); tests pass a fixed one to compare bytes.
    let maskKey: @Sendable () -> [UInt8]

    package init() {
        maskKey = {
            var generator = SystemRandomNumberGenerator()
            let word = generator.next() as UInt32
            return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) }
        }
    }

    init(maskKey: @escaping @Sendable () -> [UInt8]) {
        self.maskKey = maskKey
    }

    /// `frame` as bytes: header, the 7-, 16- or 64-bit length in its shortest form (§5.2), the key, the masked
    /// payload.
    package func encode(_ frame: WebSocketFrame) -> [UInt8] {
        let key = maskKey()
        let count = frame.payload.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 14)
        bytes.append((frame.fin ? 0x80 : 0) | (frame.compressed ? 0x40 : 0) | frame.opcode.rawValue)
        switch count {
        case 0...125:
            bytes.append(0x80 | UInt8(count))
        case 126...0xFFFF:
            bytes.append(0x80 | 126)
            bytes += [UInt8(count >> 8), UInt8(count & 0xFF)]
        default:
            bytes.append(0x80 | 127)
            bytes += stride(from: 56, through: 0, by: -8).map { UInt8(truncatingIfNeeded: UInt64(count) >> $0) }
        }
        bytes += key
        let start = bytes.count
        bytes += frame.payload
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<count { buffer[start + index] ^= key[index & 3] }
        }
        return bytes
    }
}

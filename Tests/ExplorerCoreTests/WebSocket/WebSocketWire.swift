/// Server frames written by hand for the protocol tests: the bytes a server (or a broken one) would send.
enum WebSocketWire {
    /// A frame with `opcode`, FIN and RSV bits as given, optionally masked (servers must not), with the shortest
    /// length form unless `length` forces one.
    static func frame(
        _ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, rsv: UInt8 = 0, masked: Bool = false,
        length: UInt64? = nil
    ) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | (rsv << 4) | opcode]
        let count = length ?? UInt64(payload.count)
        let maskBit: UInt8 = masked ? 0x80 : 0
        if count <= 125 {
            bytes.append(maskBit | UInt8(count))
        } else if count <= 0xFFFF {
            bytes += [maskBit | 126, UInt8(count >> 8), UInt8(count & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            bytes += stride(from: 56, through: 0, by: -8).map { UInt8(truncatingIfNeeded: count >> $0) }
        }
        if masked {
            let key: [UInt8] = [1, 2, 3, 4]
            bytes += key
            bytes += payload.enumerated().map { $0.element ^ key[$0.offset & 3] }
        } else {
            bytes += payload
        }
        return bytes
    }

    static func text(_ text: String, fin: Bool = true) -> [UInt8] { frame(0x1, Array(text.utf8), fin: fin) }

    static func close(_ code: UInt16, _ reason: String = "") -> [UInt8] {
        frame(0x8, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8))
    }

    /// Client frames back from the encoder: (opcode, FIN, RSV1, unmasked payload) of each, and whether every one
    /// was masked.
    static func clientFrames(_ bytes: [UInt8]) -> (frames: [(UInt8, Bool, Bool, [UInt8])], allMasked: Bool) {
        var frames: [(UInt8, Bool, Bool, [UInt8])] = []
        var allMasked = true
        var index = 0
        while index + 2 <= bytes.count {
            let first = bytes[index]
            let second = bytes[index + 1]
            allMasked = allMasked && second & 0x80 != 0
            var length = Int(second & 0x7F)
            index += 2
            if length == 126 {
                length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                index += 2
            } else if length == 127 {
                length = bytes[index..<index + 8].reduce(0) { $0 << 8 | Int($1) }
                index += 8
            }
            var key: [UInt8] = [0, 0, 0, 0]
            if second & 0x80 != 0 {
                key = Array(bytes[index..<index + 4])
                index += 4
            }
            let payload = bytes[index..<index + length].enumerated().map { $0.element ^ key[$0.offset & 3] }
            frames.append((first & 0x0F, first & 0x80 != 0, first & 0x40 != 0, payload))
            index += length
        }
        return (frames, allMasked)
    }
}

/// SHA-1 (FIPS 180-4), for the one place a protocol requires it: `Sec-WebSocket-Accept` (RFC 6455 §4.2.2).
///
/// Hand-written like `SHA256` (no hash function among the allowed packages on Linux without pulling swift-crypto
/// into the core); it digests one 60-byte string per connection. Not for anything that needs collision resistance.
struct SHA1: BlockHash {
    private(set) var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0]
    var pending: [UInt8] = []
    var length: UInt64 = 0

    init() {}

    /// The digest of `bytes`.
    static func digest(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA1()
        hasher.update(bytes)
        return hasher.finalize()
    }

    mutating func compress(_ block: [UInt8]) {
        var words = [UInt32](repeating: 0, count: 80)
        for index in 0..<16 {
            words[index] = block[index * 4..<index * 4 + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        for index in 16..<80 {
            words[index] = (words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]).rotatedLeft(1)
        }
        var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
        for index in 0..<80 {
            let (f, k): (UInt32, UInt32) =
                switch index {
                case 0..<20: ((b & c) | (~b & d), 0x5a82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ed9_eba1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8f1b_bcdc)
                default: (b ^ c ^ d, 0xca62_c1d6)
                }
            let temp = a.rotatedLeft(5) &+ f &+ e &+ k &+ words[index]
            e = d
            d = c
            c = b.rotatedLeft(30)
            b = a
            a = temp
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
    }
}

extension UInt32 {
    fileprivate func rotatedLeft(_ count: UInt32) -> UInt32 { (self << count) | (self >> (32 - count)) }
}

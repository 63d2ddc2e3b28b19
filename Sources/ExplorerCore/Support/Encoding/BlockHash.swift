/// The part SHA-1 and SHA-256 share (FIPS 180-4 §5.1.1, §6): bytes gathered into 64-byte blocks, and the padding
/// that ends the message: a 1 bit, zeros, and the length in bits, big-endian. Each hash brings its state and its
/// compression function.
protocol BlockHash {
    /// The chaining value, as 32-bit words; the digest is these words, big-endian.
    var state: [UInt32] { get }
    /// Bytes not yet compressed (fewer than 64).
    var pending: [UInt8] { get set }
    /// Bytes given so far.
    var length: UInt64 { get set }
    mutating func compress(_ block: [UInt8])
}

extension BlockHash {
    mutating func update(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            pending.append(byte)
            length &+= 1
            if pending.count == 64 {
                compress(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    /// The digest; the hasher should not be used afterwards.
    mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        pending.append(0x80)
        if pending.count > 56 {
            pending += [UInt8](repeating: 0, count: 64 - pending.count)
            compress(pending)
            pending.removeAll(keepingCapacity: true)
        }
        pending += [UInt8](repeating: 0, count: 56 - pending.count)
        for shift in stride(from: 56, through: 0, by: -8) {
            pending.append(UInt8(truncatingIfNeeded: bitLength >> shift))
        }
        compress(pending)
        return state.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) } }
    }
}

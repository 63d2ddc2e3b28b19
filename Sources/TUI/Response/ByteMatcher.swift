#if canImport(Glibc)
    import Glibc
#endif

/// Finds a needle in raw bytes, ASCII letters matching either case, without building strings: candidates come
/// from `memchr` on the needle's first byte (both cases), so a 50 MB body is scanned at memory speed.
///
/// Matches do not overlap (after a match the scan goes on past it), the way the view highlights them.
struct ByteMatcher: Sendable {
    let needle: [UInt8]
    let ignoresCase: Bool

    /// `ignoringCase` false for a run of bytes given in hex: then every byte must be exact.
    init(_ needle: [UInt8], ignoringCase: Bool = true) {
        self.needle = ignoringCase ? needle.map(Self.fold) : needle
        self.ignoresCase = ignoringCase
    }

    var isEmpty: Bool { needle.isEmpty }

    /// ASCII upper case to lower case; every other byte unchanged.
    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Calls `found` with the offset of every match that starts in `starts` (a match may run past its end, up to
    /// the buffer's end), in order; `found` returns false to stop. Returns where the next scan should start (past
    /// the last match, so a following chunk does not count it again), or nil when `found` stopped it.
    @discardableResult
    func scan(
        _ buffer: UnsafeRawBufferPointer, starts: Range<Int>, from resume: Int? = nil, _ found: (Int) -> Bool
    ) -> Int? {
        guard let base = buffer.baseAddress, let first = needle.first else { return starts.upperBound }
        let count = buffer.count
        let length = needle.count
        let other = ignoresCase && first >= 0x61 && first <= 0x7A ? first - 0x20 : first
        var position = max(starts.lowerBound, resume ?? 0)
        let end = min(starts.upperBound, count - length + 1)
        // Next candidate of each case, recomputed only once passed.
        var nextLower = -1
        var nextUpper = first == other ? Int.max : -1
        while position < end {
            if nextLower < position { nextLower = Self.find(first, in: base, from: position, to: end) }
            if nextUpper < position { nextUpper = Self.find(other, in: base, from: position, to: end) }
            let candidate = min(nextLower, nextUpper)
            guard candidate < end else { break }
            if matches(at: candidate, in: buffer) {
                guard found(candidate) else { return nil }
                position = candidate + length
            } else {
                position = candidate + 1
            }
        }
        return max(position, starts.upperBound)
    }

    @inline(__always)
    private func matches(at offset: Int, in buffer: UnsafeRawBufferPointer) -> Bool {
        var index = 1
        while index < needle.count {
            let byte = buffer[offset + index]
            if (ignoresCase ? Self.fold(byte) : byte) != needle[index] { return false }
            index += 1
        }
        return true
    }

    /// The offset of the next `byte` in `from..<to`, or `Int.max`.
    @inline(__always)
    private static func find(_ byte: UInt8, in base: UnsafeRawPointer, from: Int, to: Int) -> Int {
        guard from < to, let hit = memchr(base + from, Int32(byte), to - from) else { return Int.max }
        return base.distance(to: UnsafeRawPointer(hit))
    }
}

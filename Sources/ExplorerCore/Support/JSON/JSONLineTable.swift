/// Compact storage of (source offset, indent depth, starts with a key) for every pretty-printed line, about 2.6
/// bytes per line.
///
/// A minified array of one-digit numbers makes a line per two source bytes, so a plain `[UInt64]` per line
/// would need four times the body's size. Instead lines are grouped in blocks of 64:
/// - offsets are stored as a `UInt16` distance from the block's first line; the rare line further than that
///   (only after a string longer than 64 KiB) goes to a small sorted overflow list;
/// - depths differ by at most one from line to line, so a block keeps its first depth plus two bit masks
///   (went up, went down), and a line's depth is the first depth plus two population counts;
/// - a third mask marks the lines that start with an object key.
///
/// Storage comes in fixed chunks of 65 536 lines rather than one growing array, so building never holds a
/// doubled copy: peak memory stays the final size plus one chunk (about 170 KB).
struct JSONLineTable: Sendable {
    private struct Block {
        var firstOffset: Int
        var firstDepth: Int32
        var ups: UInt64 = 0
        var downs: UInt64 = 0
        var keys: UInt64 = 0
    }

    private struct Chunk {
        var distances: [UInt16] = []
        var blocks: [Block] = []
    }

    private static let blockShift = 6
    private static let blockMask = (1 << blockShift) - 1
    private static let chunkShift = 16
    private static let chunkMask = (1 << chunkShift) - 1
    private static let overflowMarker = UInt16.max

    /// Full chunks, then (after `finish()`) the last partial one.
    private var chunks: [Chunk] = []
    /// The chunk being filled; its last block is `current` until the block is full.
    private var filling = Chunk()
    private var current = Block(firstOffset: 0, firstDepth: 0)
    private var overflowLines: [Int] = []
    private var overflowOffsets: [Int] = []
    private var lastDepth = 0

    /// Number of lines stored.
    private(set) var count = 0

    /// Bytes held by the table's storage, for reporting memory use.
    var storageBytes: Int {
        let chunkBytes = chunks.reduce(chunks.capacity * MemoryLayout<Chunk>.stride) {
            $0 + $1.distances.capacity * MemoryLayout<UInt16>.stride + $1.blocks.capacity * MemoryLayout<Block>.stride
        }
        return chunkBytes + (overflowLines.capacity + overflowOffsets.capacity) * MemoryLayout<Int>.stride
    }

    /// Adds the next line. Offsets must not decrease and depth may change by at most one per line, which the
    /// pretty-printing rules guarantee. Call `finish()` after the last line.
    @inline(__always)
    mutating func append(offset: Int, depth: Int, startsWithKey: Bool) {
        let line = count
        let slot = line & Self.blockMask
        // The block being filled lives in `current`, out of any array, to keep this hot path to a few stores.
        if slot == 0 {
            if line > 0 { filling.blocks.append(current) }
            if line > 0 && line & Self.chunkMask == 0 {
                chunks.append(filling)
                filling = Chunk()
                filling.distances.reserveCapacity(Self.chunkMask + 1)
                filling.blocks.reserveCapacity((Self.chunkMask + 1) >> Self.blockShift)
            }
            current = Block(firstOffset: offset, firstDepth: Int32(depth))
            filling.distances.append(0)
        } else {
            let distance = offset - current.firstOffset
            if distance < Int(Self.overflowMarker) {
                filling.distances.append(UInt16(truncatingIfNeeded: distance))
            } else {
                filling.distances.append(Self.overflowMarker)
                overflowLines.append(line)
                overflowOffsets.append(offset)
            }
            if depth > lastDepth {
                current.ups |= 1 << UInt64(slot)
            } else if depth < lastDepth {
                current.downs |= 1 << UInt64(slot)
            }
        }
        if startsWithKey { current.keys |= 1 << UInt64(slot) }
        assert(abs(depth - lastDepth) <= 1 || line == 0, "depth changes by at most one per line")
        lastDepth = depth
        count += 1
    }

    /// Stores the last block and chunk, trimmed to size.
    mutating func finish() {
        guard count > 0 else { return }
        filling.blocks.append(current)
        // Copying through a buffer pointer allocates exactly `count` elements, unlike Array(self[...]).
        chunks.append(
            Chunk(
                distances: filling.distances.withUnsafeBufferPointer { Array($0) },
                blocks: filling.blocks.withUnsafeBufferPointer { Array($0) }))
        filling = Chunk()
    }

    /// Source offset of the first token of `line`.
    func offset(ofLine line: Int) -> Int {
        let chunk = chunks[line >> Self.chunkShift]
        let distance = chunk.distances[line & Self.chunkMask]
        if distance != Self.overflowMarker {
            return chunk.blocks[(line & Self.chunkMask) >> Self.blockShift].firstOffset + Int(distance)
        }
        // Binary search: overflow lines were appended in order.
        var low = 0
        var high = overflowLines.count
        while low < high {
            let middle = (low + high) / 2
            if overflowLines[middle] < line { low = middle + 1 } else { high = middle }
        }
        return overflowOffsets[low]
    }

    /// Whether `line` starts with an object key.
    func startsWithKey(_ line: Int) -> Bool {
        block(of: line).keys & (1 << UInt64(line & Self.blockMask)) != 0
    }

    /// Indent depth of `line`.
    func depth(ofLine line: Int) -> Int {
        let block = block(of: line)
        let slot = line & Self.blockMask
        // Bits 1...slot: the changes from the block's first line up to this one.
        let mask = slot == Self.blockMask ? UInt64.max : (UInt64(1) << UInt64(slot + 1)) - 1
        return Int(block.firstDepth) + (block.ups & mask).nonzeroBitCount - (block.downs & mask).nonzeroBitCount
    }

    private func block(of line: Int) -> Block {
        chunks[line >> Self.chunkShift].blocks[(line & Self.chunkMask) >> Self.blockShift]
    }
}

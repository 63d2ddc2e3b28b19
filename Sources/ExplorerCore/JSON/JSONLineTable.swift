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
struct JSONLineTable: Sendable {
    private struct Block {
        var firstOffset: Int
        var firstDepth: Int32
        var ups: UInt64 = 0
        var downs: UInt64 = 0
        var keys: UInt64 = 0
    }

    private static let blockShift = 6
    private static let blockMask = (1 << blockShift) - 1
    private static let overflowMarker = UInt16.max

    private var blocks: [Block] = []
    private var distances: [UInt16] = []
    private var overflowLines: [Int] = []
    private var overflowOffsets: [Int] = []
    private var current = Block(firstOffset: 0, firstDepth: 0)
    private var lastDepth = 0

    /// Number of lines stored.
    var count: Int { distances.count }

    /// Bytes held by the table's storage, for reporting memory use.
    var storageBytes: Int {
        blocks.capacity * MemoryLayout<Block>.stride + distances.capacity * MemoryLayout<UInt16>.stride
            + (overflowLines.capacity + overflowOffsets.capacity) * MemoryLayout<Int>.stride
    }

    init(expectedLines: Int = 0) {
        distances.reserveCapacity(expectedLines)
        blocks.reserveCapacity((expectedLines >> Self.blockShift) + 1)
    }

    /// Adds the next line. Offsets must not decrease and depth may change by at most one per line, which the
    /// pretty-printing rules guarantee. Call `finish()` after the last line.
    @inline(__always)
    mutating func append(offset: Int, depth: Int, startsWithKey: Bool) {
        let line = distances.count
        let slot = line & Self.blockMask
        // The block being filled lives in `current`, out of the array, to keep this hot path to a few stores.
        if slot == 0 {
            if line > 0 { blocks.append(current) }
            current = Block(firstOffset: offset, firstDepth: Int32(depth))
            distances.append(0)
        } else {
            let distance = offset - current.firstOffset
            if distance < Int(Self.overflowMarker) {
                distances.append(UInt16(truncatingIfNeeded: distance))
            } else {
                distances.append(Self.overflowMarker)
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
    }

    /// Stores the last block and gives back the spare capacity left by array growth.
    mutating func finish() {
        if !distances.isEmpty { blocks.append(current) }
        // Copying through a buffer pointer allocates exactly `count` elements; Array(self[...]) may not.
        if distances.capacity > distances.count + distances.count / 8 {
            distances = distances.withUnsafeBufferPointer { Array($0) }
        }
        if blocks.capacity > blocks.count + blocks.count / 8 {
            blocks = blocks.withUnsafeBufferPointer { Array($0) }
        }
    }

    /// Source offset of the first token of `line`.
    func offset(ofLine line: Int) -> Int {
        let distance = distances[line]
        if distance != Self.overflowMarker {
            return blocks[line >> Self.blockShift].firstOffset + Int(distance)
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
        blocks[line >> Self.blockShift].keys & (1 << UInt64(line & Self.blockMask)) != 0
    }

    /// Indent depth of `line`.
    func depth(ofLine line: Int) -> Int {
        let block = blocks[line >> Self.blockShift]
        let slot = line & Self.blockMask
        // Bits 1...slot: the changes from the block's first line up to this one.
        let mask = slot == Self.blockMask ? UInt64.max : (UInt64(1) << UInt64(slot + 1)) - 1
        return Int(block.firstDepth) + (block.ups & mask).nonzeroBitCount - (block.downs & mask).nonzeroBitCount
    }
}

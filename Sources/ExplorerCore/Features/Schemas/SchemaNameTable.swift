/// Member names a schema looks up in every object it checks (`properties`, `required`), built once when the schema
/// is compiled. An all-ASCII name is found by a hash of its bytes (FNV-1a) in a small open-addressed table, cheaper
/// than `Hasher` on strings; any other name, or a miss while the schema has names past ASCII, goes to the
/// `Dictionary` the table was built from, so what is found is exactly what `==` (canonical equivalence: the Kelvin
/// sign is `K`) finds there.
struct SchemaNameTable<Value: Sendable>: Sendable {
    /// The entries, as the dictionary had them.
    private let all: [String: Value]
    /// Whether some name has a byte past ASCII (one could equal an ASCII name by canonical equivalence).
    private let hasOthers: Bool
    private let names: [String]
    private let values: [Value]
    /// Open addressing by `hash & mask`: an index into `names`, or -1 for an empty slot.
    private let slots: [Int32]
    private let mask: Int

    init(_ dictionary: [String: Value]) {
        all = dictionary
        var names: [String] = []
        var values: [Value] = []
        var others = false
        for (name, value) in dictionary {
            if Self.asciiHash(name) != nil {
                names.append(name)
                values.append(value)
            } else {
                others = true
            }
        }
        var capacity = 4
        while capacity < names.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        for (number, name) in names.enumerated() {
            var slot = (Self.asciiHash(name) ?? 0) & (capacity - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(number)
        }
        self.names = names
        self.values = values
        self.slots = slots
        mask = capacity - 1
        hasOthers = others
    }

    /// The value of the name that `==` says equals `key`, if any.
    func value(for key: String) -> Value? {
        guard let hash = Self.asciiHash(key) else { return all[key] }
        var slot = hash & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { break }
            if names[entry] == key { return values[entry] }
            slot = (slot + 1) & mask
        }
        return hasOthers ? all[key] : nil
    }

    /// FNV-1a of the UTF-8 bytes, or nil when one is past ASCII.
    private static func asciiHash(_ text: String) -> Int? {
        let hash = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var seen: UInt8 = 0
            for byte in bytes {
                seen |= byte
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return seen < 0x80 ? Int(truncatingIfNeeded: hash ^ (hash >> 29)) : nil
        }
        return hash ?? nil
    }
}

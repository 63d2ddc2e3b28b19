/// The known keys of a YAML mapping with their values, in file order (`YAMLReader.fields`).
///
/// Looked up by a linear search over the keys alone: a profile mapping has a handful of keys, and comparing a few
/// short strings is cheaper than hashing every key of 2,000 endpoints into a dictionary (or copying nodes while
/// searching). Keys are unique: the parser rejects duplicates.
struct YAMLFields {
    private var keys: [String] = []
    private var values: [YAMLNode] = []

    init(capacity: Int) {
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    mutating func append(_ key: String, _ value: YAMLNode) {
        keys.append(key)
        values.append(value)
    }

    subscript(key: String) -> YAMLNode? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        return values[index]
    }
}

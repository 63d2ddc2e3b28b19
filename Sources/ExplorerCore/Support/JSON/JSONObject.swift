/// The members of a JSON object, in document order.
///
/// Order is kept because people read API responses in the order the server wrote them. Duplicate keys are kept
/// too (JSON allows them); lookup by key finds the last one, as JavaScript does. Lookup is a linear scan, which is
/// what small and medium objects want; huge bodies are shown through `JSONLineIndex` instead.
///
/// Equality compares members in order.
public struct JSONObject: Sendable, Hashable {
    /// A key and its value.
    public typealias Member = (key: String, value: JSONValue)

    // Two parallel arrays rather than an array of tuples, so Equatable is synthesised.
    private var memberKeys: [String]
    private var memberValues: [JSONValue]

    /// An empty object.
    public init() {
        memberKeys = []
        memberValues = []
    }

    /// An object with these members, in this order.
    public init(_ members: some Sequence<Member>) {
        self.init()
        for member in members {
            append(key: member.key, value: member.value)
        }
    }

    /// Adopts parallel arrays built by the parser.
    init(keys: [String], values: [JSONValue]) {
        precondition(keys.count == values.count, "every key needs a value")
        memberKeys = keys
        memberValues = values
    }

    /// The keys in document order, duplicates included.
    public var keys: [String] { memberKeys }

    /// The value of the last member named `key`, or nil. Setting replaces that member's value in place, or
    /// appends a new member; setting nil removes every member named `key`.
    public subscript(key: String) -> JSONValue? {
        get {
            memberKeys.lastIndex(of: key).map { memberValues[$0] }
        }
        set {
            if let newValue {
                if let index = memberKeys.lastIndex(of: key) {
                    memberValues[index] = newValue
                } else {
                    append(key: key, value: newValue)
                }
            } else {
                removeAll(key: key)
            }
        }
    }

    /// Adds a member at the end, even if the key already exists.
    public mutating func append(key: String, value: JSONValue) {
        memberKeys.append(key)
        memberValues.append(value)
    }

    /// Removes every member named `key`.
    public mutating func removeAll(key: String) {
        while let index = memberKeys.lastIndex(of: key) {
            memberKeys.remove(at: index)
            memberValues.remove(at: index)
        }
    }
}

extension JSONObject: RandomAccessCollection {
    /// Always 0: members are indexed by position.
    public var startIndex: Int { 0 }
    /// The number of members.
    public var endIndex: Int { memberKeys.count }

    /// The member at `position`, in document order.
    public subscript(position: Int) -> Member {
        (memberKeys[position], memberValues[position])
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with the literal's members in the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.lazy.map { (key: $0.0, value: $0.1) })
    }
}

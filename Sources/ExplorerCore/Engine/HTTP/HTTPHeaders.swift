/// An ordered list of header fields whose names compare case-insensitively.
///
/// Order is kept because it is what the server sent (and what a user wrote); lookups and replacement ignore case
/// because HTTP field names are case-insensitive.
public struct HTTPHeaders: Sendable, Equatable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Equatable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field] = []

    public init() {}

    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var isEmpty: Bool { fields.isEmpty }
    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value for `name`, ignoring case.
    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.caseInsensitiveEquals(name) }
    }

    /// Appends a field, keeping any existing ones with the same name (`Set-Cookie` style).
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` with one field, at the position of the first one it replaces.
    public mutating func set(_ name: String, _ value: String) {
        guard let first = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) else {
            fields.append(Field(name: name, value: value))
            return
        }
        fields[first] = Field(name: name, value: value)
        var index = fields.index(after: first)
        while index < fields.endIndex {
            if fields[index].name.caseInsensitiveEquals(name) {
                fields.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }

    /// Layers `other` over `self`: each name in `other` replaces all of that name here; later wins.
    public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        var merged = self
        var seen: Set<String> = []
        for field in other.fields {
            let key = field.name.lowercased()
            if seen.insert(key).inserted {
                merged.set(field.name, field.value)
            } else {
                merged.add(field.name, field.value)
            }
        }
        return merged
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}

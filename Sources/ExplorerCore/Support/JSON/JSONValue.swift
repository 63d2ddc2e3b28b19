/// A JSON document as a value: order-preserving and lossless for numbers.
///
/// Numbers keep their literal text (`"12345678901234567890"`, `"1.50"`), so big integers and decimals survive
/// a parse and re-serialise unchanged; convert with `doubleValue` or `intValue` when needed. Build one with
/// `JSONValue.parse(_:)` or with Swift literals: `let body: JSONValue = ["name": "apix", "tags": [1, 2]]`.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number's literal text. It must be a valid JSON number when built by hand, since it is written verbatim.
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, members in document order.
    case object(JSONObject)
}

// MARK: - Accessors

extension JSONValue {
    /// True for `null`.
    var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// The boolean, if this is `true` or `false`.
    var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The literal text, if this is a number.
    var numberText: String? {
        if case .number(let text) = self { text } else { nil }
    }

    /// The number as a `Double` (possibly rounded), if this is a number.
    var doubleValue: Double? {
        numberText.flatMap { Double($0) }
    }

    /// The number as an `Int`, if this is a number with an exact integer value that fits, such as `42`, `-7`,
    /// `1e3` or `2.0`; nil for `1.5` or `1e30`.
    public var intValue: Int? {
        guard let text = numberText else { return nil }
        if let value = Int(text) { return value }
        // Exponent or fraction forms: accept only when the Double is integral and exactly representable.
        guard let double = Double(text), double.rounded() == double, abs(double) <= 0x1p53 else { return nil }
        return Int(double)
    }

    /// The elements, if this is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The members, if this is an object.
    var objectValue: JSONObject? {
        if case .object(let object) = self { object } else { nil }
    }

    /// The value of member `key` if this is an object that has it; nil otherwise.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index` if this is an array and the index is in range; nil otherwise.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) {
        self = .number(String(value))
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Float literals are always finite, and Swift's shortest round-trip description is a valid JSON number.
    public init(floatLiteral value: Double) {
        self = .number(value.description)
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.lazy.map { (key: $0.0, value: $0.1) }))
    }
}

/// Comparison of filter values (RFC 9535 §2.3.5.2.2): nil is "Nothing", numbers compare by value, strings by
/// Unicode scalar values, arrays and objects by deep equality (objects ignoring member order); `<` and friends hold
/// only between two numbers or two strings.
enum JSONPathComparison {
    static func compare(
        _ left: JSONValue?, _ comparison: JSONPathSyntax.ComparisonOperator, _ right: JSONValue?
    ) -> Bool {
        switch comparison {
        case .equal: equal(left, right)
        case .notEqual: !equal(left, right)
        case .less: less(left, right)
        case .lessOrEqual: less(left, right) || equal(left, right)
        case .greater: less(right, left)
        case .greaterOrEqual: less(right, left) || equal(left, right)
        }
    }

    static func equal(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case (let left?, let right?): return equal(left, right)
        default: return false
        }
    }

    private static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b || Double(a) == Double(b)
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in b[member.key].map { equal(member.value, $0) } ?? false }
        default: return false
        }
    }

    private static func less(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (.number(let a)?, .number(let b)?):
            guard let x = Double(a), let y = Double(b) else { return false }
            return x < y
        case (.string(let a)?, .string(let b)?):
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default: return false
        }
    }
}

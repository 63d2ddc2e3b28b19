import Foundation

extension SchemaEvaluator {
    // Long function: one case per keyword reads more plainly than a function each.
    /// Whether `instance` satisfies one keyword of `node`.
    mutating func evaluate(
        _ keyword: SchemaKeyword, of node: Int, _ instance: JSONValue, report: Bool,
        local: inout SchemaAnnotations?, discriminated: inout Bool
    ) -> Bool {
        switch keyword {
        case .type(let types, let strict):
            if Self.matches(instance, types, strict: strict) { return true }
            if report { record(node, "type", "expected \(Self.describe(types)), got \(instance.kindName)") }
            return false
        case .multipleOf(let divisor, let double):
            guard case .number(let text) = instance else { return true }
            if Self.isMultiple(text, of: divisor, double: double) { return true }
            if report { record(node, "multipleOf", "expected a multiple of \(double), got \(text)") }
            return false
        case .bound(let limit, let name, let kind):
            guard case .number(let text) = instance, let value = Self.double(text) else { return true }
            let (ok, words): (Bool, String) =
                switch kind {
                case .minimum: (value >= limit, "at least")
                case .exclusiveMinimum: (value > limit, "more than")
                case .maximum: (value <= limit, "at most")
                case .exclusiveMaximum: (value < limit, "less than")
                }
            if ok { return true }
            if report { record(node, "\(name)", "expected \(words) \(Self.shown(limit)), got \(text)") }
            return false
        case .length(let limit, let name, let isMaximum):
            guard case .string(let text) = instance else { return true }
            // A scalar is 1 to 4 bytes: the byte count often settles it without counting scalars.
            let bytes = text.utf8.count
            if isMaximum ? bytes <= limit : (bytes + 3) / 4 >= limit { return true }
            let count = text.unicodeScalars.count
            if isMaximum ? count <= limit : count >= limit { return true }
            if report {
                record(
                    node, "\(name)",
                    "expected \(isMaximum ? "at most" : "at least") \(limit) characters, got \(count)")
            }
            return false
        case .format(let format):
            guard options.formatAssertion, case .string(let text) = instance, !format.accepts(text) else { return true }
            if report { record(node, "format", "expected \(format.described), got \(instance.compactText)") }
            return false
        case .itemCount(let limit, let name, let isMaximum):
            guard case .array(let items) = instance else { return true }
            if isMaximum ? items.count <= limit : items.count >= limit { return true }
            if report {
                record(
                    node, "\(name)",
                    "expected \(isMaximum ? "at most" : "at least") \(Self.count(limit, "item")), got \(items.count)")
            }
            return false
        case .uniqueItems:
            guard case .array(let items) = instance else { return true }
            var seen: [String: Int] = [:]
            for (index, item) in items.enumerated() {
                if let first = seen.updateValue(index, forKey: SchemaEquality.canonical(item)) {
                    if report {
                        record(
                            node, "uniqueItems",
                            "expected unique items, items \(first) and \(index) are equal")
                    }
                    return false
                }
            }
            return true
        case .memberCount(let limit, let name, let isMaximum):
            guard case .object(let object) = instance else { return true }
            if isMaximum ? object.count <= limit : object.count >= limit { return true }
            if report {
                record(
                    node, "\(name)",
                    "expected \(isMaximum ? "at most" : "at least") \(Self.count(limit, "member")), got \(object.count)"
                )
            }
            return false
        case .rich(let number):
            return evaluate(
                richKeywords[number], of: node, instance, report: report, local: &local, discriminated: &discriminated)
        default:
            return evaluateApplicator(
                keyword, of: node, instance, report: report, local: &local, discriminated: &discriminated)
        }
    }

    // Long function: one case per keyword.
    /// Whether `instance` satisfies one keyword of `node` that holds lists, names or tables.
    mutating func evaluate(
        _ keyword: SchemaRichKeyword, of node: Int, _ instance: JSONValue, report: Bool,
        local: inout SchemaAnnotations?, discriminated: inout Bool
    ) -> Bool {
        switch keyword {
        case .enumeration(let enumeration):
            if enumeration.nullable, case .null = instance { return true }
            if enumeration.values.contains(SchemaEquality.canonical(instance)) { return true }
            if report {
                let shown = enumeration.shown
                let listed = shown.prefix(5).map(SchemaEquality.shown).joined(separator: ", ")
                let more = shown.count > 5 ? " … (\(shown.count) in all)" : ""
                record(node, "enum", "expected one of \(listed)\(more), got \(instance.compactText)")
            }
            return false
        case .constant(let constant):
            if SchemaEquality.canonical(instance) == constant.value { return true }
            if report { record(node, "const", "expected \(constant.shown.compactText), got \(instance.compactText)") }
            return false
        case .pattern(let pattern):
            guard case .string(let text) = instance else { return true }
            switch pattern.matches(text, steps: &steps) {
            case true?: return true
            case false?:
                if report {
                    record(
                        node, "pattern",
                        "expected to match /\(pattern.source)/, got \(instance.compactText)")
                }
            case nil:
                if report { record(node, "pattern", "the pattern /\(pattern.source)/ is too expensive") }
            }
            return false
        case .required(let required):
            guard case .object(let object) = instance else { return true }
            return checkRequired(required, in: object, of: node, report: report)
        case .dependentRequired(let lists, let name):
            guard case .object(let object) = instance else { return true }
            var valid = true
            for (trigger, names) in lists where object[trigger] != nil {
                for needed in names where object[needed] == nil {
                    valid = false
                    guard report else { return false }
                    record(
                        node, "\(name)",
                        "expected member \(needed.debugDescription) because \(trigger.debugDescription) is present")
                }
            }
            return valid
        default:
            return evaluateRichApplicator(
                keyword, of: node, instance, report: report, local: &local, discriminated: &discriminated)
        }
    }

    private mutating func checkRequired(
        _ required: RequiredMembers, in object: JSONObject, of node: Int, report: Bool
    ) -> Bool {
        var valid = true
        let keys = object.keys
        // Each member name looked up once among the required ones, a bit for each found; past 64 names, a set.
        var found: UInt64 = 0
        if let table = required.table {
            for key in keys {
                if let number = table.value(for: key) { found |= 1 << UInt64(number) }
            }
        }
        let set = required.table == nil ? Set(keys) : nil
        for (member, number) in zip(required.members, required.numbers) {
            if options.direction == .response && member.writeOnly { continue }
            if options.direction == .request && member.readOnly { continue }
            let present = set.map { $0.contains(member.name) } ?? (found & (1 << UInt64(number)) != 0)
            if present { continue }
            valid = false
            guard report else { return false }
            record(node, "required", "expected member \(member.name.debugDescription), missing")
        }
        return valid
    }

    /// `Double(text)`, with the commonest numbers, integers of up to 15 digits (exact in a `Double`), read without
    /// the general parser.
    static func double(_ text: String) -> Double? {
        let quick = text.utf8.withContiguousStorageIfAvailable { bytes -> Double? in
            let negative = bytes.first == UInt8(ascii: "-")
            var index = negative ? 1 : 0
            guard bytes.count > index, bytes.count - index <= 15 else { return nil }
            var value = 0
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
                index += 1
            }
            return negative ? -Double(value) : Double(value)
        }
        return (quick ?? nil) ?? Double(text)
    }

    // MARK: - Helpers

    static func matches(_ instance: JSONValue, _ types: SchemaTypes, strict: Bool) -> Bool {
        switch instance {
        case .null: return types.contains(.null)
        case .bool: return types.contains(.boolean)
        case .string: return types.contains(.string)
        case .array: return types.contains(.array)
        case .object: return types.contains(.object)
        case .number(let text):
            if types.contains(.number) { return true }
            return types.contains(.integer) && isInteger(text, strict: strict)
        }
    }

    /// Whether a number is an integer: written without fraction or exponent, or (2020-12) of integral value.
    static func isInteger(_ text: String, strict: Bool) -> Bool {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
        {
            return true
        }
        guard !strict, let value = Double(text), value.isFinite else { return false }
        return value.rounded() == value
    }

    static func isMultiple(_ text: String, of divisor: Decimal, double: Double) -> Bool {
        if let value = Decimal(string: text), value.isFinite, divisor.isFinite, !divisor.isZero {
            var quotient = value / divisor
            var rounded = Decimal()
            NSDecimalRound(&rounded, &quotient, 0, .plain)
            if quotient.isFinite { return rounded == quotient }
        }
        guard let value = Double(text) else { return false }
        let quotient = value / double
        return quotient.isInfinite ? false : quotient.rounded() == quotient
    }

    static func describe(_ types: SchemaTypes) -> String {
        let words: [String] = SchemaTypes.names.compactMap { name, type in
            guard types.contains(type) else { return nil }
            switch name {
            case "null": return "null"
            case "integer": return "an integer"
            case "array", "object": return "an \(name)"
            default: return "a \(name)"
            }
        }
        if words.count <= 1 { return words.first ?? "nothing" }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    static func shown(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}

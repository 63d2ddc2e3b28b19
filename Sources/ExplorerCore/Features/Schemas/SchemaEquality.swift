import Foundation

/// JSON Schema's equality (`enum`, `const`, `uniqueItems`): numbers by value (`1` equals `1.0`), objects whatever
/// their member order. Values are compared through a canonical text, so a long `enum` is one set lookup.
enum SchemaEquality {
    /// A text equal for equal values and different otherwise.
    static func canonical(_ value: JSONValue) -> String {
        var text = ""
        append(value, to: &text)
        return text
    }

    private static func append(_ value: JSONValue, to text: inout String) {
        switch value {
        case .null: text += "n"
        case .bool(let flag): text += flag ? "t" : "f"
        case .number(let literal): text += "#" + canonicalNumber(literal)
        case .string(let string):
            appendExact(string, to: &text)
        case .array(let elements):
            text += "["
            for element in elements {
                append(element, to: &text)
                text += ","
            }
            text += "]"
        case .object(let object):
            text += "{"
            var seen = Set<String>()
            // The last of duplicate keys wins, as lookup does.
            let members = object.reversed().filter { seen.insert($0.key).inserted }.sorted { $0.key < $1.key }
            for member in members {
                appendExact(member.key, to: &text)
                text += ":"
                append(member.value, to: &text)
                text += ","
            }
            text += "}"
        }
    }

    /// A string quoted with every non-ASCII scalar escaped: Swift compares strings by canonical equivalence
    /// (`é` equals `e` and a combining accent), JSON Schema by code points.
    private static func appendExact(_ string: String, to text: inout String) {
        guard !string.utf8.allSatisfy({ $0 < 0x80 }) else {
            JSONQuoting.append(string, to: &text)
            return
        }
        // Marked apart from ASCII-only strings, backslashes doubled: an escape can only come from a scalar.
        var escaped = ""
        for scalar in string.unicodeScalars {
            if scalar == "\\" {
                escaped += "\\\\"
            } else if scalar.isASCII {
                escaped.unicodeScalars.append(scalar)
            } else {
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        text += "u"
        JSONQuoting.append(escaped, to: &text)
    }

    /// One spelling per numeric value: integers as digits, others as the shortest double.
    static func canonicalNumber(_ literal: String) -> String {
        if literal.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 45 }) {
            var digits = Substring(literal)
            let negative = digits.hasPrefix("-")
            if negative { digits = digits.dropFirst() }
            while digits.count > 1, digits.hasPrefix("0") { digits = digits.dropFirst() }
            return (negative && digits != "0" ? "-" : "") + digits
        }
        if let decimal = Decimal(string: literal), decimal.isFinite, literal.count <= 30 {
            var value = decimal
            var rounded = Decimal()
            NSDecimalRound(&rounded, &value, 0, .plain)
            if rounded == decimal { return canonicalNumber(NSDecimalNumber(decimal: decimal).stringValue) }
            return NSDecimalNumber(decimal: decimal).stringValue
        }
        return Double(literal).map { "\($0)" } ?? literal
    }

    /// A value as compact JSON for a message, cut at 60 characters.
    static func shown(_ value: JSONValue) -> String {
        var text = ""
        compact(value, to: &text, budget: 80)
        return text.count > 60 ? String(text.prefix(59)) + "…" : text
    }

    private static func compact(_ value: JSONValue, to text: inout String, budget: Int) {
        guard text.count < budget else { return }
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let literal): text += literal
        case .string(let string):
            JSONQuoting.append(String(string.prefix(budget)), to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() where text.count < budget {
                if index > 0 { text += "," }
                compact(element, to: &text, budget: budget)
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (index, member) in object.enumerated() where text.count < budget {
                if index > 0 { text += "," }
                JSONQuoting.append(member.key, to: &text)
                text += ":"
                compact(member.value, to: &text, budget: budget)
            }
            text += "}"
        }
    }
}

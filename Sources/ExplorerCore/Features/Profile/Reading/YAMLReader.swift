import Foundation
import Yams

/// Reads a composed YAML node tree into profile values, collecting located problems instead of stopping at the
/// first: wrong types, missing and unknown keys (with the nearest known key), bad values.
struct YAMLReader {
    let file: String
    private(set) var problems: [ProfileProblem] = []

    init(file: String) {
        self.file = file
    }

    func location(_ node: YAMLNode) -> SourceLocation {
        SourceLocation(file: file, line: node.line, column: node.column)
    }

    mutating func fail(_ message: String, at node: YAMLNode) {
        problems.append(ProfileProblem(message, at: location(node)))
    }

    mutating func fail(_ message: String, at location: SourceLocation) {
        problems.append(ProfileProblem(message, at: location))
    }

    /// Adds problems another reader found in part of the same file.
    mutating func record(_ found: [ProfileProblem]) {
        problems += found
    }

    /// A mapping's entries with string keys, in order; reports `what must be a mapping` otherwise.
    mutating func entries(_ node: YAMLNode, _ what: String) -> [(key: String, keyNode: YAMLNode, value: YAMLNode)]? {
        guard let mapping = node.mapping else {
            fail("\(what) must be a mapping, got \(Self.describe(node))", at: node)
            return nil
        }
        var result: [(key: String, keyNode: YAMLNode, value: YAMLNode)] = []
        result.reserveCapacity(mapping.count)
        for pair in mapping {
            let (key, value) = (pair.key, pair.value)
            guard let name = key.scalar?.string else {
                fail("keys in \(what) must be strings, got \(Self.describe(key))", at: key)
                continue
            }
            result.append((name, key, value))
        }
        return result
    }

    /// The entries of a mapping of named definitions (`environments`, `auths`), its `x-` extension keys left out as
    /// `fields` leaves them out: a place beside the definitions for the anchors they merge (`x-defaults: &defaults`).
    mutating func namedEntries(_ node: YAMLNode, _ what: String) -> [(
        key: String, keyNode: YAMLNode, value: YAMLNode
    )]? {
        entries(node, what)?.filter { !Self.isExtension($0.key) }
    }

    /// Whether `key` is an extension (`x-…`), which apix reads nothing in.
    static func isExtension(_ key: String) -> Bool { key.hasPrefix("x-") }

    /// A mapping checked against its schema: unknown keys (with a suggestion) and missing required keys are
    /// reported; returns the known keys' values.
    /// `meant`: what a key that is not known but often written means (`time` in `expect`: `max_ms` or `timing`),
    /// for keys too far from the right one for a spelling suggestion.
    mutating func fields(
        _ node: YAMLNode, _ what: String, known: [String], required: [String] = [], meant: [String: String] = [:]
    ) -> YAMLFields? {
        guard let mapping = node.mapping else {
            fail("\(what) must be a mapping, got \(Self.describe(node))", at: node)
            return nil
        }
        var values = YAMLFields(capacity: mapping.count)
        for pair in mapping {
            let (key, value) = (pair.key, pair.value)
            guard let name = key.scalar?.string else {
                fail("keys in \(what) must be strings, got \(Self.describe(key))", at: key)
                continue
            }
            if known.contains(name) {
                values.append(name, value)
            } else if Self.isExtension(name) {
                // An extension key (OpenAPI's and Compose's `x-` convention): where anchors for `<<` live, or notes;
                // apix reads nothing in it.
                continue
            } else {
                var message = "unknown key `\(name)` in \(what)"
                if let suggestion = EditDistance.nearest(name, in: known) {
                    message += "; did you mean `\(suggestion)`?"
                } else if let hint = meant[name] {
                    message += "; \(hint)"
                }
                fail(message, at: key)
            }
        }
        for key in required where values[key] == nil {
            fail("\(what) is missing required key `\(key)`", at: node)
        }
        return values
    }

    // MARK: - Scalars

    /// Any scalar as text (numbers and booleans as written); null and collections are reported.
    mutating func string(_ node: YAMLNode, _ key: @autoclosure () -> String) -> String? {
        guard let scalar = node.scalar, !Self.isNull(node) else {
            fail("`\(key())` must be a string, got \(Self.describe(node))", at: node)
            return nil
        }
        return scalar.string
    }

    mutating func template(_ node: YAMLNode, _ key: @autoclosure () -> String) -> Template? {
        string(node, key()).map { Template($0, location: location(node)) }
    }

    mutating func bool(_ node: YAMLNode, _ key: String) -> Bool? {
        guard node.scalar != nil, let value = node.bool, Self.tag(of: node) == .bool else {
            fail("`\(key)` must be true or false, got \(Self.describe(node))", at: node)
            return nil
        }
        return value
    }

    mutating func integer(_ node: YAMLNode, _ key: String, atLeast minimum: Int = 0) -> Int? {
        guard node.scalar != nil, Self.tag(of: node) == .int, let value = node.int else {
            fail("`\(key)` must be a whole number, got \(Self.describe(node))", at: node)
            return nil
        }
        guard value >= minimum else {
            fail("`\(key)` must be at least \(minimum), got \(value)", at: node)
            return nil
        }
        return value
    }

    /// The most seconds a profile's time takes (about 31 years).
    static let maximumSeconds = 1e9

    mutating func seconds(_ node: YAMLNode, _ key: String) -> Duration? {
        guard node.scalar != nil, Self.tag(of: node) == .int || Self.tag(of: node) == .float, let value = node.float,
            value.isFinite
        else {
            fail("`\(key)` must be a number of seconds, got \(Self.describe(node))", at: node)
            return nil
        }
        guard value >= 0 else {
            fail("`\(key)` must not be negative, got \(node.scalar?.string ?? "")", at: node)
            return nil
        }
        // Past about 9e15 the milliseconds no longer fit an Int64 and the conversion trapped (`timeout: 1e300`).
        guard value <= Self.maximumSeconds else {
            fail("`\(key)` must be at most 1000000000 seconds, got \(node.scalar?.string ?? "")", at: node)
            return nil
        }
        return .milliseconds(Int64((value * 1000).rounded()))
    }

    /// A size in bytes (`BodyLimit.parse`: `1048576`, `500MB`, `1GiB`; `0`: no limit).
    mutating func size(_ node: YAMLNode, _ key: String) -> Int64? {
        guard let text = node.scalar?.string, let value = BodyLimit.parse(text) else {
            fail(
                "`\(key)` must be a size such as 1048576, 500MB or 1GiB (0: no limit), got \(Self.describe(node))",
                at: node)
            return nil
        }
        return value
    }

    /// `name: value` pairs where a value may be a scalar, null (kept, dropped when sending) or a list of scalars.
    /// A value, or an item of a list, may also be `{ value: …, enabled: false }`: kept in the file, not sent.
    mutating func parameters(_ node: YAMLNode, _ key: String) -> [Parameter] {
        if let items = node.sequence {
            fail(
                "`\(key)` must be a mapping, got a list; " + ProfileShapeHints.parameterList(items, key: key), at: node)
            return []
        }
        guard let entries = entries(node, "`\(key)`") else { return [] }
        var result: [Parameter] = []
        result.reserveCapacity(entries.count)
        for entry in entries {
            // Named only when needed (a problem, a switchable value): most entries are plain scalars.
            func what() -> String { "\(key).\(entry.key)" }
            var values: [Template]?
            var disabled: [Template] = []
            if Self.isNull(entry.value) {
                values = nil
            } else if let sequence = entry.value.sequence {
                var enabled: [Template] = []
                for item in sequence {
                    if item.mapping != nil {
                        guard let switched = switchable(item, what(), inList: true) else { continue }
                        if switched.enabled { enabled += switched.values } else { disabled += switched.values }
                    } else if let value = template(item, what()) {
                        enabled.append(value)
                    }
                }
                values = enabled.isEmpty && !disabled.isEmpty ? nil : enabled
            } else if entry.value.scalar != nil {
                values = template(entry.value, what()).map { [$0] } ?? []
            } else if entry.value.mapping != nil {
                guard let switched = switchable(entry.value, what(), inList: false) else { continue }
                if switched.enabled {
                    values = switched.values.isEmpty && switched.wasNull ? nil : switched.values
                } else {
                    disabled = switched.values
                }
            } else {
                fail("`\(what())` must be a value, a list or null, got \(Self.describe(entry.value))", at: entry.value)
                continue
            }
            result.append(
                Parameter(name: entry.key, values: values, disabledValues: disabled, location: location(entry.keyNode)))
        }
        return result
    }

    /// `{ value: …, enabled: … }`: a value (in a list, a scalar; else also a list or null) and whether it is sent.
    private mutating func switchable(_ node: YAMLNode, _ what: String, inList: Bool)
        -> (values: [Template], enabled: Bool, wasNull: Bool)?
    {
        guard let fields = fields(node, "`\(what)`", known: ["value", "enabled"], required: ["value"]),
            let valueNode = fields["value"]
        else { return nil }
        var enabled = true
        if let node = fields["enabled"] {
            guard let flag = bool(node, "\(what).enabled") else { return nil }
            enabled = flag
        }
        if Self.isNull(valueNode) { return ([], enabled, true) }
        if let sequence = valueNode.sequence, !inList {
            return (sequence.compactMap { template($0, "\(what).value") }, enabled, false)
        }
        guard valueNode.scalar != nil else {
            let expected = inList ? "a value" : "a value, a list or null"
            fail("`\(what).value` must be \(expected), got \(Self.describe(valueNode))", at: valueNode)
            return nil
        }
        guard let value = template(valueNode, "\(what).value") else { return nil }
        return ([value], enabled, false)
    }

    /// A YAML value as a JSON-like template: plain scalars keep their YAML type, quoted ones are strings.
    mutating func templateValue(_ node: YAMLNode) -> TemplateValue {
        switch node.content {
        case .scalar(let scalar):
            if scalar.style == .plain || scalar.style == .any {
                switch Self.tag(of: node) {
                case .null: return .null
                case .bool: return .bool(node.bool ?? false)
                case .int, .float:
                    if let number = Self.jsonNumber(scalar.string) { return .number(number) }
                default: break
                }
            }
            return .string(Template(scalar.string, location: location(node)))
        case .sequence(let sequence):
            return .array(sequence.map { templateValue($0) })
        case .mapping:
            return .object(
                (entries(node, "JSON object") ?? []).map { .init(key: $0.key, value: templateValue($0.value)) })
        }
    }

    // MARK: - Helpers

    /// The resolved tag name: a plain scalar's implicit tag is decided by `YAMLImplicitTag` (Yams' default rules
    /// without its regular expressions).
    static func tag(of node: YAMLNode) -> Tag.Name {
        guard case .scalar(let scalar) = node.content else { return Tag.Name(rawValue: node.resolvedTag) }
        let written = Tag.Name(rawValue: node.tag)
        switch written {
        case .implicit: return YAMLImplicitTag.resolve(scalar.string)
        case .nonSpecific: return .str
        default: return written
        }
    }

    static func isNull(_ node: YAMLNode) -> Bool {
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any else { return false }
        return Self.tag(of: node) == .null
    }

    /// "a list", "a mapping", "a number", … for messages.
    static func describe(_ node: YAMLNode) -> String {
        switch node.content {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar(let scalar):
            if scalar.style != .plain && scalar.style != .any { return "the string \"\(scalar.string)\"" }
            switch Self.tag(of: node) {
            case .null: return "null"
            case .bool: return "a boolean (\(scalar.string))"
            case .int, .float: return "a number (\(scalar.string))"
            default: return "the string \"\(scalar.string)\""
            }
        }
    }

    /// YAML numbers that are also JSON numbers, as JSON text (`+1`, `0x1F`, `.5` are rewritten).
    static func jsonNumber(_ text: String) -> String? {
        if let int = Int(text, radix: 10) { return String(int) }
        if text.hasPrefix("0x"), let int = Int(text.dropFirst(2), radix: 16) { return String(int) }
        if text.hasPrefix("0o"), let int = Int(text.dropFirst(2), radix: 8) { return String(int) }
        guard let double = Double(text), double.isFinite else { return nil }
        return isJSONNumber(text) ? text : String(double)
    }

    /// Whether `text` is a number exactly as JSON writes it: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    /// Checked by hand: a regular expression here starts ICU, which costs milliseconds at every start of apix.
    static func isJSONNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }
}

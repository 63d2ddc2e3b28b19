import OpenAPIKit
import Yams

/// One schema of the composed tree, read as OpenAPIKit decodes it as far as examples and form fields need: a
/// reference, else its kind (from `allOf` / `anyOf` / `oneOf` / `not`, else `type`, else inferred from the keys
/// of one type, numbers first, as OpenAPIKit infers it), its example, default or first allowed value, read-only flag,
/// format, properties and items. One pass over the schema's own keys; its subschemas are read when reached.
struct SchemaNode {
    enum Kind { case null, boolean, number, integer, string, object, array, all, one, any, not, fragment }

    /// A reference OpenAPIKit reads (then nothing else of the schema counts).
    private(set) var reference: OpenAPITree.Reference?
    private(set) var kind = Kind.fragment
    /// `allOf`, `oneOf` or `anyOf`'s schemas.
    private(set) var subschemas: [Node] = []
    private(set) var items: Node?
    private let modern: Bool
    private var fields: [String: Node] = [:]
    private var propertyList: Node.Mapping?

    private static let numberKeys: Set<String> = [
        "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
    ]
    private static let stringKeys: Set<String> = ["maxLength", "minLength", "pattern"]
    private static let arrayKeys: Set<String> = ["items", "maxItems", "minItems", "uniqueItems"]
    private static let objectKeys: Set<String> = [
        "maxProperties", "minProperties", "properties", "additionalProperties", "required",
    ]
    /// The keys 3.1 adds to each type's.
    private static let modernKeys: [String: Kind] = [
        "contentMediaType": .string, "contentEncoding": .string, "prefixItems": .array, "patternProperties": .object,
    ]
    private static let combinerKeys: Set<String> = ["allOf", "anyOf", "oneOf", "not"]
    /// The keys read later, kept in the one pass.
    private static let kept: Set<String> = [
        "type", "format", "example", "examples", "default", "enum", "const", "readOnly", "nullable", "required",
        "items", "allOf", "anyOf", "oneOf",
    ]

    init(_ node: Node, modern: Bool) {
        self.modern = modern
        guard case .mapping(let mapping) = node else { return }
        if let reference = OpenAPITree.reference(in: node, kind: "schemas") {
            self.reference = reference
            return
        }
        var groups: Set<Kind> = []
        var combiners: Set<String> = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { continue }
            if Self.kept.contains(key), fields[key] == nil { fields[key] = value }
            if key == "properties", propertyList == nil { propertyList = value.mapping ?? [:] }
            if Self.combinerKeys.contains(key) {
                combiners.insert(key)
            } else if Self.numberKeys.contains(key) {
                groups.insert(.number)
            } else if Self.stringKeys.contains(key) {
                groups.insert(.string)
            } else if Self.arrayKeys.contains(key) {
                groups.insert(.array)
            } else if Self.objectKeys.contains(key) {
                groups.insert(.object)
            } else if modern, let kind = Self.modernKeys[key] {
                groups.insert(kind)
            }
        }
        // OpenAPIKit's order, whatever the document's.
        for (key, kind) in [("allOf", Kind.all), ("anyOf", .any), ("oneOf", .one), ("not", .not)]
        where combiners.contains(key) {
            self.kind = kind
            if kind != .not { subschemas = fields[key]?.sequence.map(Array.init) ?? [] }
            return
        }
        items = OpenAPITree.present(fields["items"])
        let hint = typeHint()
        if hint == .null {
            kind = .null
        } else if hint == .integer {
            kind = .integer
        } else if hint == .number || (hint == nil && groups.contains(.number)) {
            kind = .number
        } else if hint == .string || (hint == nil && groups.contains(.string)) {
            kind = .string
        } else if hint == .array || (hint == nil && groups.contains(.array)) {
            kind = .array
        } else if hint == .object || (hint == nil && groups.contains(.object)) {
            kind = .object
        } else if hint == .boolean {
            kind = .boolean
        }
    }

    /// `type`: one name, or (3.1) the first of a list but `null`; a name OpenAPIKit does not know fails its decoding,
    /// read here as no type.
    private func typeHint() -> Kind? {
        guard let type = OpenAPITree.present(fields["type"]) else { return nil }
        if let name = type.scalar?.string { return Self.kind(named: name, modern: modern) }
        guard modern, let names = type.sequence?.map({ $0.scalar?.string }) else { return nil }
        return names.lazy.compactMap { $0 }.first { $0 != "null" }.flatMap { Self.kind(named: $0, modern: true) }
    }

    private static func kind(named name: String, modern: Bool) -> Kind? {
        switch name {
        case "null": modern ? .null : nil
        case "boolean": .boolean
        case "object": .object
        case "array": .array
        case "number": .number
        case "integer": .integer
        case "string": .string
        default: nil
        }
    }

    /// Its first example, else its default, else its first allowed value (`enum`, in 3.1 else `const`); a string
    /// schema's allowed values are strings, a nullable one's null as OpenAPIKit keeps it.
    func value() -> AnyCodable? {
        guard reference == nil else { return nil }
        if let example = firstExample() { return example }
        if let value = OpenAPITree.present(fields["default"]) { return OpenAPITree.value(value) }
        return firstAllowedValue
    }

    /// OpenAPIKit's `examples.first` (3.1: `example`, else the first of `examples`; 3.0: `example`).
    var example: AnyCodable? { reference == nil ? firstExample() : nil }

    /// OpenAPIKit's `defaultValue`.
    var defaultValue: AnyCodable? {
        guard reference == nil else { return nil }
        return OpenAPITree.present(fields["default"]).flatMap(OpenAPITree.value)
    }

    /// OpenAPIKit's `allowedValues?.first`.
    var firstAllowedValue: AnyCodable? {
        guard reference == nil else { return nil }
        var allowed = OpenAPITree.present(fields["enum"])?.sequence?.first
        if modern, OpenAPITree.present(fields["enum"]) == nil, let value = OpenAPITree.present(fields["const"]) {
            allowed = value
        }
        guard let allowed else { return nil }
        guard kind == .string else { return OpenAPITree.value(allowed) }
        if isNullable {
            // A nullable string's `null` is `String?.none`, which OpenAPIKit keeps as an empty value.
            guard allowed.null == nil else { return AnyCodable(String?.none) }
            return allowed.scalar.map { AnyCodable($0.string) }
        }
        return allowed.scalar.map { AnyCodable($0.string) }
    }

    private func firstExample() -> AnyCodable? {
        if modern {
            if let example = fields["example"] { return OpenAPITree.value(example) }
            return OpenAPITree.present(fields["examples"])?.sequence?.first.flatMap(OpenAPITree.value)
        }
        return OpenAPITree.present(fields["example"]).flatMap(OpenAPITree.value)
    }

    /// 3.1: `nullable` (when the fix-ups left one), else a list of types with `null`; 3.0: `nullable`.
    private var isNullable: Bool {
        if modern {
            if let flag = OpenAPITree.bool(fields["nullable"]) { return flag }
            guard let types = OpenAPITree.present(fields["type"])?.sequence else { return false }
            let names = types.map { $0.scalar?.string }
            guard names.allSatisfy({ $0.flatMap { Self.kind(named: $0, modern: true) } != nil }) else { return false }
            return names.contains("null")
        }
        return OpenAPITree.bool(fields["nullable"]) ?? false
    }

    var readOnly: Bool { reference == nil && OpenAPITree.bool(fields["readOnly"]) == true }

    /// OpenAPIKit's `formatString`: nil for a reference or a null schema, else the format ("" without one).
    var formatString: String? {
        guard reference == nil, kind != .null else { return nil }
        return OpenAPITree.present(fields["format"])?.scalar?.string ?? ""
    }

    /// The properties in order, then each required name without one as an empty schema (OpenAPIKit adds them).
    var properties: [(name: String, schema: Node)] {
        guard kind == .object else { return [] }
        var result: [(name: String, schema: Node)] = []
        var names: Set<String> = []
        for (key, value) in propertyList ?? [:] {
            guard let name = key.string, names.insert(name).inserted else { continue }
            result.append((name, value))
        }
        for required in OpenAPITree.present(fields["required"])?.sequence ?? [] {
            guard let name = required.scalar?.string, names.insert(name).inserted else { continue }
            result.append((name, Self.empty))
        }
        return result
    }

    private static var empty: Node { .mapping(Node.Mapping([])) }
}

import Foundation

/// One schema of a compiled `CompiledSchema`: its keywords read once into the form evaluation wants, subschemas as
/// indexes into the same array (so `$ref` cycles are only numbers).
struct SchemaNode: Sendable {
    /// Set for `true` / `false` schemas, which have no keywords.
    var always: Bool?
    var keywords: [SchemaKeyword] = []
    /// Where the schema is, as shown in violations (`#/components/schemas/Customer`).
    var location: String
    /// The schema resource it belongs to (the dynamic scope of `$dynamicRef` is made of these).
    var resource: Int
    /// Whether it has `unevaluatedProperties` / `unevaluatedItems`, so its in-place subschemas must say what
    /// they evaluated.
    var needsAnnotations = false
}

/// The JSON types `type` names.
struct SchemaTypes: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    static let null = SchemaTypes(rawValue: 1)
    static let boolean = SchemaTypes(rawValue: 2)
    static let object = SchemaTypes(rawValue: 4)
    static let array = SchemaTypes(rawValue: 8)
    static let number = SchemaTypes(rawValue: 16)
    static let string = SchemaTypes(rawValue: 32)
    static let integer = SchemaTypes(rawValue: 64)

    static let names: [(String, SchemaTypes)] = [
        ("null", .null), ("boolean", .boolean), ("object", .object), ("array", .array), ("number", .number),
        ("string", .string), ("integer", .integer),
    ]
}

/// A required member, with what OpenAPI says about its direction.
struct RequiredMember: Sendable {
    var name: String
    var readOnly = false
    var writeOnly = false
}

/// The object keywords that decide which members are evaluated by what.
struct MemberSchemas: Sendable {
    var properties: [String: Int] = [:]
    var patterns: [(SchemaPattern, Int)] = []
    var additional: Int?
}

/// One keyword, ready to evaluate. `name` fields are the keyword as written, for the schema location.
enum SchemaKeyword: Sendable {
    case type(SchemaTypes, integerStrict: Bool)
    case enumeration(Set<String>, shown: [JSONValue], nullable: Bool)
    case constant(String, shown: JSONValue)
    case multipleOf(Decimal, double: Double)
    case bound(Double, name: String, kind: BoundKind)
    case length(Int, name: String, isMaximum: Bool)
    case pattern(SchemaPattern)
    case format(SchemaFormat)
    case itemCount(Int, name: String, isMaximum: Bool)
    case uniqueItems
    case contains(Int, minimum: Int, maximum: Int?)
    case memberCount(Int, name: String, isMaximum: Bool)
    case required([RequiredMember])
    case dependentRequired([(String, [String])], name: String)
    case members(MemberSchemas, location: String)
    case items(prefix: [Int], rest: Int?, prefixName: String, restName: String)
    case propertyNames(Int)
    case dependentSchemas([(String, Int)], name: String)
    case allOf([Int])
    case anyOf([Int], name: String)
    case oneOf([Int])
    case not(Int)
    case conditional(condition: Int, then: Int?, otherwise: Int?)
    case reference(Int, name: String)
    case dynamicReference(Int, anchor: String?, byResource: [Int: Int])
    case discriminator(property: String, mapping: [String: Int])
    case unevaluatedProperties(Int)
    case unevaluatedItems(Int)

    enum BoundKind: Sendable {
        case minimum, exclusiveMinimum, maximum, exclusiveMaximum
    }
}

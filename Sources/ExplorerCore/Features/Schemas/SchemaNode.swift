import Foundation

/// One schema of a compiled `CompiledSchema`: its keywords read once into the form evaluation wants, subschemas as
/// indexes into the same array (so `$ref` cycles are only numbers).
struct SchemaNode: Sendable {
    /// Set for `true` / `false` schemas, which have no keywords.
    var always: Bool?
    /// Its keywords: a range of the compiled schema's one array of them (`CompiledSchema.keywords`), so evaluating
    /// a node reads them in place rather than copying an array of its own out of the node.
    var keywords: Range<Int> = 0..<0
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

/// `required`, with its names numbered once so an object's members are looked up once each rather than every
/// required name searched for among them.
final class RequiredMembers: Sendable {
    let members: [RequiredMember]
    /// Each member's number: the same for names `==` says are equal.
    let numbers: [Int]
    /// Names to numbers; nil past 64 distinct names (a bit each in a word), which are searched for one by one.
    let table: SchemaNameTable<Int>?

    init(_ members: [RequiredMember]) {
        var numbered: [String: Int] = [:]
        for member in members where numbered[member.name] == nil { numbered[member.name] = numbered.count }
        self.members = members
        numbers = members.map { numbered[$0.name] ?? 0 }
        table = numbered.count <= 64 ? SchemaNameTable(numbered) : nil
    }
}

/// The object keywords that decide which members are evaluated by what.
final class MemberSchemas: Sendable {
    let properties: SchemaNameTable<Int>
    let patterns: [(SchemaPattern, Int)]
    let additional: Int?

    init(properties: [String: Int], patterns: [(SchemaPattern, Int)], additional: Int?) {
        self.properties = SchemaNameTable(properties)
        self.patterns = patterns
        self.additional = additional
    }
}

/// One keyword, ready to evaluate. `name` fields are the keyword as written, for the schema location. Its payloads
/// are plain values, so reading one out of the array for every value of an instance is a load, with no retain or
/// outlined copy; the keywords that hold lists, names or tables are `.rich(n)`, the nth `SchemaRichKeyword`.
enum SchemaKeyword: Sendable {
    case type(SchemaTypes, integerStrict: Bool)
    case multipleOf(Decimal, double: Double)
    case bound(Double, name: StaticString, kind: BoundKind)
    case length(Int, name: StaticString, isMaximum: Bool)
    case format(SchemaFormat)
    case itemCount(Int, name: StaticString, isMaximum: Bool)
    case uniqueItems
    case contains(Int, minimum: Int, maximum: Int?)
    case memberCount(Int, name: StaticString, isMaximum: Bool)
    case propertyNames(Int)
    case not(Int)
    case conditional(condition: Int, then: Int?, otherwise: Int?)
    case reference(Int)
    case unevaluatedProperties(Int)
    case unevaluatedItems(Int)
    case rich(Int)

    enum BoundKind: Sendable {
        case minimum, exclusiveMinimum, maximum, exclusiveMaximum
    }
}

/// A keyword that holds lists, names or tables: evaluated once per object or array rather than per value.
enum SchemaRichKeyword: Sendable {
    case enumeration(SchemaEnumeration)
    case constant(SchemaConstant)
    case pattern(SchemaPattern)
    case required(RequiredMembers)
    case dependentRequired([(String, [String])], name: StaticString)
    case members(MemberSchemas)
    case items(prefix: [Int], rest: Int?)
    case dependentSchemas([(String, Int)])
    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case dynamicReference(Int, anchor: String?, byResource: [Int: Int])
    case discriminator(SchemaDiscriminator)
}

/// `enum`: the values in canonical form, and as written for messages.
final class SchemaEnumeration: Sendable {
    let values: Set<String>
    let shown: [JSONValue]
    let nullable: Bool

    init(values: Set<String>, shown: [JSONValue], nullable: Bool) {
        self.values = values
        self.shown = shown
        self.nullable = nullable
    }
}

/// `const`: the value in canonical form, and as written for messages.
final class SchemaConstant: Sendable {
    let value: String
    let shown: JSONValue

    init(value: String, shown: JSONValue) {
        self.value = value
        self.shown = shown
    }
}

/// OpenAPI's `discriminator`: the member naming the schema, and the schemas by name.
final class SchemaDiscriminator: Sendable {
    let property: String
    let mapping: [String: Int]

    init(property: String, mapping: [String: Int]) {
        self.property = property
        self.mapping = mapping
    }
}

import ExplorerCore
import Yams

/// An example value made up from a schema of the composed tree, resolving `$ref`s on demand: a reference already
/// being expanded on the way down (a recursive schema) becomes null, and the value is bounded in depth and in size, so
/// the largest real documents (Stripe's) cost what the example shows. Schemas are read as OpenAPIKit decodes them
/// (`SchemaNode`), which it no longer does for request bodies.
struct SchemaExample {
    let tree: OpenAPITree
    /// Deepest nesting of objects and arrays.
    static let maxDepth = 8
    /// Most values in one example; past it, objects stop taking properties.
    static let maxValues = 400

    private var expanding: Set<String> = []
    private var values = 0

    init(tree: OpenAPITree) {
        self.tree = tree
    }

    /// The example of `schema`, fresh limits each time.
    static func make(_ schema: Node, tree: OpenAPITree, depth: Int = 0) -> TemplateValue {
        var builder = SchemaExample(tree: tree)
        return builder.example(schema, depth: depth)
    }

    /// Its example, default or first allowed value, else one made up from the type (objects with every property
    /// but read-only ones, arrays with one item).
    mutating func example(_ node: Node, depth: Int) -> TemplateValue {
        values += 1
        let schema = SchemaNode(node, modern: tree.modern)
        if let reference = schema.reference {
            guard !expanding.contains(reference.key), let target = tree.resolveSchema(reference) else { return .null }
            expanding.insert(reference.key)
            defer { expanding.remove(reference.key) }
            return example(target, depth: depth)
        }
        if let value = schema.value() {
            return OpenAPIImporter.templateValue(value.value)
        }
        guard depth < Self.maxDepth else { return .null }
        switch schema.kind {
        case .null: return .null
        case .boolean: return .bool(false)
        case .number, .integer: return .number("0")
        case .string: return .string(Template(Self.string(format: schema.formatString)))
        case .object:
            var members: [TemplateValue.Member] = []
            for (name, property) in schema.properties where values < Self.maxValues {
                if tree.schema(property)?.readOnly == true { continue }
                members.append(.init(key: name, value: example(property, depth: depth + 1)))
            }
            return .object(members)
        case .array:
            return .array(schema.items.map { [example($0, depth: depth + 1)] } ?? [])
        case .all:
            var members: [TemplateValue.Member] = []
            for part in schema.subschemas {
                if case .object(let more) = example(part, depth: depth + 1) {
                    for member in more where !members.contains(where: { $0.key == member.key }) {
                        members.append(member)
                    }
                }
            }
            return .object(members)
        case .one, .any:
            return schema.subschemas.first.map { example($0, depth: depth + 1) } ?? .null
        case .not, .fragment:
            return .null
        }
    }

    static func string(format: String?) -> String {
        switch format {
        case "date-time": "2024-01-01T00:00:00Z"
        case "date": "2024-01-01"
        case "uuid": "00000000-0000-0000-0000-000000000000"
        case "email": "user@example.com"
        case "uri", "url": "https://example.com"
        default: "string"
        }
    }
}

import ExplorerCore
import OpenAPIKit

/// An example value made up from a schema, resolving `$ref`s on demand: a reference already being expanded on the
/// way down (a recursive schema) becomes null, and the value is bounded in depth and in size, so the largest real
/// documents (Stripe's) cost what the example shows.
struct SchemaExample {
    let components: OpenAPI.Components
    /// Deepest nesting of objects and arrays.
    static let maxDepth = 8
    /// Most values in one example; past it, objects stop taking properties.
    static let maxValues = 400

    private var expanding: Set<String> = []
    private var values = 0

    init(components: OpenAPI.Components) {
        self.components = components
    }

    /// The example of `schema`, fresh limits each time.
    static func make(_ schema: JSONSchema, components: OpenAPI.Components, depth: Int = 0) -> TemplateValue {
        var builder = SchemaExample(components: components)
        return builder.example(schema, depth: depth)
    }

    /// A schema that may be a reference, resolved once (nil when it points outside the components or loops).
    func resolved(_ schema: JSONSchema) -> JSONSchema? {
        components[schema]
    }

    /// Its example, default or first allowed value, else one made up from the type (objects with every property
    /// but read-only ones, arrays with one item).
    mutating func example(_ schema: JSONSchema, depth: Int) -> TemplateValue {
        values += 1
        if case .reference(let reference, _) = schema.value {
            let key = reference.absoluteString
            guard !expanding.contains(key), let target = components[schema] else { return .null }
            expanding.insert(key)
            defer { expanding.remove(key) }
            return example(target, depth: depth)
        }
        if let value = schema.examples.first ?? schema.defaultValue ?? schema.allowedValues?.first {
            return OpenAPIImporter.templateValue(value.value)
        }
        guard depth < Self.maxDepth else { return .null }
        switch schema.value {
        case .null: return .null
        case .boolean: return .bool(false)
        case .number, .integer: return .number("0")
        case .string: return .string(Template(Self.string(format: schema.formatString)))
        case .object(_, let object):
            var members: [TemplateValue.Member] = []
            for (name, property) in object.properties where values < Self.maxValues {
                if resolved(property)?.readOnly == true { continue }
                members.append(.init(key: name, value: example(property, depth: depth + 1)))
            }
            return .object(members)
        case .array(_, let array):
            return .array(array.items.map { [example($0, depth: depth + 1)] } ?? [])
        case .all(of: let schemas, _):
            var members: [TemplateValue.Member] = []
            for part in schemas {
                if case .object(let more) = example(part, depth: depth + 1) {
                    for member in more where !members.contains(where: { $0.key == member.key }) {
                        members.append(member)
                    }
                }
            }
            return .object(members)
        case .one(of: let schemas, _), .any(of: let schemas, _):
            return schemas.first.map { example($0, depth: depth + 1) } ?? .null
        case .not, .fragment, .reference:
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

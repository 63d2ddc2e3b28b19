/// A JSON body written as YAML: structure kept, strings may hold `{{variables}}`.
public indirect enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number's literal text, kept as written.
    case number(String)
    case string(Template)
    case array([TemplateValue])
    case object([Member])

    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: TemplateValue

        public init(key: String, value: TemplateValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value with every variable filled in.
    public func render(_ scope: VariableScope, masking: Bool = false) throws(RequestBuildError) -> JSONValue {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let text): return .number(text)
        case .string(let template): return .string(try template.render(scope, masking: masking))
        case .array(let items):
            var rendered: [JSONValue] = []
            for item in items { rendered.append(try item.render(scope, masking: masking)) }
            return .array(rendered)
        case .object(let members):
            var object = JSONObject()
            for member in members {
                object.append(key: member.key, value: try member.value.render(scope, masking: masking))
            }
            return .object(object)
        }
    }
}

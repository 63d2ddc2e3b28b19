import Yams

/// A JSON body written as YAML: structure kept, strings may hold `{{variables}}`.
package indirect enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number's literal text, kept as written.
    case number(String)
    case string(Template)
    case array([TemplateValue])
    case object([Member])

    package struct Member: Sendable, Hashable {
        package var key: String
        package var value: TemplateValue

        package init(key: String, value: TemplateValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value with every variable filled in.
    package func render(_ scope: VariableScope, masking: Bool = false) throws(RequestBuildError) -> JSONValue {
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

extension TemplateValue {
    /// A parsed JSON value as a template value, when a profile's YAML can hold it exactly: nil when an object
    /// repeats a key (a YAML mapping cannot) or a number would not read back from YAML as the same number (`-0`
    /// reads back as `0`, `1e400` as a string).
    init?(yamlSafe json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text):
            let tag = YAMLImplicitTag.resolve(text)
            guard tag == .int || tag == .float, YAMLReader.jsonNumber(text) == text else { return nil }
            self = .number(text)
        case .string(let text): self = .string(Template(text))
        case .array(let items):
            var converted: [TemplateValue] = []
            converted.reserveCapacity(items.count)
            for item in items {
                guard let value = TemplateValue(yamlSafe: item) else { return nil }
                converted.append(value)
            }
            self = .array(converted)
        case .object(let object):
            guard Set(object.keys).count == object.keys.count else { return nil }
            var members: [Member] = []
            members.reserveCapacity(object.keys.count)
            for (key, value) in object {
                guard let converted = TemplateValue(yamlSafe: value) else { return nil }
                members.append(Member(key: key, value: converted))
            }
            self = .object(members)
        }
    }
}

import ExplorerCore
import Foundation
import OpenAPIKit
import Yams

/// The response and request-body schemas of an OpenAPI tree and the component schemas they reach, read from the
/// composed text (before it is pruned, so OpenAPIKit never decodes them): what an import writes to the side file
/// `ID.schemas.json` and each endpoint's `responses:` and `request_schema:`. References are followed by name, with a set of those reached, never expanded (see
/// PLATFORM-NOTES: dereferencing Stripe's document whole grows without bound).
struct OpenAPIResponseSchemas {
    /// Each operation's rules (`"get /v1/customers"` → `200: Customer`), by the JSON answer's schema.
    private(set) var rules: [String: [ResponseSchemaRule]] = [:]
    /// Each operation's request-body schema by name (`"post /v1/customers"` → `PostCustomersRequest`): the JSON
    /// body's, else the form's (`application/x-www-form-urlencoded`, then `multipart/form-data`), the order the
    /// importer chooses the body kind in, so the schema describes the body written.
    private(set) var requestSchemas: [String: String] = [:]
    /// The side file's schemas by name: the components reached, in document order, then the inline response
    /// schemas (named `OPERATION.STATUS`).
    private(set) var schemas = JSONObject()

    /// At most this many `$ref` hops from a response to its component response (or a request body to its component
    /// request body).
    static let maxResponseHops = 8

    static func key(path: String, method: String) -> String { "\(method.lowercased()) \(path)" }

    static func read(_ root: Node) -> OpenAPIResponseSchemas {
        var result = OpenAPIResponseSchemas()
        let components = root["components"]?.mapping
        var componentSchemas: [String: Node] = [:]
        var order: [String] = []
        for (key, value) in components?["schemas"]?.mapping ?? [:] {
            guard let name = key.string else { continue }
            componentSchemas[name] = value
            order.append(name)
        }
        let componentResponses = components?["responses"]?.mapping
        let componentBodies = components?["requestBodies"]?.mapping
        var needed: Set<String> = []
        var pending: [Node] = []
        var inline: [(String, Node)] = []
        var usedNames = Set(order)
        for (pathKey, itemNode) in root["paths"]?.mapping ?? [:] {
            guard let path = pathKey.string, let item = itemNode.mapping else { continue }
            // The importer asks by OpenAPIKit's path, which it normalises (`/a//b` is `/a/b`); names keep the text.
            let normalised = OpenAPI.Path(rawValue: path).rawValue
            for (methodKey, operationNode) in item {
                guard let method = methodKey.string, OpenAPIPruner.methods.contains(method) else { continue }
                let operation = operationNode["operationId"]?.string ?? "\(method.uppercased()) \(path)"
                // A component by its name; an inline schema under a name of its own (`OPERATION.SUFFIX`).
                func named(_ schema: Node, suffix: String) -> String {
                    if let name = componentName(schema), let component = componentSchemas[name] {
                        if needed.insert(name).inserted { pending.append(component) }
                        return name
                    }
                    let base = operation + "." + suffix
                    var name = base
                    var number = 2
                    while usedNames.contains(name) {
                        name = "\(base)#\(number)"
                        number += 1
                    }
                    usedNames.insert(name)
                    inline.append((name, schema))
                    pending.append(schema)
                    return name
                }
                var rules: [ResponseSchemaRule] = []
                for (statusKey, responseNode) in operationNode["responses"]?.mapping ?? [:] {
                    guard let statusText = statusKey.string, let status = ResponseSchemaRule.Status(statusText),
                        let schema = Self.schema(of: responseNode, components: componentResponses, kind: "responses")
                    else { continue }
                    rules.append(ResponseSchemaRule(status: status, schema: named(schema, suffix: statusText)))
                }
                // Two paths that are one once normalised: the later is the one OpenAPIKit keeps.
                let operationKey = key(path: normalised, method: method)
                result.rules[operationKey] = rules.isEmpty ? nil : rules
                result.requestSchemas[operationKey] = nil
                if let body = operationNode["requestBody"],
                    let schema = Self.schema(of: body, components: componentBodies, kind: "requestBodies", forms: true),
                    !(["get", "head", "delete"].contains(method) && isEmptyObject(schema))
                {
                    result.requestSchemas[operationKey] = named(schema, suffix: "request")
                }
            }
        }
        var references: [String] = []
        while let node = pending.popLast() {
            references.removeAll(keepingCapacity: true)
            OpenAPIPruner.collect(node, into: &references)
            for reference in references {
                guard let (kind, name) = OpenAPIPruner.target(reference), kind == "schemas",
                    let found = componentSchemas[name], needed.insert(name).inserted
                else { continue }
                pending.append(found)
            }
        }
        for name in order where needed.contains(name) {
            if let node = componentSchemas[name] { result.schemas.append(key: name, value: json(node)) }
        }
        for (name, node) in inline { result.schemas.append(key: name, value: json(node)) }
        return result
    }

    /// The schema of a response's or request body's JSON content (`application/json`, `*+json`, else any JSON
    /// type; with `forms`, else `application/x-www-form-urlencoded`, else `multipart/form-data`), following a `$ref`
    /// to `#/components/KIND/NAME`.
    private static func schema(of object: Node, components: Node.Mapping?, kind: String, forms: Bool = false) -> Node? {
        var node = object
        for _ in 0..<maxResponseHops {
            guard let reference = node["$ref"]?.string else { break }
            guard let (found, name) = OpenAPIPruner.target(reference), found == kind,
                let target = components?[SwaggerConverter.node(name)]
            else { return nil }
            node = target
        }
        guard let content = node["content"]?.mapping else { return nil }
        let types = content.compactMap { $0.key.string }
        var chosen =
            types.first { $0.lowercased().hasPrefix("application/json") }
            ?? types.first { $0.lowercased().contains("+json") } ?? types.first { $0.lowercased().contains("json") }
        if forms, chosen == nil {
            chosen =
                types.first { $0.lowercased().hasPrefix("application/x-www-form-urlencoded") }
                ?? types.first { $0.lowercased().hasPrefix("multipart/form-data") }
        }
        guard let chosen else { return nil }
        return content[SwaggerConverter.node(chosen)]?["schema"]
    }

    /// An object schema with no member and nothing else to say: the empty form body Stripe gives every GET (the
    /// importer sends none, so no schema is written for it).
    private static func isEmptyObject(_ schema: Node) -> Bool {
        guard let mapping = schema.mapping else { return false }
        let keys = Set(mapping.compactMap { $0.key.string })
        guard keys.isSubset(of: ["type", "properties", "additionalProperties", "description"]) else { return false }
        return (mapping["properties"]?.mapping?.count ?? 0) == 0
    }

    /// `X` when the schema is only `$ref: "#/components/schemas/X"`.
    private static func componentName(_ schema: Node) -> String? {
        guard let mapping = schema.mapping, mapping.count == 1, let reference = mapping["$ref"]?.string,
            let (kind, name) = OpenAPIPruner.target(reference), kind == "schemas",
            reference.split(separator: "/").count == 4
        else { return nil }
        return name
    }

    /// A composed node as JSON: quoted scalars are strings; plain ones null, booleans and numbers as YAML 1.1's core
    /// schema reads them (what JSON documents hold), else strings.
    static func json(_ node: Node) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            guard scalar.style == .plain || scalar.style == .any else { return .string(scalar.string) }
            switch scalar.string {
            case "null", "Null", "NULL", "~", "": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default:
                if let first = scalar.string.utf8.first, first == UInt8(ascii: "-") || (48...57).contains(first),
                    case .number(_)? = try? JSONValue.parse(scalar.string)
                {
                    return .number(scalar.string)
                }
                return .string(scalar.string)
            }
        case .mapping(let mapping):
            return .object(
                JSONObject(
                    mapping.map { entry in
                        let key = entry.key.string ?? ""
                        let value = json(entry.value)
                        return (key: key, value: key == "type" ? typeNames(value) : value)
                    }))
        case .sequence(let sequence):
            return .array(sequence.map(json))
        case .alias:
            return .null
        }
    }

    /// A schema's `type` with its YAML nulls read as the type name: 3.1 documents write `type: [string, null]`
    /// (Resend's does), where JSON Schema means the string `"null"`. Only a null or a list holding one changes, so a
    /// property named `type` (whose value is a schema) stays as it is.
    private static func typeNames(_ value: JSONValue) -> JSONValue {
        switch value {
        case .null: return .string("null")
        case .array(let items) where items.contains(.null):
            return .array(items.map { $0 == .null ? .string("null") : $0 })
        default: return value
        }
    }
}

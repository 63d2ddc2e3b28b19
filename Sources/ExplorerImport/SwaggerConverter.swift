import ExplorerCore
import Yams

/// Turns a Swagger 2.0 tree into an OpenAPI 3.0 one, as far as the importer reads it: `host` / `basePath` /
/// `schemes` become servers, `body` and `formData` parameters a request body, `definitions` component schemas,
/// `securityDefinitions` security schemes (with their OAuth2 flow renamed). Responses keep only their
/// descriptions: the importer does not read them.
enum SwaggerConverter {
    /// The resolver the reader composes with (YAMLDecoder's): nodes made here must match the document's own, or
    /// the decoder's key lookups miss them.
    static let resolver = Resolver.basic.appending(Resolver.Rule.merge)

    static func node(_ text: String) -> Node { Node(text, Tag(.implicit, resolver)) }
    static func node(_ pairs: [(Node, Node)]) -> Node { Node(pairs, Tag(.implicit, resolver)) }
    static func node(_ items: [Node]) -> Node { Node(items, Tag(.implicit, resolver)) }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch"]

    static func convert(_ root: Node, notes: inout [String]) throws(InteropError) -> Node {
        guard let info = root["info"] else {
            throw InteropError(.invalid("not a valid Swagger 2.0 document: no `info`"))
        }
        notes.append("a Swagger 2.0 document: read as OpenAPI 3.0")
        var pairs: [(Node, Node)] = [(node("openapi"), node("3.0.3")), (node("info"), info)]
        pairs.append((node("servers"), node(servers(root))))
        let globalConsumes = root["consumes"]?.array().compactMap(\.string) ?? []
        let shared = root["parameters"]?.mapping
        var paths: [(Node, Node)] = []
        for (path, item) in root["paths"]?.mapping ?? [:] {
            guard case .mapping(let item) = item else { continue }
            paths.append((path, pathItem(item, consumes: globalConsumes, shared: shared)))
        }
        pairs.append((node("paths"), node(paths)))
        var components: [(Node, Node)] = []
        if let definitions = root["definitions"] {
            components.append((node("schemas"), rewriteReferences(definitions)))
        }
        if case .mapping(let definitions)? = root["securityDefinitions"] {
            let schemes = definitions.map { (name, scheme) in (name, securityScheme(scheme)) }
            components.append((node("securitySchemes"), node(schemes)))
        }
        if !components.isEmpty { pairs.append((node("components"), node(components))) }
        if let security = root["security"] { pairs.append((node("security"), security)) }
        if let tags = root["tags"] { pairs.append((node("tags"), tags)) }
        return node(pairs)
    }

    static func servers(_ root: Node) -> [Node] {
        let basePath = root["basePath"]?.string ?? ""
        guard let host = root["host"]?.string else { return basePath.isEmpty ? [] : [server(basePath)] }
        let schemes = root["schemes"]?.array().compactMap(\.string) ?? ["https"]
        return (schemes.isEmpty ? ["https"] : schemes).map { server("\($0)://\(host)\(basePath)") }
    }

    static func server(_ url: String) -> Node { node([(node("url"), node(url))]) }

    static func pathItem(_ item: Node.Mapping, consumes: [String], shared: Node.Mapping?) -> Node {
        let common = item["parameters"]?.array() ?? []
        var pairs: [(Node, Node)] = []
        for (key, value) in item {
            guard let method = key.string, methods.contains(method), case .mapping(let operation) = value else {
                continue
            }
            pairs.append((key, self.operation(operation, common: common, consumes: consumes, shared: shared)))
        }
        return node(pairs)
    }

    static func operation(_ operation: Node.Mapping, common: [Node], consumes: [String], shared: Node.Mapping?)
        -> Node
    {
        var pairs: [(Node, Node)] = []
        for key in ["tags", "summary", "description", "operationId", "deprecated", "security"] {
            if let value = operation[key] { pairs.append((node(key), value)) }
        }
        let consumed = operation["consumes"]?.array().compactMap(\.string) ?? consumes
        // An operation's parameter replaces the path's of the same name and location.
        var parameters: [Node.Mapping] = []
        for node in common + (operation["parameters"]?.array() ?? []) {
            guard let parameter = resolve(node, shared: shared) else { continue }
            parameters.removeAll { $0["name"] == parameter["name"] && $0["in"] == parameter["in"] }
            parameters.append(parameter)
        }
        let plain = parameters.filter { !["body", "formData"].contains($0["in"]?.string ?? "") }
        pairs.append((node("parameters"), node(plain.map(self.parameter))))
        if let body = parameters.first(where: { $0["in"]?.string == "body" }), let schema = body["schema"] {
            let type = consumed.first { MediaType.isJSON($0) } ?? consumed.first ?? "application/json"
            pairs.append((node("requestBody"), content(type, schema: rewriteReferences(schema))))
        } else {
            let fields = parameters.filter { $0["in"]?.string == "formData" }
            if !fields.isEmpty {
                let multipart =
                    fields.contains { $0["type"]?.string == "file" }
                    || consumed.contains { $0.hasPrefix("multipart/") }
                // Each field's description and `required:` are kept: the explorer's field hints read them.
                let properties = fields.map { field in
                    var pairs = schema(of: field).mapping.map { $0.map { ($0.key, $0.value) } } ?? []
                    if let description = field["description"] { pairs.append((node("description"), description)) }
                    return (field["name"] ?? node("field"), node(pairs))
                }
                var objectPairs = [(node("type"), node("object")), (node("properties"), node(properties))]
                let required = fields.filter { $0["required"]?.string == "true" }.compactMap { $0["name"] }
                if !required.isEmpty { objectPairs.append((node("required"), node(required))) }
                let object = node(objectPairs)
                let type = multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
                pairs.append((node("requestBody"), content(type, schema: object)))
            }
        }
        var responses: [(Node, Node)] = []
        for (status, response) in operation["responses"]?.mapping ?? [:] {
            let description = response["description"] ?? node("")
            var fields = [(node("description"), description)]
            // The answer's schema, kept as the JSON content's (what `responses:` checks answers against).
            if let schema = response["schema"] {
                fields.append(
                    (
                        node("content"),
                        node([(node("application/json"), node([(node("schema"), rewriteReferences(schema))]))])
                    ))
            }
            responses.append((status, node(fields)))
        }
        if responses.isEmpty { responses = [(node("default"), node([(node("description"), node(""))]))] }
        pairs.append((node("responses"), node(responses)))
        return node(pairs)
    }

    static func resolve(_ node: Node, shared: Node.Mapping?) -> Node.Mapping? {
        if let reference = node["$ref"]?.string {
            let name = reference.replacingOccurrences(of: "#/parameters/", with: "")
            return shared?[name]?.mapping
        }
        return node.mapping
    }

    static func parameter(_ parameter: Node.Mapping) -> Node {
        var pairs: [(Node, Node)] = []
        for key in ["name", "in", "description", "required"] {
            if let value = parameter[key] { pairs.append((node(key), value)) }
        }
        if parameter["in"]?.string == "path", parameter["required"] == nil {
            pairs.append((node("required"), node("true")))
        }
        pairs.append((node("schema"), schema(of: parameter)))
        if let example = parameter["x-example"] { pairs.append((node("example"), example)) }
        return node(pairs)
    }

    /// A non-body parameter's type keys as a schema (`file` becomes a binary string).
    static func schema(of parameter: Node.Mapping) -> Node {
        let keys = [
            "type", "format", "items", "enum", "default", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
            "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "multipleOf",
        ]
        var pairs: [(Node, Node)] = []
        for key in keys {
            guard let value = parameter[key] else { continue }
            if key == "type", value.string == "file" {
                pairs += [(node("type"), node("string")), (node("format"), node("binary"))]
            } else {
                pairs.append((node(key), key == "items" ? rewriteReferences(value) : value))
            }
        }
        return node(pairs)
    }

    static func content(_ type: String, schema: Node) -> Node {
        let media = node([(node("schema"), schema)])
        return node([(node("content"), node([(node(type), media)]))])
    }

    /// `#/definitions/X` → `#/components/schemas/X` everywhere below `node`.
    static func rewriteReferences(_ tree: Node) -> Node {
        switch tree {
        case .mapping(var mapping):
            for index in mapping.indices {
                let (key, value) = mapping[index]
                if key.string == "$ref", let reference = value.string, reference.hasPrefix("#/definitions/") {
                    let name = reference.dropFirst("#/definitions/".count)
                    mapping[index] = (key, node("#/components/schemas/\(name)"))
                } else if key.string == "type", value.string == "file" {
                    mapping[index] = (key, node("string"))
                } else if case .scalar = value {
                    continue
                } else {
                    mapping[index] = (key, rewriteReferences(value))
                }
            }
            return .mapping(mapping)
        case .sequence(var sequence):
            for index in sequence.indices { sequence[index] = rewriteReferences(sequence[index]) }
            return .sequence(sequence)
        case .scalar, .alias:
            return tree
        }
    }

    static func securityScheme(_ scheme: Node) -> Node {
        let type = scheme["type"]?.string ?? ""
        var pairs: [(Node, Node)] = []
        if let description = scheme["description"] { pairs.append((node("description"), description)) }
        switch type {
        case "basic":
            pairs += [(node("type"), node("http")), (node("scheme"), node("basic"))]
        case "apiKey":
            pairs += [(node("type"), node("apiKey"))]
            for key in ["name", "in"] { if let value = scheme[key] { pairs.append((node(key), value)) } }
        case "oauth2":
            let flowNames = [
                "implicit": "implicit", "password": "password", "application": "clientCredentials",
                "accessCode": "authorizationCode",
            ]
            let flow = scheme["flow"]?.string ?? "implicit"
            var flowPairs: [(Node, Node)] = []
            for key in ["authorizationUrl", "tokenUrl"] {
                if let value = scheme[key] { flowPairs.append((node(key), value)) }
            }
            flowPairs.append((node("scopes"), scheme["scopes"] ?? node([(Node, Node)]())))
            let flows = node([(node(flowNames[flow] ?? "implicit"), node(flowPairs))])
            pairs += [(node("type"), node("oauth2")), (node("flows"), flows)]
        default:
            return scheme
        }
        return node(pairs)
    }
}

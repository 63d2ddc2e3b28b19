import OpenAPIKit
import Yams

/// Each operation's request body, read from the composed tree (before `OpenAPIPruner` cuts request bodies, so
/// OpenAPIKit never decodes their schemas): its media types with their content, the request body reference followed
/// to `#/components/requestBodies` as OpenAPIKit follows it.
struct OpenAPIRequestBodies {
    /// One media type of a request body: its type as OpenAPIKit normalises it (`application/json; charset=utf-8`),
    /// and its Media Type Object (nil when it is a reference that does not resolve: an empty one).
    struct Content {
        var type: String
        var content: Node?
    }

    enum Body {
        case content([Content])
        /// A reference that does not resolve.
        case unresolved
    }

    let tree: OpenAPITree
    /// Each operation's `requestBody` as written, by `OpenAPIResponseSchemas.key` of OpenAPIKit's path.
    private var written: [String: Node] = [:]

    init(root: Node, modern: Bool) {
        tree = OpenAPITree(root: root, modern: modern)
        for (pathKey, itemNode) in root["paths"]?.mapping ?? [:] {
            guard let raw = pathKey.string else { continue }
            let path = OpenAPI.Path(rawValue: raw).rawValue
            var item = itemNode
            if let reference = OpenAPITree.reference(in: item, kind: "pathItems"),
                let target = tree.component("pathItems", reference.name)
            {
                item = target
            }
            for (key, operation) in item.mapping ?? [:] {
                guard let method = key.string else { continue }
                if OpenAPIPruner.methods.contains(method) {
                    add(operation, path: path, method: method)
                } else if method == "additionalOperations" {
                    for (name, more) in operation.mapping ?? [:] {
                        if let name = name.string { add(more, path: path, method: name) }
                    }
                }
            }
        }
    }

    private mutating func add(_ operation: Node, path: String, method: String) {
        let key = OpenAPIResponseSchemas.key(path: path, method: method)
        guard written[key] == nil, let body = OpenAPITree.present(operation["requestBody"]) else { return }
        written[key] = body
    }

    /// The request body of the operation at `path` (OpenAPIKit's) and `method`, nil when it has none.
    func body(path: String, method: String) -> Body? {
        guard let written = written[OpenAPIResponseSchemas.key(path: path, method: method)] else { return nil }
        var request = written
        if let reference = OpenAPITree.reference(in: written, kind: "requestBodies") {
            guard let target = tree.resolve(reference, kind: "requestBodies", chains: tree.modern) else {
                return .unresolved
            }
            request = target
        }
        var types: [Content] = []
        for (key, value) in OpenAPITree.present(request["content"])?.mapping ?? [:] {
            guard let raw = key.string, let type = OpenAPI.ContentType(rawValue: raw)?.rawValue else { continue }
            var content: Node? = value
            if tree.modern, let reference = OpenAPITree.reference(in: value, kind: "mediaTypes") {
                content = tree.resolve(reference, kind: "mediaTypes", chains: true)
            }
            // Two spellings of one type are one key of OpenAPIKit's map: the first place, the last value.
            if let index = types.firstIndex(where: { $0.type == type }) {
                types[index].content = content
            } else {
                types.append(Content(type: type, content: content))
            }
        }
        return .content(types)
    }
}

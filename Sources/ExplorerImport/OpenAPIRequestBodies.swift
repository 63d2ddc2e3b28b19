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
    /// Each operation by `OpenAPIResponseSchemas.key` of OpenAPIKit's path (`OpenAPITree.operations(in:)`).
    private let operations: [String: OpenAPITree.PathOperation]

    init(tree: OpenAPITree, operations: [String: OpenAPITree.PathOperation]) {
        self.tree = tree
        self.operations = operations
    }

    /// The request body of the operation at `path` (OpenAPIKit's) and `method`, nil when it has none.
    func body(path: String, method: String) -> Body? {
        let operation = operations[OpenAPIResponseSchemas.key(path: path, method: method)]?.operation
        guard let written = OpenAPITree.present(operation?["requestBody"]) else { return nil }
        var request = written
        if let reference = OpenAPITree.reference(in: written, kind: "requestBodies") {
            guard let target = tree.resolve(reference, kind: "requestBodies", chains: tree.modern) else {
                return .unresolved
            }
            request = target
        }
        return .content(Self.contents(request["content"], tree: tree))
    }

    /// A `content` map's media types (a request body's or a parameter's).
    static func contents(_ map: Node?, tree: OpenAPITree) -> [Content] {
        var types: [Content] = []
        for (key, value) in OpenAPITree.present(map)?.mapping ?? [:] {
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
        return types
    }
}

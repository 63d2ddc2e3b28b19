import OpenAPIKit
import Yams

extension OpenAPITree {
    /// One operation of the composed tree, with the path item it belongs to (for the path's parameters).
    struct PathOperation {
        var item: Node
        var operation: Node
    }

    /// Each operation of `root`'s `paths` by `OpenAPIResponseSchemas.key` of OpenAPIKit's path (`/a//b` is `/a/b`), as
    /// OpenAPIKit reads them: two paths that are one once normalised are one path item, the later (its map keeps one
    /// value per key); in 3.1 a path item's `$ref` to `#/components/pathItems` is followed (3.0's path items are
    /// never references); a method repeated in one item is its first.
    func operations(in root: Node) -> [String: PathOperation] {
        var items: [String: Node] = [:]
        for (pathKey, itemNode) in root["paths"]?.mapping ?? [:] {
            guard let raw = pathKey.string else { continue }
            items[OpenAPI.Path(rawValue: raw).rawValue] = itemNode
        }
        var result: [String: PathOperation] = [:]
        for (path, itemNode) in items {
            var item = itemNode
            if modern, let reference = Self.reference(in: item, kind: "pathItems"),
                let target = component("pathItems", reference.name)
            {
                item = target
            }
            func add(_ operation: Node, method: String) {
                let key = OpenAPIResponseSchemas.key(path: path, method: method)
                if result[key] == nil { result[key] = PathOperation(item: item, operation: operation) }
            }
            for (key, operation) in item.mapping ?? [:] {
                guard let method = key.string else { continue }
                if OpenAPIPruner.methods.contains(method) {
                    add(operation, method: method)
                } else if method == "additionalOperations" {
                    for (name, more) in operation.mapping ?? [:] {
                        if let name = name.string { add(more, method: name) }
                    }
                }
            }
        }
        return result
    }
}

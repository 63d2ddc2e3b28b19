import Yams

/// Each operation's parameters, read from the composed tree (before `OpenAPIPruner` cuts them, so OpenAPIKit never
/// decodes them or their schemas: a fifth of Stripe's import once request bodies were cut): the path item's, then the
/// operation's, references followed to `#/components/parameters` as OpenAPIKit follows them.
struct OpenAPIParameters {
    /// Where a parameter goes (`in`).
    enum Location: String {
        case query, header, path, cookie, querystring
    }

    /// One Parameter Object: what the importer reads of it, and the object for its example (`schema` or `content`).
    struct Parameter {
        var name: String
        var location: Location
        /// A path parameter is always required, as OpenAPIKit has it.
        var required: Bool
        var node: Node
    }

    enum Entry {
        case parameter(Parameter)
        /// A reference that does not resolve.
        case unresolved
        /// No name, or no place OpenAPIKit knows: OpenAPIKit refused the whole document for it.
        case unreadable
    }

    let tree: OpenAPITree
    private let operations: [String: OpenAPITree.PathOperation]

    init(tree: OpenAPITree, operations: [String: OpenAPITree.PathOperation]) {
        self.tree = tree
        self.operations = operations
    }

    /// The parameters as written for the operation at `path` (OpenAPIKit's) and `method`: the path item's first, then
    /// the operation's, each resolved (the caller lets a later one replace an earlier one of the same name and place).
    func parameters(path: String, method: String) -> [Entry] {
        guard let found = operations[OpenAPIResponseSchemas.key(path: path, method: method)] else { return [] }
        let written =
            (OpenAPITree.present(found.item["parameters"])?.sequence.map(Array.init) ?? [])
            + (OpenAPITree.present(found.operation["parameters"])?.sequence.map(Array.init) ?? [])
        return written.map(entry)
    }

    private func entry(_ written: Node) -> Entry {
        var node = written
        if let reference = OpenAPITree.reference(in: written, kind: "parameters") {
            // 3.0's component parameters are never references themselves (OpenAPIKit30 does not chain them).
            guard let target = tree.resolve(reference, kind: "parameters", chains: tree.modern) else {
                return .unresolved
            }
            node = target
        }
        guard let name = OpenAPITree.present(node["name"])?.scalar?.string,
            let location = OpenAPITree.present(node["in"])?.scalar.flatMap({ Location(rawValue: $0.string) })
        else { return .unreadable }
        let required = location == .path || OpenAPITree.bool(node["required"]) == true
        return .parameter(Parameter(name: name, location: location, required: required, node: node))
    }
}

import Foundation
import Yams

/// Cuts a composed OpenAPI 3 tree down to what the importer reads, before OpenAPIKit decodes it: decoding every
/// component schema of a large document (Stripe's: thousands of schemas, most only reached from responses) was
/// nearly all of an import's time. Kept: every top-level key but `webhooks` and `components`; each path item without
/// `parameters`, each operation without `callbacks` (not read), `requestBody` and `parameters` (read from the composed
/// tree instead: `OpenAPIRequestBodies`, `OpenAPIParameters`) and with its responses an empty map; the
/// security schemes; and the
/// components reachable by `$ref` from what is kept (followed with a visited set, so recursive schemas end).
enum OpenAPIPruner {
    /// Operation keys of a path item (3.2's `query` included); `additionalOperations` are left as they are.
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    /// The pruned tree, or nil when pruning could drop something read: a local reference outside
    /// `#/components/KIND/NAME` (into `paths`, say), or a tree that is not a mapping with mappings where expected.
    static func prune(_ root: Node) -> Node? {
        guard case .mapping(let top) = root else { return nil }
        var pairs: [(Node, Node)] = []
        var components: Node.Mapping?
        for (key, value) in top {
            switch key.string {
            case "webhooks": continue
            case "components":
                guard case .mapping(let mapping) = value else { return nil }
                components = mapping
            case "paths":
                guard case .mapping(let paths) = value else { return nil }
                pairs.append((key, .mapping(prunedPaths(paths))))
            default: pairs.append((key, value))
            }
        }
        guard let components else { return root }
        var byName: [String: [String: Node]] = [:]
        for (key, value) in components {
            guard let kind = key.string, case .mapping(let entries) = value else { continue }
            var named: [String: Node] = [:]
            for (name, entry) in entries { if let name = name.string { named[name] = entry } }
            byName[kind] = named
        }
        var reached: [String: Set<String>] = [:]
        var pending: [Node] = pairs.map(\.1)
        if let schemes = components["securitySchemes"] { pending.append(schemes) }
        var references: [String] = []
        while let node = pending.popLast() {
            references.removeAll(keepingCapacity: true)
            collect(node, into: &references)
            for reference in references where reference.hasPrefix("#") {
                guard let (kind, name) = target(reference) else { return nil }
                guard !(reached[kind]?.contains(name) ?? false) else { continue }
                reached[kind, default: []].insert(name)
                if let found = byName[kind]?[name] { pending.append(found) }
            }
        }
        var kept: [(Node, Node)] = []
        for (key, value) in components {
            guard let kind = key.string, kind != "securitySchemes", case .mapping(let entries) = value else {
                kept.append((key, value))
                continue
            }
            let names = reached[kind] ?? []
            let entriesKept = entries.filter { names.contains($0.key.string ?? "") }.map { ($0.key, $0.value) }
            kept.append((key, .mapping(Node.Mapping(entriesKept, value.tag, entries.style, value.mark))))
        }
        pairs.append((SwaggerConverter.node("components"), .mapping(Node.Mapping(kept, root.tag))))
        return .mapping(Node.Mapping(pairs, root.tag, top.style, root.mark))
    }

    /// Each path item without parameters, each operation without callbacks, request body or parameters, its responses
    /// an empty map.
    static func prunedPaths(_ paths: Node.Mapping) -> Node.Mapping {
        var paths = paths
        for index in paths.indices {
            guard case .mapping(var item) = paths[index].value else { continue }
            // Read from the composed tree (`OpenAPIParameters`), as the operations' are below.
            item["parameters"] = nil
            for itemIndex in item.indices {
                guard let method = item[itemIndex].key.string, methods.contains(method),
                    case .mapping(var operation) = item[itemIndex].value
                else { continue }
                operation["callbacks"] = nil
                // Read from the composed tree (`OpenAPIRequestBodies`): decoding their schemas was most of the rest.
                operation["requestBody"] = nil
                // Also read from the tree: decoding their schemas was most of what OpenAPIKit still did.
                operation["parameters"] = nil
                if operation["responses"] != nil {
                    // Read from the composed tree (`OpenAPIResponseSchemas`); an empty map still decodes (3.0 needs
                    // the key), and decoding each status as a reference first, then a response, was 5 % of Stripe's
                    // import.
                    operation["responses"] = .mapping(Node.Mapping([]))
                }
                item[itemIndex] = (item[itemIndex].key, .mapping(operation))
            }
            paths[index] = (paths[index].key, .mapping(item))
        }
        return paths
    }

    /// Every `$ref` value under `node`. A property or example key spelled `$ref` counts too: keeping a little more
    /// is harmless.
    static func collect(_ node: Node, into references: inout [String]) {
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                if key.string == "$ref", let reference = value.string {
                    references.append(reference)
                } else {
                    collect(value, into: &references)
                }
            }
        case .sequence(let sequence):
            for item in sequence { collect(item, into: &references) }
        case .scalar, .alias:
            return
        }
    }

    /// `#/components/schemas/A~1B/properties/x` → (`schemas`, `A/B`): a reference into a component keeps all of
    /// it. Nil for any other local reference.
    static func target(_ reference: String) -> (kind: String, name: String)? {
        let parts = reference.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0].isEmpty, parts[1] == "components" else { return nil }
        let escaped = String(parts[3]).removingPercentEncoding ?? String(parts[3])
        let name = escaped.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        return (String(parts[2]), name)
    }
}

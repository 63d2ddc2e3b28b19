import Foundation
import OpenAPIKit
import Yams

/// The components of a composed OpenAPI tree by kind and name, with `$ref`s read and followed as OpenAPIKit reads and
/// follows them: what request bodies are read from (`OpenAPIRequestBodies`, `SchemaExample`), since OpenAPIKit no
/// longer decodes them (decoding Stripe's request-body schemas was 60% of its import). Where OpenAPIKit's rules are
/// odd (a reference into a component is no reference), they are kept, so an import writes what it wrote before.
struct OpenAPITree {
    /// A 3.1 (or later) document. In 3.0, component request bodies, examples and media types are never references
    /// themselves, and media types and schemas read a few keys differently (see `SchemaNode`).
    let modern: Bool
    private let components: [String: [String: Node]]

    init(root: Node, modern: Bool) {
        self.modern = modern
        var components: [String: [String: Node]] = [:]
        for (key, value) in root["components"]?.mapping ?? [:] {
            guard let kind = key.string, case .mapping(let entries) = value else { continue }
            var named: [String: Node] = [:]
            // A repeated name: the decoder reads the first.
            for (name, entry) in entries { if let name = name.string, named[name] == nil { named[name] = entry } }
            components[kind] = named
        }
        self.components = components
    }

    /// A `$ref` OpenAPIKit reads as a reference to a component of one kind.
    struct Reference {
        /// The reference as OpenAPIKit writes it back: what cycles are told by.
        var key: String
        /// The component's name (for a local reference outside the components, OpenAPIKit looks up its last part);
        /// nil for a reference into another document, which never resolves.
        var name: String?
    }

    /// The `$ref` of `node`, read as a reference to a component of `kind`; nil when there is none or OpenAPIKit
    /// cannot read it as one (it then reads the object as if the `$ref` were not there).
    static func reference(in node: Node, kind: String) -> Reference? {
        guard case .mapping(let mapping) = node else { return nil }
        // The decoder reads a repeated key's first value.
        guard let value = mapping.first(where: { $0.key.string == "$ref" })?.value, let text = value.scalar?.string
        else { return nil }
        return reference(text, kind: kind)
    }

    /// `#/components/KIND/NAME` (exactly three parts; other `#/components/…` references are refused), another local
    /// reference (its last part names the component), or a URL (never resolved).
    static func reference(_ text: String, kind: String) -> Reference? {
        guard let first = text.first else { return nil }
        guard first == "#" else {
            #if canImport(FoundationEssentials)
                let url = URL(string: text, encodingInvalidCharacters: false)
            #else
                let url = URL(string: text)
            #endif
            return url == nil ? nil : Reference(key: text, name: nil)
        }
        let fragment = text.dropFirst()
        guard fragment.hasPrefix("/components") else {
            let parts = fragment.split(separator: "/").map(String.init)
            return Reference(key: "#/" + parts.joined(separator: "/"), name: parts.last)
        }
        guard fragment.hasPrefix("/components/\(kind)") else { return nil }
        let parts = fragment.split(separator: "/")
        guard parts.count == 3 else { return nil }
        return Reference(key: "#/components/\(kind)/\(parts[2])", name: String(parts[2]))
    }

    /// The component of `kind` called `name` (only a valid component key names one).
    func component(_ kind: String, _ name: String?) -> Node? {
        guard let name, Self.isComponentKey(name) else { return nil }
        return components[kind]?[name]
    }

    /// What `reference` leads to: with `chains`, references between components are followed until one is not;
    /// nil for a cycle, another document or a missing component.
    func resolve(_ reference: Reference, kind: String, chains: Bool) -> Node? {
        var visited: Set<String> = []
        var current = reference
        while visited.insert(current.key).inserted {
            guard let node = component(kind, current.name) else { return nil }
            guard chains, let next = Self.reference(in: node, kind: kind) else { return node }
            current = next
        }
        return nil
    }

    /// A schema, or the one its reference leads to (a chain of schema references is followed in every version);
    /// nil when the reference does not resolve.
    func schema(_ node: Node) -> SchemaNode? {
        let schema = SchemaNode(node, modern: modern)
        guard let reference = schema.reference else { return schema }
        return resolveSchema(reference).map { SchemaNode($0, modern: modern) }
    }

    func resolveSchema(_ reference: Reference) -> Node? {
        resolve(reference, kind: "schemas", chains: true)
    }

    /// The value of `node` when it has one: a key whose value is YAML's null counts as missing, as for the decoder.
    static func present(_ node: Node?) -> Node? {
        guard let node, node.null == nil else { return nil }
        return node
    }

    /// `node` decoded as OpenAPIKit decodes examples, defaults and allowed values (the same decoder, so `yes` is
    /// true and `1.50` a number as before).
    static func value(_ node: Node) -> AnyCodable? {
        try? YAMLDecoder().decode(AnyCodable.self, from: node)
    }

    /// What the decoder reads as a `Bool` (`yes` is true, a quoted `"true"` is none), without a decoder: making one
    /// for each parameter's `required` was 2 % of Stripe's import.
    static func bool(_ node: Node?) -> Bool? {
        present(node)?.scalar.flatMap(Bool.construct(from:))
    }

    private static let componentKeyCharacters: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-_.")
        return allowed
    }()

    static func isComponentKey(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { componentKeyCharacters.contains($0) }
    }
}

import ExplorerCore
import OpenAPIKit
import Yams

/// Request bodies, read from the composed tree (`OpenAPIRequestBodies`) as OpenAPIKit read them before it stopped
/// decoding them: a JSON body's example, a form's fields, a text body's example, else a file.
extension OpenAPIImporter {
    static func body(
        _ types: [OpenAPIRequestBodies.Content], id: String, tree: OpenAPITree, notes: inout [String]
    ) -> BodyTemplate? {
        if let json = types.first(where: { MediaType.isJSON($0.type) }) {
            return .json(example(json.content, tree: tree))
        }
        if let form = types.first(where: { $0.type.hasPrefix("application/x-www-form-urlencoded") }) {
            return .form(fields(form.content, tree: tree))
        }
        if let form = types.first(where: { $0.type.hasPrefix("multipart/form-data") }) {
            return .multipart(fields(form.content, tree: tree))
        }
        guard let first = types.first else { return nil }
        if first.type.hasPrefix("text/") {
            let text = scalarText(example(first.content, tree: tree))
            return .text(Template(text), contentType: first.type)
        }
        notes.append("\(id): a \(first.type) body is sent from a file: change `@./\(id).body` to yours")
        return .file(Template("@./\(id).body"), contentType: first.type)
    }

    /// The Media Type Object's `example`, else its first example with a value, else the first example's (followed to
    /// `#/components/examples`), else one made up from its schema.
    static func example(_ content: Node?, tree: OpenAPITree) -> TemplateValue {
        if let value = exampleValue(content, tree: tree) { return templateValue(value.value) }
        guard let schema = OpenAPITree.present(content?["schema"]) else { return .object([]) }
        return SchemaExample.make(schema, tree: tree)
    }

    /// OpenAPIKit's `example` of a Media Type Object or a parameter (its `example`, else its first example with a
    /// value), then, `followingReferences`, the value of the first example followed to `#/components/examples`.
    static func exampleValue(_ content: Node?, tree: OpenAPITree, followingReferences: Bool = true) -> AnyCodable? {
        guard let content, content.mapping != nil else { return nil }
        if let example = content["example"] { return OpenAPITree.value(example) }
        guard let examples = OpenAPITree.present(content["examples"])?.mapping else { return nil }
        for (_, example) in examples where OpenAPITree.reference(in: example, kind: "examples") == nil {
            if let value = value(ofExample: example, modern: tree.modern) { return value }
        }
        guard followingReferences, let first = examples.first?.value else { return nil }
        guard let reference = OpenAPITree.reference(in: first, kind: "examples") else { return nil }
        return tree.resolve(reference, kind: "examples", chains: tree.modern).flatMap {
            value(ofExample: $0, modern: tree.modern)
        }
    }

    /// An Example Object's value: 3.1's `value`, else `dataValue`; 3.0's `value` unless it has an `externalValue`.
    private static func value(ofExample example: Node, modern: Bool) -> AnyCodable? {
        if modern {
            let value = OpenAPITree.present(example["value"]) ?? OpenAPITree.present(example["dataValue"])
            return value.flatMap(OpenAPITree.value)
        }
        if OpenAPITree.present(example["externalValue"]) != nil { return nil }
        return OpenAPITree.present(example["value"]).flatMap(OpenAPITree.value)
    }

    /// Form fields from an object schema's properties (files as `@./name`; an array of files or values as one
    /// field per item, so a multipart array is repeated fields, not a JSON string).
    static func fields(_ content: Node?, tree: OpenAPITree) -> [Parameter] {
        guard let node = OpenAPITree.present(content?["schema"]), let schema = tree.schema(node),
            schema.kind == .object
        else { return [] }
        return schema.properties.map { name, property in
            let resolved = tree.schema(property) ?? SchemaNode(property, modern: tree.modern)
            if resolved.formatString == "binary" || resolved.formatString == "byte" {
                return Parameter(name, Template("@./\(name)"))
            }
            if resolved.kind == .array {
                let item = resolved.items.flatMap { tree.schema($0) }
                if item?.formatString == "binary" || item?.formatString == "byte" {
                    return Parameter(name, Template("@./\(name)"))
                }
                let value = SchemaExample.make(property, tree: tree, depth: 1)
                if case .array(let items) = value {
                    let scalars = items.filter(isScalar).map { Template(scalarText($0)) }
                    return Parameter(name: name, values: scalars.isEmpty ? [""] : scalars)
                }
            }
            return Parameter(name, Template(scalarText(SchemaExample.make(property, tree: tree, depth: 1))))
        }
    }

    static func isScalar(_ value: TemplateValue) -> Bool {
        switch value {
        case .array, .object: false
        case .null, .bool, .number, .string: true
        }
    }
}

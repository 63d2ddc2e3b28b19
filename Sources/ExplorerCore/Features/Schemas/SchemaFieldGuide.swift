import Foundation

/// What a request-body schema says of the fields of a body, for the explorer's hints: each field's type,
/// description, allowed values and whether it is required, found by its path from the body's root (`["owner",
/// "name"]`, `[]` for an array's items: `["tags", "[]", "name"]`).
///
/// It reads the schemas as written (the profile's and the side file's JSON), not the compiled validator: a hint needs
/// the words of `description` and the list of `enum`, which validation does not keep. References are followed by
/// name (`#/components/schemas/NAME`, then a pointer inside it); `allOf` members are merged, `anyOf`/`oneOf`
/// alternatives are searched for the field (their values and types joined). Bounded: at most `maxHops` references
/// followed on one step and `maxSchemas` subschemas looked at for one field, so a cycle or a hostile schema costs
/// little.
package struct SchemaFieldGuide: Sendable {
    /// What the schema says of one field.
    package struct Field: Sendable, Hashable {
        /// The field's name (the last part of its path; `[]` for an array item).
        package var name: String
        /// Its JSON types, as the schema names them (`string`, `integer`, …), in the order first written.
        package var types: [String] = []
        /// `format`, when one is given (`date-time`, `email`, …).
        package var format: String?
        package var description: String?
        /// The values `enum` (or `const`, or a boolean type) allows, in the schema's order; empty when any value goes.
        package var allowed: [JSONValue] = []
        /// Whether the object holding it requires it (in a request: `readOnly` members never are).
        package var isRequired = false
        /// `readOnly`: the server sets it; a request need not send it.
        package var isReadOnly = false

        /// One line for a status bar: `status: string, required — pet status in the store · one of available,
        /// pending, sold`. Not escaped: the caller escapes it for the terminal.
        package var summary: String {
            var parts = [types.isEmpty ? "any type" : types.joined(separator: " or ")]
            if let format { parts[0] += " (\(format))" }
            parts.append(isRequired ? "required" : isReadOnly ? "read-only" : "optional")
            var line = "\(name): " + parts.joined(separator: ", ")
            if let description, !description.isEmpty {
                line += " — " + description.split(whereSeparator: \.isNewline).joined(separator: " ")
            }
            if !allowed.isEmpty {
                let shown = allowed.prefix(8).map(\.compactText).joined(separator: ", ")
                line += " · one of \(shown)" + (allowed.count > 8 ? ", … (\(allowed.count))" : "")
            }
            return line
        }
    }

    /// At most this many `$ref`s followed in a row.
    static let maxHops = 32
    /// At most this many subschemas looked at to find one field (through `allOf`, `anyOf`, `oneOf`).
    static let maxSchemas = 256
    /// At most this many values offered by a picker.
    package static let maxAllowed = 500

    /// The profile's own schemas by name, which win over the side file's (read once per loaded profile).
    private let inline: JSONObject
    private let side: JSONObject
    /// The schema of the whole body.
    private let root: JSONValue
    /// The schema's name.
    package let name: String

    /// The guide to the body schema `name` of `schemas`; nil when no schema has that name (or the side file does
    /// not read).
    package init?(schema name: String, schemas: ProfileSchemas) {
        inline = schemas.inline
        side = (try? schemas.sideSchemas().get()) ?? JSONObject()
        guard let root = inline[name] ?? side[name] else { return nil }
        self.root = root
        self.name = name
    }

    /// What the schema says of the field at `path`; nil when it says nothing of it (or the path is empty).
    package func field(at path: [String]) -> Field? {
        guard let last = path.last else { return nil }
        var parent = [root]
        for key in path.dropLast() {
            parent = children(of: parent, key)
            if parent.isEmpty { return nil }
        }
        let found = children(of: parent, last)
        guard !found.isEmpty else { return nil }
        var field = Field(name: last)
        field.isRequired = last != "[]" && required(in: parent).contains(last)
        for schema in expanded(found, alternatives: true) {
            guard case .object(let members) = schema else { continue }
            if case .string(let type)? = members["type"], !field.types.contains(type) { field.types.append(type) }
            if case .array(let types)? = members["type"] {
                for case .string(let type) in types where !field.types.contains(type) { field.types.append(type) }
            }
            if field.format == nil, case .string(let format)? = members["format"] { field.format = format }
            if field.description == nil, case .string(let text)? = members["description"] { field.description = text }
            if case .array(let values)? = members["enum"] {
                for value in values where field.allowed.count < Self.maxAllowed && !field.allowed.contains(value) {
                    field.allowed.append(value)
                }
            }
            if let value = members["const"], field.allowed.count < Self.maxAllowed, !field.allowed.contains(value) {
                field.allowed.append(value)
            }
            if members["readOnly"] == .bool(true) { field.isReadOnly = true }
        }
        if field.isReadOnly { field.isRequired = false }
        if field.allowed.isEmpty, field.types == ["boolean"] { field.allowed = [.bool(true), .bool(false)] }
        return field
    }

    /// The names the object at `path` requires (`[]`: the body's root), `readOnly` ones left out, in the schema's
    /// order.
    package func requiredNames(at path: [String]) -> [String] {
        var parent = [root]
        for key in path {
            parent = children(of: parent, key)
            if parent.isEmpty { return [] }
        }
        return required(in: parent).filter { name in field(at: path + [name])?.isReadOnly != true }
    }

    // MARK: - Walking the schemas

    /// The schemas that describe member `key` (or the items, `[]`) of a value described by `schemas`.
    private func children(of schemas: [JSONValue], _ key: String) -> [JSONValue] {
        var found: [JSONValue] = []
        for schema in expanded(schemas, alternatives: true) {
            guard case .object(let members) = schema else { continue }
            if key == "[]" {
                if let items = members["items"], case .object = items { found.append(items) }
                if case .array(let prefix)? = members["prefixItems"], let first = prefix.first { found.append(first) }
            } else if case .object(let properties)? = members["properties"], let property = properties[key] {
                found.append(property)
            } else if let extra = members["additionalProperties"], case .object = extra {
                found.append(extra)
            }
        }
        return found
    }

    /// The names required of a value described by `schemas`: its own `required` and its `allOf` members' (an
    /// `anyOf`/`oneOf` alternative's are not: which one applies is not known).
    private func required(in schemas: [JSONValue]) -> [String] {
        var names: [String] = []
        for schema in expanded(schemas, alternatives: false) {
            guard case .object(let members) = schema, case .array(let list)? = members["required"] else { continue }
            for case .string(let name) in list where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `schemas` with their references followed and their `allOf` members (and, with `alternatives`, their `anyOf`
    /// and `oneOf` ones) added after them, each once, at most `maxSchemas`.
    private func expanded(_ schemas: [JSONValue], alternatives: Bool) -> [JSONValue] {
        var result: [JSONValue] = []
        var queue = schemas
        var index = 0
        while index < queue.count, result.count < Self.maxSchemas {
            let schema = resolved(queue[index])
            index += 1
            guard case .object(let members) = schema else { continue }
            if result.contains(schema) { continue }
            result.append(schema)
            let keys = alternatives ? ["allOf", "anyOf", "oneOf"] : ["allOf"]
            for key in keys {
                if case .array(let parts)? = members[key] { queue.append(contentsOf: parts.prefix(Self.maxSchemas)) }
            }
        }
        return result
    }

    /// `schema` with its `$ref` followed (`#/components/schemas/NAME…`), at most `maxHops` times; a reference to
    /// anything else, or to nothing, is an empty schema.
    private func resolved(_ schema: JSONValue) -> JSONValue {
        var current = schema
        for _ in 0..<Self.maxHops {
            guard case .object(let members) = current, case .string(let reference)? = members["$ref"] else {
                return current
            }
            guard reference.hasPrefix("#"),
                let tokens = SchemaURI.pointerTokens(
                    String(reference.dropFirst()).removingPercentEncoding ?? String(reference.dropFirst())),
                tokens.count >= 3, tokens[0] == "components", tokens[1] == "schemas",
                var target = inline[tokens[2]] ?? side[tokens[2]]
            else { return .object(JSONObject()) }
            for token in tokens.dropFirst(3) {
                switch target {
                case .object(let object): target = object[token] ?? .null
                case .array(let items):
                    target = Int(token).flatMap { items.indices.contains($0) ? items[$0] : nil } ?? .null
                default: target = .null
                }
            }
            current = target
        }
        return .object(JSONObject())
    }
}

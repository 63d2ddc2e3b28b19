import Yams

/// Fixes, in the composed tree before OpenAPIKit decodes it, what real documents carry and OpenAPIKit refuses:
/// OpenAPI 3.0 idioms in 3.1 documents (`nullable`, boolean `exclusiveMinimum` / `exclusiveMaximum`) and integer
/// bounds beyond 64 bits. Each fix-up becomes a note naming where it was made.
struct OpenAPIFixups {
    /// A 3.1 (or later) document: the 3.0 idioms are rewritten. Out-of-range bounds are clamped in every version.
    var modern: Bool
    /// Notes listed one by one per kind of fix-up; past this many, one line counts the rest.
    static let notesPerKind = 10

    private static let integerKeys: Set<String> = [
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
        "minItems", "maxItems", "minProperties", "maxProperties",
    ]
    private static let triggers = integerKeys.union(["nullable"])
    private static let lengthKeys: Set<String> = [
        "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties",
    ]

    /// The fixed tree, or nil when nothing needed fixing.
    func fix(_ root: Node, notes: inout [String]) -> Node? {
        var found: [String: [String]] = [:]
        var order: [String] = []
        var path: [String] = ["#"]
        let fixed = visit(root, path: &path) { kind, place in
            if found[kind] == nil { order.append(kind) }
            found[kind, default: []].append(place)
        }
        for kind in order {
            let places = found[kind] ?? []
            for place in places.prefix(Self.notesPerKind) { notes.append("\(kind) at \(place)") }
            if places.count > Self.notesPerKind {
                notes.append("\(kind) in \(places.count - Self.notesPerKind) more places")
            }
        }
        return fixed
    }

    private func visit(_ node: Node, path: inout [String], note: (String, String) -> Void) -> Node? {
        switch node {
        case .mapping(var mapping):
            var changed = false
            for index in mapping.indices {
                let (key, value) = mapping[index]
                path.append(key.string ?? "?")
                if let new = visit(value, path: &path, note: note) {
                    mapping[index] = (key, new)
                    changed = true
                }
                path.removeLast()
            }
            if fixSchema(&mapping, at: path, note: note) { changed = true }
            return changed ? .mapping(mapping) : nil
        case .sequence(var sequence):
            var changed = false
            for index in sequence.indices {
                path.append(String(index))
                if let new = visit(sequence[index], path: &path, note: note) {
                    sequence[index] = new
                    changed = true
                }
                path.removeLast()
            }
            return changed ? .sequence(sequence) : nil
        case .scalar, .alias:
            return nil
        }
    }

    /// Fixes one mapping in place; true when it changed.
    private func fixSchema(_ mapping: inout Node.Mapping, at path: [String], note: (String, String) -> Void) -> Bool {
        // Most mappings hold none of the keys fixed here: one pass over their keys says so.
        guard mapping.keys.contains(where: { Self.triggers.contains($0.scalar?.string ?? "") }) else { return false }
        var changed = false
        var place: String { path.joined(separator: "/") }
        if modern, let flag = Self.flag(mapping["nullable"]) {
            mapping["nullable"] = nil
            changed = true
            if flag, let type = mapping["type"] {
                if let single = type.string {
                    mapping["type"] = SwaggerConverter.node([
                        SwaggerConverter.node(single), SwaggerConverter.node("null"),
                    ])
                } else if case .sequence(var types) = type, !types.contains(where: { $0.string == "null" }) {
                    types.append(SwaggerConverter.node("null"))
                    mapping["type"] = .sequence(types)
                }
                note("`nullable: true` (OpenAPI 3.0) read as a `null` type", place)
            } else {
                note("`nullable: \(flag)` (OpenAPI 3.0) dropped", place)
            }
        }
        if modern {
            for (exclusive, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
                guard let flag = Self.flag(mapping[exclusive]) else { continue }
                mapping[exclusive] = nil
                changed = true
                if flag, let value = mapping[bound] {
                    mapping[bound] = nil
                    mapping[exclusive] = value
                    note("`\(exclusive): true` with `\(bound)` (OpenAPI 3.0) read as `\(exclusive)`", place)
                } else {
                    note("`\(exclusive): \(flag)` (OpenAPI 3.0) dropped", place)
                }
            }
        }
        let types = mapping["type"].map { $0.string.map { [$0] } ?? $0.array().compactMap(\.string) } ?? []
        let integral = types.contains("integer")
        for key in Self.integerKeys {
            guard let scalar = mapping[key]?.scalar, integral || Self.lengthKeys.contains(key) else { continue }
            guard let clamped = Self.clamped(scalar.string) else { continue }
            mapping[key] = SwaggerConverter.node(clamped)
            changed = true
            note("`\(key): \(scalar.string)` is beyond a 64-bit integer: read as \(clamped)", place)
        }
        return changed
    }

    /// A YAML boolean, read from the text: the tree is composed as YAMLDecoder composes it, every scalar a string.
    static func flag(_ node: Node?) -> Bool? {
        switch node?.scalar?.string.lowercased() {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// A number outside Int64 (written as an integer or not), as the nearest Int64; nil when it fits or is not a
    /// number.
    static func clamped(_ text: String) -> String? {
        if Int64(text) != nil { return nil }
        guard let value = Double(text), value.isFinite || value.isInfinite else { return nil }
        if value >= Double(Int64.max) { return String(Int64.max) }
        if value <= Double(Int64.min) { return String(Int64.min) }
        return nil
    }
}

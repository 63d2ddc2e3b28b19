import Yams

/// A composed YAML node as the profile readers see it: its content, its written tag and where it starts.
///
/// `YAMLComposer` builds these straight from libyaml's events. Yams' `Node` costs several heap objects per node (a
/// `Tag` class holding a resolver and a constructor, an event object, anchors); here a node is a value, short scalars
/// live inline in their `String`, and a 2,000-endpoint profile composes in about half the time. Aliases are copies
/// of their anchor's node (arrays share storage, so a copy is cheap), as in Yams.
struct YAMLNode: Equatable {
    enum Content: Equatable {
        case scalar(Scalar)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    struct Scalar: Equatable {
        var string: String
        var style: Node.Scalar.Style
    }

    struct Pair: Equatable {
        var key: YAMLNode
        var value: YAMLNode
    }

    var content: Content
    /// The tag as written (`!!str`, `!`, a quoted scalar's implied `!!str`); empty when implicit.
    var tag: String
    /// 1-based, as Yams' `Mark`.
    var line: Int
    var column: Int

    var scalar: Scalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    var mapping: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The value of a mapping's key written as plain text.
    subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.scalar?.string == key && $0.key.resolvedTag == Tag.Name.str.rawValue }?.value
    }

    /// The tag Yams resolves with `Resolver.basic` (no rules): what duplicate keys are compared by.
    var resolvedTag: String {
        switch content {
        case .scalar: return tag.isEmpty || tag == Tag.Name.nonSpecific.rawValue ? Tag.Name.str.rawValue : tag
        case .sequence: return tag.isEmpty || tag == Tag.Name.nonSpecific.rawValue ? Tag.Name.seq.rawValue : tag
        case .mapping: return tag.isEmpty || tag == Tag.Name.nonSpecific.rawValue ? Tag.Name.map.rawValue : tag
        }
    }

    /// Equal as Yams compares keys: same content and resolved tag, wherever written.
    func sameValue(as other: YAMLNode) -> Bool {
        guard resolvedTag == other.resolvedTag else { return false }
        switch (content, other.content) {
        case (.scalar(let a), .scalar(let b)): return a.string == b.string
        case (.sequence(let a), .sequence(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.sameValue(as: $1) }
        case (.mapping(let a), .mapping(let b)):
            return a.count == b.count
                && zip(a, b).allSatisfy { $0.key.sameValue(as: $1.key) && $0.value.sameValue(as: $1.value) }
        default: return false
        }
    }

    // Booleans and numbers as Yams constructs them (`yes`, `0x1F`, `1_000`, `1:30`, `.inf`): only a few scalars of a
    // profile ask, so a Yams scalar is made for each (with the rule-less resolver: the default one compiles its
    // regular expressions, which starts ICU).

    var bool: Bool? { yamsScalar.flatMap(Bool.construct(from:)) }
    var int: Int? { yamsScalar.flatMap(Int.construct(from:)) }
    var float: Double? { yamsScalar.flatMap(Double.construct(from:)) }

    private var yamsScalar: Node.Scalar? {
        scalar.map {
            Node.Scalar($0.string, Tag(Tag.Name(rawValue: tag), .basic, Constructor([:], [:], [:])), $0.style)
        }
    }
}

/// YAML 1.1's merge key, which profiles may use to share keys between endpoints or environments:
///
///     x-defaults: &defaults { method: POST, headers: { X-Team: core } }
///     endpoints:
///       - { <<: *defaults, id: create, path: /items }
///
/// `<<` (plain, untagged, or tagged `!!merge`) names a mapping, or a list of them; their keys join the mapping where
/// `<<` stood, unless the mapping has the key itself, and an earlier mapping of the list wins over a later one
/// (yaml.org/type/merge.html, and what Yams' constructor does). The merge is shallow: a key's whole value comes from
/// one place. A `<<` whose value is not a mapping or a list of them stays an ordinary key, for the reader to refuse.
enum YAMLMergeKey {
    static func isMergeKey(_ node: YAMLNode) -> Bool {
        guard let scalar = node.scalar, scalar.string == "<<" else { return false }
        // Untagged and plain (`"<<"` or `! <<` is a string key), or tagged `!!merge`.
        return (scalar.style == .plain && node.tag.isEmpty) || node.tag == "tag:yaml.org,2002:merge"
    }

    /// `pairs` with their merge keys replaced by the keys they bring.
    static func merged(_ pairs: [YAMLNode.Pair]) -> [YAMLNode.Pair] {
        guard pairs.contains(where: { isMergeKey($0.key) }) else { return pairs }
        // Keys already present, by tag and text (a profile's keys are strings); other keys compared one by one.
        var taken = Set<String>()
        var takenOthers: [YAMLNode] = []
        func take(_ key: YAMLNode) -> Bool {
            if let scalar = key.scalar { return taken.insert(key.resolvedTag + "\u{0}" + scalar.string).inserted }
            if takenOthers.contains(where: { $0.sameValue(as: key) }) { return false }
            takenOthers.append(key)
            return true
        }
        let sources = pairs.map { pair -> [YAMLNode]? in
            guard isMergeKey(pair.key) else { return nil }
            switch pair.value.content {
            case .mapping: return [pair.value]
            case .sequence(let items) where items.allSatisfy({ $0.mapping != nil }): return items
            default: return nil
            }
        }
        // The mapping's own keys first, so none of them is taken by a merged one.
        for (pair, merge) in zip(pairs, sources) where merge == nil { _ = take(pair.key) }
        var result: [YAMLNode.Pair] = []
        result.reserveCapacity(pairs.count)
        for (pair, merge) in zip(pairs, sources) {
            guard let merge else {
                result.append(pair)
                continue
            }
            for source in merge {
                for candidate in source.mapping ?? [] where take(candidate.key) { result.append(candidate) }
            }
        }
        return result
    }
}

import GraphQL

/// Operations and fragments that share a name (anonymous operations count as one name). GraphQLSwift's validation
/// keeps caches keyed by operation and by fragment, hashing each by identity but comparing them by content: two equal
/// definitions in one document made a dictionary trap at random (`Duplicate keys of type 'OperationDefinition'`;
/// found by fuzzing). Pasting a copy of an operation in the explorer, which checks the query as you type, did it.
/// Equal definitions always share a name, so the document is validated without each name's later definitions,
/// blanked out in place (offsets and lines stay), and the names are reported in GraphQLSwift's own words.
struct GraphQLNamesakes {
    /// UTF-8 ranges of the definitions left out of validation.
    private(set) var blanked: [Range<Int>] = []
    /// What the uniqueness rules say about them, at UTF-8 offsets.
    private(set) var problems: [(offset: Int, message: String)] = []

    /// Nil when every name is defined once (the document is validated as it is).
    init?(_ document: Document) {
        var operations: [String?: [OperationDefinition]] = [:]
        var fragments: [String: [FragmentDefinition]] = [:]
        var operationCount = 0
        // A definition runs to the next one's start (GraphQLSwift's end offsets are not always past the start).
        let starts = document.definitions.map { $0.loc?.start ?? 0 }
        // By identity: operations and fragments are classes, and compare by content (the trap above).
        var extent: [ObjectIdentifier: Range<Int>] = [:]
        for (index, definition) in document.definitions.enumerated() {
            let object: AnyObject
            if let operation = definition as? OperationDefinition {
                operations[operation.name?.value, default: []].append(operation)
                operationCount += 1
                object = operation
            } else if let fragment = definition as? FragmentDefinition {
                fragments[fragment.name.value, default: []].append(fragment)
                object = fragment
            } else {
                continue
            }
            let end = index + 1 < starts.count ? starts[index + 1] : Int.max
            if starts[index] <= end {
                extent[ObjectIdentifier(object)] = starts[index]..<end
            }
        }
        func range(_ definition: AnyObject) -> Range<Int>? { extent[ObjectIdentifier(definition)] }
        guard operations.values.contains(where: { $0.count > 1 }) || fragments.values.contains(where: { $0.count > 1 })
        else { return nil }
        for (name, namesakes) in operations where namesakes.count > 1 {
            let later = namesakes.dropFirst()
            blanked += later.compactMap { range($0) }
            if let name {
                let first = namesakes[0].name?.loc?.start ?? 0
                problems += later.map { _ in (first, "There can be only one operation named \"\(name)\".") }
            } else {
                // LoneAnonymousOperationRule reports each anonymous operation of a document with more than one
                // operation; the one kept is reported by it only when other operations are left.
                let left = operationCount - later.count
                let reported = left > 1 ? Array(later) : Array(namesakes)
                problems += reported.map {
                    ($0.loc?.start ?? 0, "This anonymous operation must be the only defined operation.")
                }
            }
        }
        for (name, namesakes) in fragments where namesakes.count > 1 {
            blanked += namesakes.dropFirst().compactMap { range($0) }
            let first = namesakes[0].name.loc?.start ?? 0
            problems += namesakes.dropFirst().map { _ in (first, "There can be only one fragment named \"\(name)\".") }
        }
    }

    /// `text` with the blanked definitions' bytes made spaces, but line ends, so every offset and line stays.
    func blanking(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for range in blanked {
            for index in range.clamped(to: 0..<bytes.count) where bytes[index] != 0x0A && bytes[index] != 0x0D {
                bytes[index] = 0x20
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A tape's node is the offset where its value starts.
extension JSONTape: JSONPathDocument {
    var rootNode: Int { root }

    func kind(of node: Int) -> JSONPathNodeKind { kind(at: node) }

    func forEachChild(
        of node: Int, names: Bool, _ body: (JSONPathNode.Element?, Int) throws(JSONPathStop) -> Void
    ) throws(JSONPathStop) {
        try forEachChild(of: node) { (index, key, value) throws(JSONPathStop) in
            let element: JSONPathNode.Element? =
                if let key { names ? .name(name(of: key)) : nil } else { .index(index) }
            try body(element, value)
            return true
        }
    }

    func member(named name: String, of node: Int) -> Int? {
        var found: Int?
        forEachChild(of: node) { _, key, value in
            if let key, self.key(key, equals: name) { found = value }
            return true
        }
        return found
    }

    func element(at index: Int, of node: Int) -> Int? {
        guard kind(at: node) == .array else { return nil }
        var found: Int?
        forEachChild(of: node) { position, _, value in
            if position == index { found = value }
            return position < index
        }
        return found
    }

    func count(of node: Int) -> Int { childCount(at: node) ?? 0 }

    func elements(of node: Int) -> [Int] {
        guard kind(at: node) == .array else { return [] }
        var elements: [Int] = []
        forEachChild(of: node) { _, _, value in
            elements.append(value)
            return true
        }
        return elements
    }

    func value(of node: Int) -> JSONValue { value(at: node) }

    func string(of node: Int) -> String? { string(at: node) }
}

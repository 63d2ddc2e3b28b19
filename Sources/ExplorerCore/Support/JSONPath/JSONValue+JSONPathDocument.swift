/// A tree is its own document: a node is the value itself.
extension JSONValue: JSONPathDocument {
    var rootNode: JSONValue { self }

    func kind(of node: JSONValue) -> JSONPathNodeKind {
        switch node {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    func forEachChild(
        of node: JSONValue, names: Bool, _ body: (JSONPathNode.Element?, JSONValue) throws(JSONPathStop) -> Void
    ) throws(JSONPathStop) {
        switch node {
        case .array(let elements):
            for (index, element) in elements.enumerated() { try body(.index(index), element) }
        case .object(let object):
            for member in object { try body(.name(member.key), member.value) }
        default: break
        }
    }

    func member(named name: String, of node: JSONValue) -> JSONValue? {
        node.objectValue?[name]
    }

    func element(at index: Int, of node: JSONValue) -> JSONValue? {
        node[index]
    }

    func count(of node: JSONValue) -> Int {
        switch node {
        case .array(let elements): elements.count
        case .object(let object): object.count
        default: 0
        }
    }

    func elements(of node: JSONValue) -> [JSONValue] {
        node.arrayValue ?? []
    }

    func value(of node: JSONValue) -> JSONValue { node }

    func string(of node: JSONValue) -> String? { node.stringValue }
}

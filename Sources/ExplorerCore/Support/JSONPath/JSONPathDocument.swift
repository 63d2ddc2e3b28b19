/// What a JSONPath evaluation reads of a document. `JSONValue` trees answer it (`JSONPath.select`) and so does a
/// `JSONTape` (checks and captures on response bodies), so both run the one evaluator and select the same nodes.
protocol JSONPathDocument {
    /// A value of the document: the value itself for a tree, where it starts for a tape.
    associatedtype Node

    var rootNode: Node { get }

    func kind(of node: Node) -> JSONPathNodeKind

    /// Calls `body` with each child of an array or object, in document order, with its index or (only when `names`
    /// asks for it, since decoding costs) its member name; nothing for a scalar.
    func forEachChild(
        of node: Node, names: Bool, _ body: (JSONPathNode.Element?, Node) throws(JSONPathStop) -> Void
    ) throws(JSONPathStop)

    /// The value of the last member named `name` (duplicates: the last wins, as in `JSONObject`).
    func member(named name: String, of node: Node) -> Node?

    /// The element at `index` (not negative) of an array.
    func element(at index: Int, of node: Node) -> Node?

    /// The number of elements or members of an array or object; 0 for a scalar.
    func count(of node: Node) -> Int

    /// The elements of an array, for slices.
    func elements(of node: Node) -> [Node]

    /// The node as a `JSONValue`, whole.
    func value(of node: Node) -> JSONValue

    /// The string, if the node is one.
    func string(of node: Node) -> String?
}

/// The six kinds of JSON value.
enum JSONPathNodeKind: Sendable {
    case null
    case bool
    case number
    case string
    case array
    case object

    var isContainer: Bool { self == .array || self == .object }
}

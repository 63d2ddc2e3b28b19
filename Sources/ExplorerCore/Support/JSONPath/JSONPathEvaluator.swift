/// Applies a parsed query to a JSON document (RFC 9535 §2.3–2.5), producing nodes in the order the RFC defines.
///
/// Descendant segments visit a node before its descendants and arrays in order (objects in document order, one of
/// the orders the RFC allows). Long walks check for cancellation every few thousand nodes, so a query on a huge
/// body started from a task stops soon after the task is cancelled. Every `match()`/`search()` of one evaluation
/// draws on one `RegexBudget`, and the first pattern that uses it up ends the evaluation. Every node visited (by a
/// descendant segment or as a filter's candidate) and every node a segment selects counts as a step, and an
/// evaluation stops past its step limit: nested filters multiply the work, so a 95-byte query could otherwise take
/// minutes and hundreds of megabytes on a 20-node document. The limit grows with the document (8 steps a node) so
/// that a plain `$..*` over a large body never meets it.
///
/// The document is a `JSONValue` tree or a `JSONTape` over a body's bytes: the evaluator reads it only through
/// `JSONPathDocument`, and turns a node into a `JSONValue` only where a filter compares two containers.
struct JSONPathEvaluator<Document: JSONPathDocument> {
    typealias Stop = JSONPathStop
    private typealias Syntax = JSONPathSyntax

    /// A selected value and where it is, as path elements (member names and array indexes); the location stays
    /// empty when the evaluation does not track it (checks read values only).
    struct Node {
        var node: Document.Node
        var location: [JSONPathNode.Element]
    }

    /// A filter's comparable: a literal of the query, or a node of the document (read as a value when needed).
    private enum Operand {
        case literal(JSONValue)
        case node(Document.Node)
    }

    private let document: Document
    private let tracksLocations: Bool
    private var visited = 0
    /// The limit before the document's size is known: about a million nodes visited or selected, a fraction of a
    /// second in a release build and some tens of megabytes of selected nodes at most.
    static var defaultStepLimit: Int { 1 << 20 }
    /// Steps a document allows per node once its size is counted (`$..*` takes two).
    private static var stepsPerNode: Int { 8 }
    private var stepLimit: Int
    private var limitScaled = false
    private var regexBudget: RegexBudget
    /// Whether a pattern that used up the budget ends the evaluation (checks, which say so) or counts as not
    /// matching (`JSONPath.select`, whose callers expect only cancellation); once spent, no pattern runs again.
    private let stopsOnExpensivePattern: Bool

    init(
        document: Document, tracksLocations: Bool = true, regexBudget: RegexBudget = RegexBudget(),
        stopsOnExpensivePattern: Bool = true, stepLimit: Int = Self.defaultStepLimit
    ) {
        self.document = document
        self.stepLimit = stepLimit
        self.tracksLocations = tracksLocations
        self.regexBudget = regexBudget
        self.stopsOnExpensivePattern = stopsOnExpensivePattern
    }

    mutating func select(_ query: JSONPathSyntax.Query) throws(Stop) -> [Node] {
        try select(query, from: Node(node: document.rootNode, location: []))
    }

    // MARK: - Segments and selectors

    private mutating func select(_ query: Syntax.Query, from start: Node) throws(Stop) -> [Node] {
        var nodes = [start]
        for segment in query.segments {
            var next: [Node] = []
            for node in nodes {
                if segment.isDescendant {
                    try visitDescendants(of: node) { (evaluator, visitedNode) throws(Stop) in
                        try evaluator.apply(segment.selectors, to: visitedNode, into: &next)
                    }
                } else {
                    try apply(segment.selectors, to: node, into: &next)
                }
            }
            try spend(next.count)
            nodes = next
        }
        return nodes
    }

    /// Calls `body` on the node, then on each descendant, children before grandchildren of the same branch.
    private mutating func visitDescendants(
        of node: Node, _ body: (inout JSONPathEvaluator, Node) throws(Stop) -> Void
    ) throws(Stop) {
        try spend()
        try body(&self, node)
        let document = document
        try document.forEachChild(of: node.node, names: tracksLocations) { (element, child) throws(Stop) in
            try visitDescendants(of: located(child, in: node, element), body)
        }
    }

    private func located(_ child: Document.Node, in parent: Node, _ element: JSONPathNode.Element?) -> Node {
        guard tracksLocations, let element else { return Node(node: child, location: []) }
        return Node(node: child, location: parent.location + [element])
    }

    /// Counts `steps`; every 4,096 it checks for cancellation and the step limit, which is first raised to what
    /// the document's size allows (counted once, only by an evaluation that gets that far).
    private mutating func spend(_ steps: Int = 1) throws(Stop) {
        let before = visited
        visited += steps
        guard visited >> 12 != before >> 12 else { return }
        if Task.isCancelled { throw .cancelled }
        guard visited > stepLimit else { return }
        if !limitScaled {
            limitScaled = true
            stepLimit = max(stepLimit, Self.stepsPerNode * nodeCount(document.rootNode))
            if visited <= stepLimit { return }
        }
        throw .tooManySteps(limit: stepLimit)
    }

    /// The number of values in the subtree at `node`, itself included.
    private func nodeCount(_ node: Document.Node) -> Int {
        var count = 1
        try? document.forEachChild(of: node, names: false) { (_, child) throws(Stop) in count += nodeCount(child) }
        return count
    }

    private mutating func apply(
        _ selectors: [Syntax.Selector], to node: Node, into output: inout [Node]
    ) throws(Stop) {
        let document = document
        for selector in selectors {
            switch selector {
            case .name(let name):
                guard document.kind(of: node.node) == .object else { continue }
                if let value = document.member(named: name, of: node.node) {
                    output.append(located(value, in: node, .name(name)))
                }
            case .wildcard:
                try document.forEachChild(of: node.node, names: tracksLocations) { (element, child) throws(Stop) in
                    output.append(located(child, in: node, element))
                }
            case .index(let index):
                guard document.kind(of: node.node) == .array else { continue }
                let resolved = index < 0 ? document.count(of: node.node) + index : index
                if resolved >= 0, let element = document.element(at: resolved, of: node.node) {
                    output.append(located(element, in: node, .index(resolved)))
                }
            case .slice(let start, let end, let step):
                guard document.kind(of: node.node) == .array else { continue }
                let elements = document.elements(of: node.node)
                for index in Self.sliceIndices(count: elements.count, start: start, end: end, step: step ?? 1) {
                    output.append(located(elements[index], in: node, .index(index)))
                }
            case .filter(let expression):
                try document.forEachChild(of: node.node, names: tracksLocations) { (element, child) throws(Stop) in
                    try spend()
                    let candidate = located(child, in: node, element)
                    if try test(expression, current: candidate) { output.append(candidate) }
                }
            }
        }
    }

    /// The indexes a slice selects, in selection order (RFC 9535 §2.3.4.2.2).
    static func sliceIndices(count: Int, start: Int?, end: Int?, step: Int) -> [Int] {
        guard step != 0 else { return [] }
        func normalized(_ bound: Int) -> Int { bound >= 0 ? bound : count + bound }
        if step > 0 {
            let lower = min(max(normalized(start ?? 0), 0), count)
            let upper = min(max(normalized(end ?? count), 0), count)
            return lower < upper ? Array(stride(from: lower, to: upper, by: step)) : []
        }
        let upper = min(max(normalized(start ?? count - 1), -1), count - 1)
        let lower = min(max(normalized(end ?? -count - 1), -1), count - 1)
        return lower < upper ? Array(stride(from: upper, to: lower, by: step)) : []
    }

    // MARK: - Filters

    private mutating func test(_ expression: Syntax.Expression, current: Node) throws(Stop) -> Bool {
        switch expression {
        case .literal: return false  // refused by the parser's type rules
        case .query(let query): return try !nodes(of: query, current: current).isEmpty
        case .function(let function, let arguments):
            if function.result == .logical { return try logical(function, arguments, current: current) }
            return try !nodesResult(function, arguments, current: current).isEmpty
        case .not(let inner): return try !test(inner, current: current)
        case .group(let inner): return try test(inner, current: current)
        case .and(let terms):
            for term in terms where try !test(term, current: current) { return false }
            return true
        case .or(let terms):
            for term in terms where try test(term, current: current) { return true }
            return false
        case .comparison(let left, let comparison, let right):
            let lhs = try value(of: left, current: current)
            let rhs = try value(of: right, current: current)
            return JSONPathComparison.compare(
                comparable(lhs, against: rhs), comparison, comparable(rhs, against: lhs))
        }
    }

    private mutating func nodes(of query: Syntax.Query, current: Node) throws(Stop) -> [Node] {
        query.isRelative
            ? try select(query, from: current) : try select(query, from: Node(node: document.rootNode, location: []))
    }

    /// A comparable's value: a literal, the one node of a singular query, or a value function's result; nil is
    /// RFC 9535's "Nothing" (no node, or no result).
    private mutating func value(of expression: Syntax.Expression, current: Node) throws(Stop) -> Operand? {
        switch expression {
        case .literal(let literal): return .literal(literal)
        case .query(let query):
            let selected = try nodes(of: query, current: current)
            return selected.count == 1 ? .node(selected[0].node) : nil
        case .function(let function, let arguments):
            return try valueResult(function, arguments, current: current)
        default: return nil  // refused by the parser's type rules
        }
    }

    /// The operands as values for `JSONPathComparison`. A container is read whole only when the other side is a
    /// container too; against a scalar or Nothing an empty one of its kind compares the same, at no cost.
    private func comparable(_ operand: Operand?, against other: Operand?) -> JSONValue? {
        switch operand {
        case nil: return nil
        case .literal(let literal): return literal
        case .node(let node):
            switch document.kind(of: node) {
            case .array where isContainer(other): return document.value(of: node)
            case .array: return .array([])
            case .object where isContainer(other): return document.value(of: node)
            case .object: return .object(JSONObject())
            default: return document.value(of: node)
            }
        }
    }

    private func isContainer(_ operand: Operand?) -> Bool {
        switch operand {
        case nil: false
        case .literal(let literal): literal.arrayValue != nil || literal.objectValue != nil
        case .node(let node): document.kind(of: node).isContainer
        }
    }

    private func string(of operand: Operand?) -> String? {
        switch operand {
        case nil: nil
        case .literal(let literal): literal.stringValue
        case .node(let node): document.string(of: node)
        }
    }

    private mutating func valueResult(
        _ function: JSONPathFunction, _ arguments: [Syntax.Expression], current: Node
    ) throws(Stop) -> Operand? {
        switch function {
        case .length:
            let argument = try value(of: arguments[0], current: current)
            if let text = string(of: argument) { return .literal(.number(String(text.unicodeScalars.count))) }
            switch argument {
            case .literal(.array(let elements)): return .literal(.number(String(elements.count)))
            case .literal(.object(let object)): return .literal(.number(String(object.count)))
            case .node(let node) where document.kind(of: node).isContainer:
                return .literal(.number(String(document.count(of: node))))
            default: return nil
            }
        case .count:
            return .literal(.number(String(try nodesResult(function, arguments, current: current).count)))
        case .value:
            let selected = try nodesResult(function, arguments, current: current)
            return selected.count == 1 ? .node(selected[0].node) : nil
        case .match, .search:
            return nil
        }
    }

    /// The node list a `NodesType` argument stands for (RFC 9535 has no function returning nodes).
    private mutating func nodesResult(
        _ function: JSONPathFunction, _ arguments: [Syntax.Expression], current: Node
    ) throws(Stop) -> [Node] {
        guard case .query(let query) = arguments.first else { return [] }
        return try nodes(of: query, current: current)
    }

    private mutating func logical(
        _ function: JSONPathFunction, _ arguments: [Syntax.Expression], current: Node
    ) throws(Stop) -> Bool {
        guard let text = string(of: try value(of: arguments[0], current: current)),
            let pattern = string(of: try value(of: arguments[1], current: current))
        else { return false }
        do {
            return try JSONPathRegex.matches(text, pattern: pattern, whole: function == .match, budget: &regexBudget)
        } catch {
            if stopsOnExpensivePattern { throw .tooExpensive(error) }
            return false
        }
    }
}

/// Applies a parsed query to a JSON value (RFC 9535 §2.3–2.5), producing nodes in the order the RFC defines.
///
/// Descendant segments visit a node before its descendants and arrays in order (objects in document order, one of
/// the orders the RFC allows). Long walks check for cancellation every few thousand nodes, so a query on a huge
/// body started from a task stops soon after the task is cancelled. Every `match()`/`search()` of one evaluation
/// draws on one `RegexBudget`, and the first pattern that uses it up ends the evaluation.
struct JSONPathEvaluator {
    /// Why an evaluation ended without a result.
    enum Stop: Error {
        case cancelled
        case tooExpensive(RegexTooExpensive)
    }

    private typealias Syntax = JSONPathSyntax

    /// A selected value and where it is, as path elements (member names and array indexes).
    struct Node {
        var value: JSONValue
        var location: [JSONPathNode.Element]
    }

    private let root: JSONValue
    private var visited = 0
    private var regexBudget: RegexBudget
    /// Whether a pattern that used up the budget ends the evaluation (checks, which say so) or counts as not
    /// matching (`JSONPath.select`, whose callers expect only cancellation); once spent, no pattern runs again.
    private let stopsOnExpensivePattern: Bool

    init(root: JSONValue, regexBudget: RegexBudget = RegexBudget(), stopsOnExpensivePattern: Bool = true) {
        self.root = root
        self.regexBudget = regexBudget
        self.stopsOnExpensivePattern = stopsOnExpensivePattern
    }

    mutating func select(_ query: JSONPathSyntax.Query) throws(Stop) -> [Node] {
        try select(query, from: Node(value: root, location: []))
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
            nodes = next
        }
        return nodes
    }

    /// Calls `body` on the node, then on each descendant, children before grandchildren of the same branch.
    private mutating func visitDescendants(
        of node: Node, _ body: (inout JSONPathEvaluator, Node) throws(Stop) -> Void
    ) throws(Stop) {
        try countVisit()
        try body(&self, node)
        switch node.value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                try visitDescendants(of: Node(value: element, location: node.location + [.index(index)]), body)
            }
        case .object(let object):
            for member in object {
                try visitDescendants(of: Node(value: member.value, location: node.location + [.name(member.key)]), body)
            }
        default: break
        }
    }

    private mutating func countVisit() throws(Stop) {
        visited += 1
        if visited % 4096 == 0, Task.isCancelled { throw .cancelled }
    }

    private mutating func apply(
        _ selectors: [Syntax.Selector], to node: Node, into output: inout [Node]
    ) throws(Stop) {
        for selector in selectors {
            switch selector {
            case .name(let name):
                if case .object(let object) = node.value, let value = object[name] {
                    output.append(Node(value: value, location: node.location + [.name(name)]))
                }
            case .wildcard:
                output.append(contentsOf: children(of: node))
            case .index(let index):
                guard case .array(let elements) = node.value else { continue }
                let resolved = index < 0 ? elements.count + index : index
                if elements.indices.contains(resolved) {
                    output.append(Node(value: elements[resolved], location: node.location + [.index(resolved)]))
                }
            case .slice(let start, let end, let step):
                guard case .array(let elements) = node.value else { continue }
                for index in Self.sliceIndices(count: elements.count, start: start, end: end, step: step ?? 1) {
                    output.append(Node(value: elements[index], location: node.location + [.index(index)]))
                }
            case .filter(let expression):
                for child in children(of: node) {
                    try countVisit()
                    if try test(expression, current: child) { output.append(child) }
                }
            }
        }
    }

    private func children(of node: Node) -> [Node] {
        switch node.value {
        case .array(let elements):
            elements.enumerated().map { Node(value: $1, location: node.location + [.index($0)]) }
        case .object(let object):
            object.map { Node(value: $0.value, location: node.location + [.name($0.key)]) }
        default: []
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
            return JSONPathComparison.compare(lhs, comparison, rhs)
        }
    }

    private mutating func nodes(of query: Syntax.Query, current: Node) throws(Stop) -> [Node] {
        query.isRelative ? try select(query, from: current) : try select(query, from: Node(value: root, location: []))
    }

    /// A comparable's value: a literal, the one node of a singular query, or a value function's result; nil is
    /// RFC 9535's "Nothing" (no node, or no result).
    private mutating func value(of expression: Syntax.Expression, current: Node) throws(Stop) -> JSONValue? {
        switch expression {
        case .literal(let literal): return literal
        case .query(let query):
            let selected = try nodes(of: query, current: current)
            return selected.count == 1 ? selected[0].value : nil
        case .function(let function, let arguments):
            return try valueResult(function, arguments, current: current)
        default: return nil  // refused by the parser's type rules
        }
    }

    private mutating func valueResult(
        _ function: JSONPathFunction, _ arguments: [Syntax.Expression], current: Node
    ) throws(Stop) -> JSONValue? {
        switch function {
        case .length:
            switch try value(of: arguments[0], current: current) {
            case .string(let text)?: return .number(String(text.unicodeScalars.count))
            case .array(let elements)?: return .number(String(elements.count))
            case .object(let object)?: return .number(String(object.count))
            default: return nil
            }
        case .count:
            return .number(String(try nodesResult(function, arguments, current: current).count))
        case .value:
            let selected = try nodesResult(function, arguments, current: current)
            return selected.count == 1 ? selected[0].value : nil
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
        guard case .string(let text)? = try value(of: arguments[0], current: current),
            case .string(let pattern)? = try value(of: arguments[1], current: current)
        else { return false }
        do {
            return try JSONPathRegex.matches(text, pattern: pattern, whole: function == .match, budget: &regexBudget)
        } catch {
            if stopsOnExpensivePattern { throw .tooExpensive(error) }
            return false
        }
    }
}

/// The parsed form of an RFC 9535 query: segments of selectors, and the filter expressions inside them.
///
/// The parser builds it and checks it is well typed (RFC 9535 §2.4.3); the evaluator walks it.
enum JSONPathSyntax {
    /// `$…` or `@…`: where a query starts, then its segments.
    struct Query: Sendable {
        var isRelative: Bool
        var segments: [Segment]

        /// True when the query can select at most one node: only name and index selectors, one per child segment.
        var isSingular: Bool {
            segments.allSatisfy { segment in
                guard !segment.isDescendant, segment.selectors.count == 1 else { return false }
                switch segment.selectors[0] {
                case .name, .index: return true
                default: return false
                }
            }
        }
    }

    /// `[…]`, `.name` or `.*` (child), or `..[…]` (the node and all its descendants).
    struct Segment: Sendable {
        var isDescendant: Bool
        var selectors: [Selector]
    }

    enum Selector: Sendable {
        case name(String)
        case wildcard
        case index(Int)
        case slice(start: Int?, end: Int?, step: Int?)
        case filter(Expression)
    }

    /// The declared types of function parameters and results (RFC 9535 §2.4.1).
    enum ValueKind: Sendable {
        case value
        case logical
        case nodes
    }

    enum ComparisonOperator: String, Sendable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }

    /// A filter expression, or a function argument before its type is checked.
    indirect enum Expression: Sendable {
        case literal(JSONValue)
        case query(Query)
        case function(JSONPathFunction, [Expression])
        case not(Expression)
        case and([Expression])
        case or([Expression])
        case comparison(Expression, ComparisonOperator, Expression)
        /// A parenthesised logical expression; kept so that `(@.a)` is not taken for a comparable query.
        case group(Expression)
    }
}

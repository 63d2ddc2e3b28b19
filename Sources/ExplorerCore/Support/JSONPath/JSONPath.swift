/// A JSONPath query (RFC 9535), parsed once and applied to any number of JSON values.
///
/// ```swift
/// let path = try JSONPath("$.items[?@.price < 10].name")
/// let names = try path.select(in: body).map(\.value)
/// ```
/// Invalid queries are refused with the column where reading stopped. Selection checks for task cancellation as it
/// walks, so a query over a huge body run in a task can be stopped.
public struct JSONPath: Sendable, CustomStringConvertible {
    /// The query as written.
    public let text: String
    private let query: JSONPathSyntax.Query

    /// Parses `text`; throws a located error when it is not a valid RFC 9535 query.
    public init(_ text: String) throws(JSONPathError) {
        self.text = text
        self.query = try JSONPathParser.parse(text)
    }

    /// The nodes the query selects in `document`, in RFC 9535 order. The patterns of `match()` and `search()` run
    /// bounded: once they have taken a second of CPU time in all, the rest count as not matching. Throws
    /// `CancellationError` when the task is cancelled, and a described error when the walk passes its step limit
    /// (nested filters can multiply the work without end).
    public func select(in document: JSONValue) throws -> [JSONPathNode] {
        var evaluator = JSONPathEvaluator(document: document, stopsOnExpensivePattern: false)
        do {
            return try evaluator.select(query).map { JSONPathNode(value: $0.node, location: $0.location) }
        } catch .cancelled {
            throw CancellationError()
        } catch {
            // This evaluator counts an expensive pattern as no match, so only the step limit is left.
            throw error
        }
    }

    /// The nodes the query selects in `document` (where each starts in a `JSONTape`), or why it stopped: cancelled,
    /// or a `match()`/`search()` pattern that used up `regexBudget`, or past `stepLimit` steps (checks report it as a failure rather than a
    /// silent no match). Locations are tracked only when asked (checks read values alone).
    func evaluate<Document: JSONPathDocument>(
        in document: Document, tracksLocations: Bool = false, regexBudget: RegexBudget = RegexBudget(),
        stepLimit: Int = JSONPathEvaluator<Document>.defaultStepLimit
    ) throws(JSONPathStop) -> [JSONPathEvaluator<Document>.Node] {
        var evaluator = JSONPathEvaluator(
            document: document, tracksLocations: tracksLocations, regexBudget: regexBudget, stepLimit: stepLimit)
        return try evaluator.select(query)
    }

    public var description: String { text }

    /// One step of a singular query: a member name or an array index (negative: from the end).
    package enum Step: Sendable, Equatable {
        case name(String)
        case index(Int)
    }

    /// The steps of a singular query (`$.items[0].id`: names and indexes, one per segment), nil for any other: what
    /// an export to a tool without JSONPath (k6) can walk by itself.
    package var singularSteps: [Step]? {
        guard !query.isRelative, query.isSingular else { return nil }
        return query.segments.compactMap { segment in
            switch segment.selectors.first {
            case .name(let name)?: .name(name)
            case .index(let index)?: .index(index)
            default: nil
            }
        }
    }
}

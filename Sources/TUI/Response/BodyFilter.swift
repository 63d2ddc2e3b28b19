import ExplorerCore

/// The JSONPath filter on the shown body (`f`): the query as typed, which keystroke asked for the result being
/// waited for, and the last result (kept on screen while a newer one runs).
struct BodyFilter: Hashable, Sendable {
    var query: String
    /// The `generation` of the evaluation asked for last; results of older ones are dropped.
    var generation: Int
    /// The latest result that came back; nil until the first does.
    var result: Result<FilteredBody, JSONPath.Filter.Failure>?
    var running: Bool
}

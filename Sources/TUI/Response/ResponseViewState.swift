/// The response pane's own state: tab, scroll, search, the JSONPath filter.
public struct ResponseViewState: Hashable, Sendable {
    /// The exchange whose result is shown; when the shown exchange changes, the rest resets.
    public var exchange: Int?
    public var tab: ResponseTab = .body
    public var top: Int = 0
    /// Display columns scrolled off the left edge (long lines are cut at the pane's width, not wrapped).
    public var left: Int = 0
    public var query: String = ""
    /// The search field while typing a query.
    var searchField: LineEditor?
    var matchLine: Int?
    public var searching = false
    /// The JSONPath filter field while typing a query (`f`).
    var filterField: LineEditor?
    /// The filter on the body, while one is on (the field open or not).
    var filter: BodyFilter?

    public init() {}
}

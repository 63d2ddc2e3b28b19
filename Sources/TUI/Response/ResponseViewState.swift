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
    public internal(set) var matchLine: Int?
    /// Which match `matchLine` is, once every match is counted (`3/120`).
    var matchIndex: Int?
    /// The count of the query's matches in this tab, while and after counting.
    public internal(set) var matches: SearchMatches?
    public var searching = false
    /// The JSONPath filter field while typing a query (`f`).
    var filterField: LineEditor?
    /// The filter on the body, while one is on (the field open or not).
    var filter: BodyFilter?
    /// The Request tab shows secrets in clear (`V`); it stays so until `V` again, across exchanges.
    var revealsSecrets = false

    public init() {}
}

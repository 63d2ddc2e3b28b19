/// The response pane's own state: tab, scroll, search, the JSONPath filter.
package struct ResponseViewState: Hashable, Sendable {
    /// The exchange whose result is shown; when the shown exchange changes, the rest resets.
    package var exchange: Int?
    package var tab: ResponseTab = .body
    /// The first line shown; setting it starts that line at its first row.
    package var top: Int = 0 {
        didSet { topRow = 0 }
    }
    /// With soft wrap, the rows of line `top` scrolled off above the pane (a line taller than the pane).
    package var topRow: Int = 0
    /// Display columns scrolled off the left edge (long lines are cut at the pane's width, not wrapped).
    package var left: Int = 0
    package var query: String = ""
    /// The search field while typing a query.
    var searchField: LineEditor?
    package internal(set) var matchLine: Int?
    /// Which match `matchLine` is, once every match is counted (`3/120`).
    var matchIndex: Int?
    /// The count of the query's matches in this tab, while and after counting.
    package internal(set) var matches: SearchMatches?
    package var searching = false
    /// The JSONPath filter field while typing a query (`f`).
    var filterField: LineEditor?
    /// The filter on the body, while one is on (the field open or not).
    var filter: BodyFilter?
    /// The Request tab shows secrets in clear (`V`); it stays so until `V` again, across exchanges.
    var revealsSecrets = false
    /// The schema violation `J` showed last (the next `J` shows the one after it).
    var violationIndex: Int?
    /// The GraphQL error (of those with a path) `J` showed last, when it walks the errors.
    var graphQLErrorIndex: Int?

    package init() {}
}

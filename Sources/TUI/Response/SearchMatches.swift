/// What counting a query's matches in one tab of one exchange found so far: the count, and once complete the line
/// of every match (one entry per match, in order), so `n` and `N` move without searching again.
package struct SearchMatches: Hashable, Sendable {
    package let exchange: Int
    package let tab: ResponseTab
    package let query: String
    /// Matches counted so far (all of them once `isComplete`).
    package let total: Int
    /// The line of each match, in order; filled only when the count is complete and at most `listLimit` long.
    let lines: [Int]
    /// The part of the body scanned, 0...1.
    package let fraction: Double

    /// Matches listed for `n`/`N` at most; past it they are still counted, and `n`/`N` search instead.
    static let listLimit = 1_000_000

    init(exchange: Int, tab: ResponseTab, query: String, total: Int, lines: [Int], fraction: Double) {
        self.exchange = exchange
        self.tab = tab
        self.query = query
        self.total = total
        self.lines = lines
        self.fraction = fraction
    }

    /// Nothing counted yet.
    static func started(exchange: Int, tab: ResponseTab, query: String) -> SearchMatches {
        SearchMatches(exchange: exchange, tab: tab, query: query, total: 0, lines: [], fraction: 0)
    }

    package var isComplete: Bool { fraction >= 1 }

    /// Every match's line is known: `n` and `N` move through `lines`.
    var isListed: Bool { isComplete && lines.count == total }

    func isFor(exchange: Int?, tab: ResponseTab, query: String) -> Bool {
        self.exchange == exchange && self.tab == tab && self.query == query
    }

    /// The index of the first match on `line` or after it (`lines.count` when none).
    func firstIndex(atOrAfter line: Int) -> Int {
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle] < line { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The tab's count beside the query: `3/120`, `120 matches`, `no match`, or `41 … counting… 35%`.
    func wording(current: Int?) -> String {
        guard isComplete else { return "\(total) … counting… \(Int(fraction * 100))%" }
        if total == 0 { return "no match" }
        if let current { return "\(current + 1)/\(total)" }
        return total == 1 ? "1 match" : "\(total) matches"
    }
}

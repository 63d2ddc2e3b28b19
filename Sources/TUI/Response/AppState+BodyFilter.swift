import ExplorerCore

/// The JSONPath filter on the body (`f`): every edit of the query asks the runtime for a new evaluation, numbered
/// (`.filterBody`, off the main actor, the previous one cancelled), and only the newest result is shown; Esc
/// returns to the whole body. What a query selects and how the outcome reads are the core's (`JSONPath.Filter`).
extension AppState {
    /// What the Body tab shows: the filter's latest result when a filter is on, else the body.
    var shownBodyDocument: BodyDocument? {
        guard let filter = response.filter else { return shownExchange?.document }
        if case .success(let body)? = filter.result { return body.document }
        return nil
    }

    /// Opens the filter field on the Body tab, with the query in use (else `$`).
    mutating func startBodyFilter() {
        guard let exchange = shownExchange, exchange.response != nil else {
            refuseTyping("no response body to filter")
            return
        }
        guard let document = exchange.document else {
            refuseTyping("the body is still being indexed")
            return
        }
        guard document.kind == .json else {
            refuseTyping("the body is not JSON: a JSONPath filter needs a JSON body")
            return
        }
        if response.tab != .body {
            response.tab = .body
            response.matchLine = nil
            response.searching = false
        }
        // Selected: typing `$[?…]` replaces the `$` (or the last query) instead of following it.
        response.filterField = LineEditor(response.filter?.query ?? "$", selected: true)
    }

    mutating func handleBodyFilterKey(_ key: Key) -> [Effect] {
        guard var field = response.filterField else { return [] }
        switch key {
        case .escape:
            return clearBodyFilter()
        case .enter:
            response.filterField = nil
            return []
        default:
            let before = field.text
            field.handle(key)
            response.filterField = field
            guard field.text != before else { return [] }
            return filterBody(field.text)
        }
    }

    /// Asks for `query`'s result (the previous result stays on screen until it comes); an empty query shows the
    /// whole body.
    mutating func filterBody(_ query: String) -> [Effect] {
        filterGeneration += 1
        guard !query.isEmpty, let exchange = shownExchange, let document = exchange.document else {
            response.filter = nil
            response.top = 0
            return [.cancelBodyFilter]
        }
        var filter = response.filter ?? BodyFilter(query: query, generation: 0, result: nil, running: true)
        filter.query = query
        filter.generation = filterGeneration
        filter.running = true
        response.filter = filter
        return [.filterBody(exchange: exchange.id, document, query: query, generation: filterGeneration)]
    }

    /// Closes the filter and shows the whole body again.
    mutating func clearBodyFilter() -> [Effect] {
        let wasOn = response.filter != nil
        response.filterField = nil
        response.filter = nil
        response.top = 0
        response.matchLine = nil
        filterGeneration += 1
        clampResponseScroll()
        return wasOn ? [.cancelBodyFilter] : []
    }

    /// A filter's result: shown when it answers the newest query of the exchange still shown, else dropped.
    mutating func showFiltered(
        _ id: Int, generation: Int, _ result: Result<FilteredBody, JSONPath.Filter.Failure>
    ) {
        guard response.exchange == id, var filter = response.filter, filter.generation == generation else { return }
        filter.result = result
        filter.running = false
        response.filter = filter
        response.top = 0
        response.matchLine = nil
        clampResponseScroll()
    }
}

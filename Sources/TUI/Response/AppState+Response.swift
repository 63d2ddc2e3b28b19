import ExplorerCore

/// The response pane: scrolling, tabs, search, writing the body to a file.
extension AppState {
    mutating func performResponse(_ command: KeyCommand) -> [Effect] {
        if shownBench != nil {
            performBenchResponse(command)
            return []
        }
        if let effects = performWebSocket(command) { return effects }
        let page = max(1, responseBodyHeight - 1)
        switch command {
        case .moveUp, .moveDown, .pageUp, .pageDown:
            let rows = command == .moveUp || command == .moveDown ? 1 : page
            let delta = command == .moveUp || command == .pageUp ? -rows : rows
            if !scrollWrapped(by: delta) { response.top += delta }
        case .moveTop: response.top = 0
        case .moveBottom: if !scrollWrappedToEnd() { response.top = Int.max / 2 }
        case .scrollLeft: response.left = max(0, response.left - Self.horizontalStep)
        case .scrollRight:
            // Wrapped lines have nothing off to the side.
            if !panes.softWrap { response.left = min(response.left + Self.horizontalStep, Self.maxLeft) }
        case .previousTab, .nextTab, .selectResponseTab:
            // The Connection tab is apart, as the Request tab is: on `5` (or a click), not among those ←/→ cycle.
            let all = responseTabs(for: shownExchange)
            let tabs = all.filter { $0 != .connection }
            if case .selectResponseTab(let tab) = command {
                guard tab != response.tab else { return [] }
                if tab == .connection, !all.contains(.connection) {
                    message = StatusMessage(
                        "no connection for this answer: it did not come over the network in this session",
                        isError: true)
                    return []
                }
                response.tab = tab
            } else if let index = tabs.firstIndex(of: response.tab) {
                response.tab = tabs[(index + (command == .nextTab ? 1 : tabs.count - 1)) % tabs.count]
            } else {
                // From the Request or the Connection tab.
                response.tab = command == .nextTab ? tabs[0] : tabs[tabs.count - 1]
            }
            response.top = 0
            response.left = 0
            response.matchLine = nil
            response.matchIndex = nil
            response.matches = nil
            response.searching = false  // a search still running was for the old tab's lines
        case .copyBody, .copyURL, .copyHeader, .copyCurl:
            return copy(command)
        case .toggleReveal:
            response.revealsSecrets.toggle()
            message = StatusMessage(
                response.revealsSecrets
                    ? "secrets shown in clear in the Request tab (V masks them again)"
                    : "secrets masked in the Request tab")
        case .startSearch:
            // The last query, selected: typing starts a new one, an arrow key edits it.
            response.searchField = LineEditor(response.query, selected: true)
        case .startBodyFilter:
            startBodyFilter()
        case .nextMatch, .previousMatch:
            return search(forward: command == .nextMatch, skipCurrent: true)
        case .jumpToViolation:
            return jumpsToGraphQLErrors ? jumpToGraphQLError() : jumpToViolation()
        case .saveBody:
            guard let exchange = shownExchange, exchange.response != nil else {
                refuseTyping("no response body to save")
                return []
            }
            // Named for the endpoint, with the extension of the body's type (`.png` for image/png), else `.body`.
            let base = exchange.key.endpoint.replacingOccurrences(of: "/", with: "_")
            let type = exchange.response?.headers["Content-Type"]
            let name =
                MediaType.fileExtension(for: type).map { base.hasSuffix(".\($0)") ? base : base + ".\($0)" }
                ?? base + ".body"
            overlay = .prompt(Prompt(purpose: .saveBody(exchange: exchange.id), title: "Write body to", text: name))
        default:
            break
        }
        clampResponseScroll()
        return []
    }

    /// Columns one `h` or `l` scrolls; lines are formatted only up to what is shown, so the limit keeps a held key
    /// from asking for megabytes of one line.
    static let horizontalStep = 20
    static let maxLeft = 100_000

    mutating func handleSearchKey(_ key: Key) -> [Effect] {
        guard var field = response.searchField else { return [] }
        switch key {
        case .escape:
            response.searchField = nil
        case .enter:
            response.searchField = nil
            if response.query != field.text { response.matches = nil }
            response.query = field.text
            return search(forward: true, skipCurrent: false)
        default:
            let before = field.text
            field.handle(key)
            response.searchField = field
            guard field.text != before else { return [] }
            return searchAsTyped(field.text)
        }
        return []
    }

    /// Each edit of the query searches at once: the first match from the screen on is shown and highlighted, and
    /// the count runs (`/text 3/12` while typing); an emptied query clears the matches.
    mutating func searchAsTyped(_ query: String) -> [Effect] {
        response.query = query
        response.matches = nil
        response.matchIndex = nil
        guard !query.isEmpty else {
            response.matchLine = nil
            return []
        }
        let effects = search(forward: true, skipCurrent: false)
        if response.searchField == nil { response.searchField = LineEditor(query) }
        return effects
    }

    /// The tabs an answer has: Checks only for an endpoint with `expect:` (or an answer that was checked), Schema
    /// only for an answer checked against a schema, Connection only for an answer that came over the network in this
    /// session.
    func responseTabs(for exchange: Exchange?) -> [ResponseTab] {
        guard let exchange else { return ResponseTab.responseTabs }
        let endpoint = catalog.profile(exchange.key.profile)?.endpoint(exchange.key.endpoint)
        var tabs = ResponseTab.responseTabs
        if !exchange.checks.isEmpty || endpoint?.expectation != nil { tabs.append(.checks) }
        if exchange.schema != nil { tabs.append(.schema) }
        if !exchange.graphQLErrors.isEmpty { tabs.append(.errors) }
        if exchange.response?.connection != nil { tabs.append(.connection) }
        return tabs
    }

    /// Lines of the current response tab.
    func responseLineCount() -> Int {
        guard let exchange = shownExchange else { return 0 }
        switch response.tab {
        case .body:
            if let events = exchange.events, response.filter == nil { return events.lines.count }
            if case .failure? = response.filter?.result { return BodyView.filterErrorLines }
            return shownBodyDocument?.lineCount ?? 0
        case .headers: return (exchange.response?.headers.count ?? 0) + 1
        case .checks: return exchange.checks.count
        case .schema: return exchange.schema.map(SchemaRows.init)?.rows.count ?? 0
        case .errors: return GraphQLErrorRows(exchange.graphQLErrors).rows.count
        case .connection: return connectionLines(exchange).count
        case .request: return exchange.shownRequest?.lines(revealed: response.revealsSecrets).count ?? 0
        case .raw:
            guard let response = exchange.response else { return 0 }
            return Self.rawHeadLineCount(response) + (exchange.document?.rawLineCount ?? 0)
        }
    }

    /// Lines the Raw tab shows before the body: the status line, the headers and a blank line.
    static func rawHeadLineCount(_ response: Response) -> Int { response.headers.count + 2 }

    /// Scrolls to a match (a line of the current tab), or reports that there is none.
    mutating func showMatch(_ line: Int?) {
        if let line {
            response.matchLine = line
            if let matches = response.matches, matches.isListed {
                let index = matches.firstIndex(atOrAfter: line)
                response.matchIndex = index < matches.lines.count && matches.lines[index] == line ? index : nil
            }
            response.top = max(0, line - responseBodyHeight / 3)
            clampResponseScroll()
        } else {
            response.matchLine = nil
            response.matchIndex = nil
            message = StatusMessage("no match: \(response.query)", isError: true)
        }
    }

    /// Whether the current match is on screen: `n` and `N` then move from it, else from the screen (so `G` then
    /// `N` finds the last match).
    var matchIsOnScreen: Bool {
        guard let line = response.matchLine else { return false }
        return line >= response.top && line < response.top + responseBodyHeight
    }

    mutating func search(forward: Bool, skipCurrent: Bool) -> [Effect] {
        guard !response.query.isEmpty else {
            response.searchField = LineEditor()
            return []
        }
        guard let exchange = shownExchange, let httpResponse = exchange.response else { return [] }
        if skipCurrent, let matches = response.matches,
            matches.isFor(
                exchange: exchange.id, tab: response.tab,
                query: response.query), matches.isListed
        {
            stepThroughMatches(matches, forward: forward)
            return []
        }
        let anchor = matchIsOnScreen ? response.matchLine : nil
        let current = anchor ?? (forward ? response.top - 1 : response.top + responseBodyHeight)
        let start = skipCurrent || anchor == nil ? current + (forward ? 1 : -1) : current
        switch response.tab {
        case .headers, .request, .checks, .schema, .errors, .connection:
            let lines = tabLines(exchange, httpResponse).map { $0.lowercased() }
            let needle = response.query.lowercased()
            response.matches = Self.headMatches(
                needle, in: lines, exchange: exchange.id, tab: response.tab, query: response.query)
            let count = lines.count
            for step in 0..<count {
                let index = ((start + (forward ? step : -step)) % count + count) % count
                if lines[index].contains(needle) {
                    showMatch(index)
                    return []
                }
            }
            showMatch(nil)
            return []
        case .body, .raw:
            guard let document = response.tab == .body ? shownBodyDocument : exchange.document else { return [] }
            let raw = response.tab == .raw
            var count: [Effect] = []
            if response.matches?.isFor(exchange: exchange.id, tab: response.tab, query: response.query) != true {
                response.matches = .started(exchange: exchange.id, tab: response.tab, query: response.query)
                response.matchIndex = nil
                count = [.countMatches(exchange: exchange.id, document, query: response.query, tab: response.tab)]
            }
            // The Raw tab's head is searched here; the document holds only the body.
            if raw, start < Self.rawHeadLineCount(httpResponse),
                let line = Self.headMatch(response.query, in: httpResponse, from: start, forward: forward)
            {
                showMatch(line)
                return count
            }
            response.searching = true
            // The document numbers lines from the body's first; `.searchFinished` adds the head back.
            let offset = raw ? Self.rawHeadLineCount(httpResponse) : 0
            return [
                .search(
                    exchange: exchange.id, document, query: response.query, from: max(0, start - offset),
                    forward: forward, raw: raw)
            ] + count
        }
    }

    /// `n` / `N` once every match is listed: the next or previous one, wrapping around (and saying so).
    mutating func stepThroughMatches(_ matches: SearchMatches, forward: Bool) {
        guard matches.total > 0 else {
            showMatch(nil)
            return
        }
        let last = matches.lines.count - 1
        var index: Int
        if let current = response.matchIndex, matchIsOnScreen {
            index = current + (forward ? 1 : -1)
        } else if forward {
            index = matches.firstIndex(atOrAfter: response.top)
        } else {
            index = matches.firstIndex(atOrAfter: response.top + responseBodyHeight) - 1
        }
        if index > last || index < 0 {
            index = index < 0 ? last : 0
            message = StatusMessage(forward ? "search wrapped to the first match" : "search wrapped to the last match")
        }
        response.matchIndex = index
        response.matchLine = matches.lines[index]
        response.top = max(0, matches.lines[index] - responseBodyHeight / 3)
        clampResponseScroll()
    }

    /// A count arrived from the runtime; the Raw tab's count adds the matches in its head, which `update` counts.
    mutating func matchesCounted(_ counted: SearchMatches) {
        guard counted.isFor(exchange: response.exchange, tab: response.tab, query: response.query),
            let httpResponse = shownExchange?.response
        else { return }
        var matches = counted
        if counted.tab == .raw {
            let head = Self.headMatches(
                counted.query.lowercased(), in: Self.headerLines(httpResponse).map { $0.lowercased() },
                exchange: counted.exchange, tab: .raw, query: counted.query)
            let offset = Self.rawHeadLineCount(httpResponse)
            let listed = counted.isListed && head.total + counted.total <= SearchMatches.listLimit
            matches = SearchMatches(
                exchange: counted.exchange, tab: .raw, query: counted.query, total: head.total + counted.total,
                lines: listed ? head.lines + counted.lines.map { $0 + offset } : [], fraction: counted.fraction)
        }
        response.matches = matches
        if matches.isListed, let line = response.matchLine {
            let index = matches.firstIndex(atOrAfter: line)
            response.matchIndex = index < matches.lines.count && matches.lines[index] == line ? index : nil
        }
    }

    /// The Raw tab's head line with a match at or after `start` (at or before it, going backwards), not wrapping;
    /// with `start` nil, the first one.
    static func headMatch(_ query: String, in response: Response, from start: Int?, forward: Bool) -> Int? {
        let lines = headerLines(response)
        let needle = query.lowercased()
        var candidates = Array(lines.indices)
        if let start {
            candidates = forward ? candidates.filter { $0 >= start } : candidates.filter { $0 <= start }.reversed()
        }
        return candidates.first { lines[$0].lowercased().contains(needle) }
    }

    /// Every match of `needle` (lower-cased) in lines already lower-cased: the Headers tab, the Raw tab's head.
    static func headMatches(
        _ needle: String, in lines: [String], exchange: Int, tab: ResponseTab, query: String
    ) -> SearchMatches {
        var found: [Int] = []
        for (number, line) in lines.enumerated() {
            var rest = line[...]
            while let range = rest.range(of: needle) {
                found.append(number)
                rest = rest[range.upperBound...]
            }
        }
        return SearchMatches(exchange: exchange, tab: tab, query: query, total: found.count, lines: found, fraction: 1)
    }

    /// The lines of a tab searched as text: the Headers tab's or the Request tab's.
    func tabLines(_ exchange: Exchange, _ httpResponse: Response) -> [String] {
        switch response.tab {
        case .request: return exchange.shownRequest?.lines(revealed: response.revealsSecrets) ?? []
        case .checks: return exchange.checks.map(\.description)
        case .schema: return exchange.schema.map(SchemaRows.init)?.rows.map(\.text) ?? []
        case .errors: return GraphQLErrorRows(exchange.graphQLErrors).rows
        case .connection: return connectionLines(exchange)
        default: return Self.headerLines(httpResponse)
        }
    }

    /// The Connection tab's lines (`ConnectionInfo.lines`), not yet escaped.
    func connectionLines(_ exchange: Exchange) -> [String] {
        guard let response = exchange.response, let connection = response.connection else { return [] }
        return connection.lines(proxy: response.metrics.proxy, now: now.date)
    }

    /// `Name: value` lines of the headers tab (status line first).
    static func headerLines(_ response: Response) -> [String] {
        ["\(response.httpVersion) \(response.statusLine)"] + response.headers.map { "\($0.name): \($0.value)" }
    }

    mutating func clampResponseScroll() {
        if clampWrappedScroll() { return }
        let count = responseLineCount()
        let maxTop = panes.softWrap ? wrappedMaxTop(count) : max(0, count - responseBodyHeight)
        response.top = min(max(0, response.top), maxTop)
    }

    /// With soft wrap, tabs other than a body wrap rarely and may scroll their last line up to the top (a body
    /// scrolls by rows: `AppState+WrappedScroll`).
    private func wrappedMaxTop(_ count: Int) -> Int {
        max(0, count - 1)
    }
}

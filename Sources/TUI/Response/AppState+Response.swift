import ExplorerCore

/// The response pane: scrolling, tabs, search, writing the body to a file.
extension AppState {
    mutating func performResponse(_ command: KeyCommand) -> [Effect] {
        let page = max(1, responseBodyHeight - 1)
        switch command {
        case .moveUp: response.top -= 1
        case .moveDown: response.top += 1
        case .pageUp: response.top -= page
        case .pageDown: response.top += page
        case .moveTop: response.top = 0
        case .moveBottom: response.top = Int.max / 2
        case .scrollLeft: response.left = max(0, response.left - Self.horizontalStep)
        case .scrollRight: response.left = min(response.left + Self.horizontalStep, Self.maxLeft)
        case .previousTab, .nextTab:
            let tabs = responseTabs(for: shownExchange)
            let count = tabs.count
            let step = command == .nextTab ? 1 : count - 1
            response.tab = tabs[((tabs.firstIndex(of: response.tab) ?? 0) + step) % count]
            response.top = 0
            response.left = 0
            response.matchLine = nil
            response.searching = false  // a search still running was for the old tab's lines
        case .startSearch:
            response.searchField = LineEditor(response.query)
        case .startBodyFilter:
            startBodyFilter()
        case .nextMatch, .previousMatch:
            return search(forward: command == .nextMatch, skipCurrent: true)
        case .saveBody:
            guard let exchange = shownExchange, exchange.response != nil else {
                message = StatusMessage("no response body to save", isError: true)
                return []
            }
            let name = exchange.key.endpoint.replacingOccurrences(of: "/", with: "_") + ".body"
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
            response.query = field.text
            return search(forward: true, skipCurrent: false)
        default:
            field.handle(key)
            response.searchField = field
        }
        return []
    }

    /// The tabs an answer has: Checks only for an endpoint with `expect:` (or an answer that was checked).
    func responseTabs(for exchange: Exchange?) -> [ResponseTab] {
        guard let exchange else { return [.body, .headers, .raw] }
        let endpoint = catalog.profile(exchange.key.profile)?.endpoint(exchange.key.endpoint)
        guard !exchange.checks.isEmpty || endpoint?.expectation != nil else { return [.body, .headers, .raw] }
        return ResponseTab.allCases
    }

    /// Lines of the current response tab.
    func responseLineCount() -> Int {
        guard let exchange = shownExchange else { return 0 }
        switch response.tab {
        case .body:
            if case .failure? = response.filter?.result { return BodyView.filterErrorLines }
            return shownBodyDocument?.lineCount ?? 0
        case .headers: return (exchange.response?.headers.count ?? 0) + 1
        case .checks: return exchange.checks.count
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
            response.top = max(0, line - responseBodyHeight / 3)
            clampResponseScroll()
        } else {
            response.matchLine = nil
            message = StatusMessage("not found: \(response.query)", isError: true)
        }
    }

    mutating func search(forward: Bool, skipCurrent: Bool) -> [Effect] {
        guard !response.query.isEmpty else {
            response.searchField = LineEditor()
            return []
        }
        guard let exchange = shownExchange, let httpResponse = exchange.response else { return [] }
        let current = response.matchLine ?? (forward ? response.top - 1 : response.top + 1)
        let start = skipCurrent || response.matchLine == nil ? current + (forward ? 1 : -1) : current
        switch response.tab {
        case .headers, .checks:
            let shown = response.tab == .checks ? exchange.checks.map(\.description) : Self.headerLines(httpResponse)
            let lines = shown.map { $0.lowercased() }
            let needle = response.query.lowercased()
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
            response.searching = true
            let raw = response.tab == .raw
            // The document numbers lines from the body's first; `.searchFinished` adds the head back.
            let offset = raw ? Self.rawHeadLineCount(httpResponse) : 0
            return [
                .search(
                    exchange: exchange.id, document, query: response.query, from: max(0, start - offset),
                    forward: forward, raw: raw)
            ]
        }
    }

    /// `Name: value` lines of the headers tab (status line first).
    static func headerLines(_ response: Response) -> [String] {
        ["\(response.httpVersion) \(response.statusLine)"] + response.headers.map { "\($0.name): \($0.value)" }
    }

    mutating func clampResponseScroll() {
        let maxTop = max(0, responseLineCount() - responseBodyHeight)
        response.top = min(max(0, response.top), maxTop)
    }
}

import ExplorerCore

/// Copying from the response pane: the body, a header, the URL, or the request as a curl command line.
extension AppState {
    mutating func copy(_ command: KeyCommand) -> [Effect] {
        switch command {
        case .copyBody:
            guard let response = shownExchange?.response else {
                message = StatusMessage("no response body to copy", isError: true)
                return []
            }
            return [.copy(.body(response))]
        case .copyURL:
            let url = shownExchange.map { $0.shownRequest?.url(revealed: response.revealsSecrets) ?? $0.url }
            guard let url = url ?? requestPreview?.url else { return [] }
            return [.copy(.text(url, what: "the URL"))]
        case .copyHeader:
            guard let line = copiedHeaderLine() else {
                message = StatusMessage("no header here: the Headers and Request tabs copy their line", isError: true)
                return []
            }
            return [.copy(.text(line, what: "the header"))]
        case .copyCurl:
            guard let key = selectedKey else { return [] }
            switch curlCommand(key, revealed: response.revealsSecrets) {
            case .success(let command):
                let what = response.revealsSecrets ? "the request as curl" : "the request as curl (secrets as ${NAME})"
                return [.copy(.text(command, what: what))]
            case .failure(let error):
                message = StatusMessage(error.message, isError: true)
                return []
            }
        default:
            return []
        }
    }

    /// The header line a copy takes: the search match's when it is on screen, else the first shown; a header, not
    /// the status or request line or the body.
    func copiedHeaderLine() -> String? {
        guard let exchange = shownExchange, let httpResponse = exchange.response,
            response.tab == .headers || response.tab == .request
        else { return nil }
        let lines = tabLines(exchange, httpResponse)
        let number = matchIsOnScreen ? response.matchLine ?? response.top : max(1, response.top)
        guard number >= 1, number < lines.count, !lines[1...number].contains("") else { return nil }
        return lines[number]
    }

    /// The selected endpoint's request as a curl command line, as `apix export curl` writes it
    /// (`ExchangePlan.curlCommand`): secrets as `${NAME}` references (an OAuth2 token as `$ACCESS_TOKEN`), or in
    /// clear when revealed.
    func curlCommand(_ key: EndpointKey, revealed: Bool) -> Result<String, RequestBuildError> {
        exchangePlan(key).flatMap { plan in
            Result { () throws(RequestBuildError) -> String in try plan.curlCommand(revealed: revealed).command }
        }
    }
}

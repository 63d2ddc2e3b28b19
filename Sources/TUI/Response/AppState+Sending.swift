import ExplorerCore

/// Sending the selected endpoint, finishing exchanges, and showing stored answers of the response cache.
extension AppState {
    /// Sends the selected endpoint; one that declares `cache:` goes through the response cache (`cacheMode`
    /// `.refresh`: ask the server even when a fresh answer is stored).
    mutating func sendSelected(cacheMode: CacheOptions.Mode = .use) -> [Effect] {
        guard let key = selectedKey else {
            if case .profile = selectedListRow { return performList(.activate) }
            if case .folder = selectedListRow { return performList(.activate) }
            return []
        }
        pendingChain = nil
        return send(key, cacheMode: cacheMode)
    }

    /// Sends the endpoint of `key`, or first the endpoints whose values it uses (`uses:`, `ChainPlanner`) when
    /// `chained` (a step of a chain already planned sends only itself).
    mutating func send(_ key: EndpointKey, cacheMode: CacheOptions.Mode = .use, chained: Bool = true) -> [Effect] {
        guard let profile = catalog.profile(key.profile), let endpoint = profile.endpoint(key.endpoint) else {
            return []
        }
        guard benchAllowsSend(of: key) else { return [] }
        if chained, let effects = startChain(for: key, profile: profile) { return effects }
        // Built once per send; the URL on screen is the preview's, secrets masked.
        let plan: ExchangePlan
        switch exchangePlan(key, cacheMode: cacheMode) {
        case .failure(let error):
            message = StatusMessage(error.message, isError: true)
            return []
        case .success(let built):
            plan = built
        }
        let request = plan.request.request
        var shownURL = maskedURL(for: key) ?? request.url
        if endpoint.webSocket != nil { shownURL = WebSocketConnection.shownURL(shownURL) }
        let id = nextExchangeID
        nextExchangeID += 1
        if pendingChain?.sending == key { pendingChain?.current = id }
        // A finished earlier result of this endpoint is replaced; a running one keeps going until it ends.
        let previousExchange = latestExchange[key].flatMap { exchanges[$0] }
        if let previous = latestExchange[key], exchanges[previous]?.isRunning == false {
            exchanges[previous] = nil
        }
        exchanges[id] = Exchange(id: id, key: key, method: request.method, url: shownURL, startedAt: now.uptime)
        latestExchange[key] = id
        showExchange(id)
        if endpoint.webSocket != nil, let sent = plan.endpoint {
            return openWebSocket(id, plan, endpoint: sent, replacing: previousExchange)
                + watch(tokenKey(profile: profile, endpoint: endpoint))
        }
        var effects: [Effect] = [.send(exchange: id, plan, replayOf: nil)]
        effects += askBaseline(key, profile: profile)
        effects += watch(tokenKey(profile: profile, endpoint: endpoint))
        return effects
    }

    mutating func finishExchange(_ id: Int, _ result: Result<Response, ClientError>, at time: Double) -> [Effect] {
        guard var exchange = exchanges[id] else { return [] }
        exchange.finishedAt = time
        switch result {
        case .success(let response):
            exchange.outcome = .response(response)
        case .failure(let error):
            exchange.outcome = .failure(error)
        }
        let isLatest = latestExchange[exchange.key] == id
        if !isLatest {
            exchanges[id] = nil  // superseded by a newer send of the same endpoint
            return []
        }
        exchanges[id] = exchange
        if case .failure(let error) = result, error.isCancelled {
            let note = error.note.map { "; \($0)" } ?? ""
            message = StatusMessage("cancelled \(exchange.method.rawValue) \(exchange.url)\(note)")
        }
        guard case .success(let response) = result else {
            if let chain = pendingChain, chain.current == id {
                pendingChain = nil
                message = StatusMessage(
                    "`\(chain.target.endpoint)` needs values from `\(exchange.key.endpoint)`, which was sent first and "
                        + "failed", isError: true)
            }
            return []
        }
        if exchange.events != nil { streamEnded(exchange) }
        // Each answer from the server says what budget is left, or that it declares none; the cache's says nothing.
        if response.source != .cache {
            rateBudgets[exchange.key] = response.rateLimit.map { RateBudget(limit: $0, receivedAt: time) }
        }
        judgeSpeed(exchange.key)
        // The core's words for where the answer came from, then the key that asks the server instead.
        if response.source == .cache, selectedKey == exchange.key,
            let note = response.source.note(age: exchange.responseAge(now: time) ?? response.age ?? .zero)
        {
            message = StatusMessage("\(note) · R asks the server")
        }
        var effects: [Effect] = [.prepareBody(exchange: id, response)]
        if let profile = catalog.profile(exchange.key.profile), let endpoint = profile.endpoint(exchange.key.endpoint),
            !endpoint.captures.isEmpty || endpoint.expectation != nil || pendingChain?.current == id
                || Self.isGraphQL(endpoint) || !endpoint.responses.isEmpty
        {
            let environment = environmentName(for: profile)
            let values = ChainValues(
                variables: variables, processEnvironment: processEnvironment,
                held: captured[ProfileEnvironmentKey(profile: profile.id, environment: environment)] ?? [:])
            effects.append(.concludeChain(exchange: id, profile, environment: environment, endpoint, response, values))
        }
        return effects
    }

    /// A GraphQL answer is concluded even without `expect:`: a non-empty `errors` is a failed check
    /// (`GraphQLErrorsCheck`), as in `apix test`.
    static func isGraphQL(_ endpoint: Endpoint) -> Bool {
        if case .graphql? = endpoint.body { true } else { false }
    }

    // MARK: - Stored responses

    /// Asks for the stored response of the selected endpoint when it declares `cache:`, nothing was sent for it
    /// in this session and it was not looked up yet.
    mutating func lookUpStoredResponse() -> [Effect] {
        guard !shouldQuit, let key = selectedKey, latestExchange[key] == nil, !storedLookups.contains(key),
            let profile = selectedProfile, let endpoint = selectedEndpoint,
            let cache = CacheOptions.forEndpoint(endpoint, profile: profile.id),
            case .success(let plan) = exchangePlan(key)
        else { return [] }
        storedLookups.insert(key)
        return [.loadStoredResponse(key, plan, cache: cache)]
    }

    /// Shows a stored response as the endpoint's result (marked as stored, nothing sent), unless the user sent
    /// the endpoint meanwhile.
    mutating func showStored(_ stored: ResponseCache.Stored?, for key: EndpointKey, warning: String?) -> [Effect] {
        if let warning { message = StatusMessage(warning, isError: true) }
        guard let stored, latestExchange[key] == nil else { return [] }
        let response = stored.response
        let id = nextExchangeID
        nextExchangeID += 1
        let shownURL = maskedURL(for: key) ?? response.url
        var exchange = Exchange(id: id, key: key, method: response.method, url: shownURL, startedAt: now.uptime)
        exchange.finishedAt = now.uptime
        exchange.outcome = .response(response)
        exchange.origin = .stored(isFresh: stored.isFresh)
        exchanges[id] = exchange
        latestExchange[key] = id
        if selectedKey == key { showExchange(id) }
        return [.prepareBody(exchange: id, response)]
    }

    /// Points the response pane at an exchange, resetting scroll and search (query, count, matches: a search
    /// belongs to the body it ran on) when it changes.
    mutating func showExchange(_ id: Int?) {
        guard response.exchange != id else { return }
        var fresh = ResponseViewState()
        fresh.exchange = id
        fresh.tab = response.tab
        if let id, !responseTabs(for: exchanges[id]).contains(fresh.tab) { fresh.tab = .body }
        fresh.revealsSecrets = response.revealsSecrets
        response = fresh
    }

    /// Keeps the response pane on the selected endpoint's latest exchange.
    mutating func syncResponseToSelection() {
        showExchange(shownExchange?.id)
        editorRow = 0
    }
}

import ExplorerCore

/// Sending the selected endpoint, finishing transfers, and showing stored answers of the response cache.
extension AppState {
    /// Sends the selected endpoint; one that declares `cache:` goes through the response cache (`cacheMode`
    /// `.refresh`: ask the server even when a fresh answer is stored).
    mutating func sendSelected(cacheMode: CacheOptions.Mode = .use) -> [Effect] {
        guard let key = selectedKey, let profile = selectedProfile, let endpoint = selectedEndpoint else {
            if case .profile = selectedListRow { return performList(.activate) }
            if case .folder = selectedListRow { return performList(.activate) }
            return []
        }
        // Built once per send; the URL on screen is the preview's, secrets masked.
        let plan: RequestPlan
        switch prepare(key) {
        case .failure(let error):
            message = StatusMessage(error.message, isError: true)
            return []
        case .success(let built):
            plan = built
        }
        let request = plan.request
        let shownURL = maskedURL(for: key) ?? request.url
        let id = nextTransferID
        nextTransferID += 1
        // A finished earlier result of this endpoint is replaced; a running one keeps going until it ends.
        if let previous = latestTransfer[key], transfers[previous]?.isRunning == false {
            transfers[previous] = nil
        }
        transfers[id] = Exchange(
            id: id, key: key, method: request.method, url: shownURL, startedAt: now.uptime)
        latestTransfer[key] = id
        showTransfer(id)
        let auth = AuthSessionKey(profile: profile.id, environment: environmentName(for: profile))
        let cache = CacheOptions.forEndpoint(endpoint, profile: profile.id, mode: cacheMode)
        var effects: [Effect] = [
            .send(transfer: id, plan, auth: auth, priority: endpoint.priority ?? .normal, cache: cache)
        ]
        effects += watch(auth)
        return effects
    }

    mutating func finishTransfer(_ id: Int, _ result: Result<Response, ClientError>, at time: Double) -> [Effect] {
        guard var transfer = transfers[id] else { return [] }
        transfer.finishedAt = time
        switch result {
        case .success(let response):
            transfer.outcome = .response(response)
        case .failure(let error):
            transfer.outcome = .failure(error)
        }
        let isLatest = latestTransfer[transfer.key] == id
        if !isLatest {
            transfers[id] = nil  // superseded by a newer send of the same endpoint
            return []
        }
        transfers[id] = transfer
        if case .failure(let error) = result, error.isCancelled {
            let note = error.note.map { "; \($0)" } ?? ""
            message = StatusMessage("cancelled \(transfer.method.rawValue) \(transfer.url)\(note)")
        }
        guard case .success(let response) = result else { return [] }
        if response.source == .cache, selectedKey == transfer.key {
            let age = transfer.responseAge(now: time).map { ", \(Units.age($0)) old" } ?? ""
            message = StatusMessage("answered from the cache\(age): R asks the server")
        }
        return [.prepareBody(transfer: id, response)]
    }

    // MARK: - Stored responses

    /// Asks for the stored response of the selected endpoint when it declares `cache:`, nothing was sent for it
    /// in this session and it was not looked up yet.
    mutating func lookUpStoredResponse() -> [Effect] {
        guard !shouldQuit, let key = selectedKey, latestTransfer[key] == nil, !storedLookups.contains(key),
            let profile = selectedProfile, let endpoint = selectedEndpoint,
            let cache = CacheOptions.forEndpoint(endpoint, profile: profile.id),
            case .success(let plan) = prepare(key)
        else { return [] }
        let request = plan.request
        storedLookups.insert(key)
        let auth = AuthSessionKey(profile: profile.id, environment: environmentName(for: profile))
        return [.loadStoredResponse(key, request, auth: auth, cache: cache)]
    }

    /// Shows a stored response as the endpoint's result (marked as stored, nothing sent), unless the user sent
    /// the endpoint meanwhile.
    mutating func showStored(_ stored: ResponseCache.Stored?, for key: EndpointKey, warning: String?) -> [Effect] {
        if let warning { message = StatusMessage(warning, isError: true) }
        guard let stored, latestTransfer[key] == nil else { return [] }
        let response = stored.response
        let id = nextTransferID
        nextTransferID += 1
        let shownURL = maskedURL(for: key) ?? response.url
        var transfer = Exchange(id: id, key: key, method: response.method, url: shownURL, startedAt: now.uptime)
        transfer.finishedAt = now.uptime
        transfer.outcome = .response(response)
        transfer.origin = .stored(isFresh: stored.isFresh)
        transfers[id] = transfer
        latestTransfer[key] = id
        if selectedKey == key { showTransfer(id) }
        return [.prepareBody(transfer: id, response)]
    }

    /// Points the response pane at a transfer, resetting scroll and search when it changes.
    mutating func showTransfer(_ id: Int?) {
        guard response.transfer != id else { return }
        var fresh = ResponseViewState()
        fresh.transfer = id
        fresh.tab = response.tab
        fresh.query = response.query
        response = fresh
    }

    /// Keeps the response pane on the selected endpoint's latest transfer.
    mutating func syncResponseToSelection() {
        showTransfer(shownTransfer?.id)
        editorRow = 0
    }
}

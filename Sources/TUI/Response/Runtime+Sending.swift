import ExplorerCore
import ExplorerHistory

/// The runtime's sends: starting an exchange as planned, following its progress and events, recording it, and
/// cancelling; and looking up stored answers.
extension Runtime {
    func performSending(_ effect: Effect) {
        switch effect {
        case .send(let id, let plan, let replayOf):
            send(id, plan, replayOf: replayOf)
        case .stopStream(let id):
            transfers[id]?.stopStream()
        case .cancel(let id):
            if let transfer = transfers[id] {
                transfer.cancel()
            } else if let holder = pendingStarts[id] {
                Task { await holder.cancel() }
            } else {
                webSockets[id]?.close()
            }
        case .loadStoredResponse(let key, let plan, let options):
            loadStored(key, plan, options: options)
        default:
            break
        }
    }

    /// Starts exchange `id`: the interceptor first (it may need an await for the token store), then the transfer,
    /// whose progress, events and result come back as actions; the Request tab and the record follow from the plan
    /// and the request that went.
    private func send(_ id: Int, _ plan: ExchangePlan, replayOf: String?) {
        let inbox = self.inbox
        let auth = self.auth
        let client = self.client
        let log = self.log
        let clock = self.clock
        let holder = TransferHolder()
        let recording = history.flatMap { HistoryEffects.Recording(plan, replayOf: replayOf, recorder: $0) }
        let awaitingChecks = self.awaitingChecks
        Task.detached {
            var options = plan.options
            options.interceptor = await auth?.interceptor(for: plan.auth, key: plan.authKey)
            let events = EventStream()
            options.events = events
            let transfer = client.start(plan.request, options: options)
            let watcher = Self.watchEvents(events, exchange: id, inbox: inbox)
            await holder.set(transfer)
            let sent = transfer.request
            Task.detached {
                inbox.post(.requestShown(exchange: id, await ShownRequest.make(plan, sent: sent, auth: auth)))
            }
            await MainActor.run { [weak self] in self?.transfers[id] = transfer }
            if await holder.wasCancelled { transfer.cancel() }
            for await event in transfer.progress {
                inbox.post(.progressUpdated(exchange: id, event, at: clock().uptime))
            }
            let result = await transfer.result
            watcher.cancel()
            await watcher.value
            if case .failure(let error) = result, !error.isCancelled {
                // The log gets the URL as the screen shows it: secrets masked.
                let shownURL = CredentialPresentation.readable(plan.masked.request.url)
                log.write("\(plan.request.method.rawValue) \(shownURL): \(error.description)")
            }
            inbox.post(.exchangeFinished(exchange: id, result, at: clock().uptime))
            var record: RecordsAwaitingChecks.Record?
            if let recording {
                // The credential at hand now (a token may have been fetched for this send) is a secret too.
                let bare = PreparedRequest(url: "http://apix.invalid/")
                let credentials = await auth?.currentCredentials(on: bare, auth: plan.auth, key: plan.authKey)
                record = { recording.record(result, checks: $0, sent: sent, credentials: credentials, log: log) }
            }
            // Recorded once its `expect:` checks are known too.
            awaitingChecks.finished(id, record: record)
            let warnings = await transfer.warnings
            for warning in warnings { log.write("warning: \(warning)") }
            if !warnings.isEmpty { inbox.post(.warned(warnings)) }
            await MainActor.run { [weak self] in
                self?.transfers[id] = nil
                self?.pendingStarts[id] = nil
            }
        }
        pendingStarts[id] = holder
    }

    /// Reads the cache's answer for the plan's request as it would be sent now (with the credential at hand, never
    /// a new one) and posts it; nothing goes to the network.
    private func loadStored(_ key: EndpointKey, _ plan: ExchangePlan, options: CacheOptions) {
        let inbox = self.inbox
        guard let cache = client.cache else {
            inbox.post(.storedResponseLoaded(key, nil, warning: nil))
            return
        }
        let auth = self.auth
        let log = self.log
        Task.detached {
            var credentialed: PreparedRequest? = plan.request.request
            if let auth {
                credentialed = await auth.currentCredentials(
                    on: plan.request.request, auth: plan.auth, key: plan.authKey)
            }
            guard let credentialed else {
                inbox.post(.storedResponseLoaded(key, nil, warning: nil))
                return
            }
            let known = await cache.problems.count
            let stored = await cache.stored(for: credentialed, options: options)
            let problems = await cache.problems.dropFirst(known)
            for problem in problems { log.write("warning: \(problem.message)") }
            inbox.post(.storedResponseLoaded(key, stored, warning: problems.last.map { "warning: \($0.message)" }))
        }
    }

    /// Cancels every transfer and waits, briefly, for their results: a cancelled download removes its NAME.part
    /// when its result comes.
    func stopTransfers() async {
        let running = Array(transfers.values)
        for transfer in running { transfer.cancel() }
        await Self.awaitResults(of: running, within: .seconds(2))
    }

    private static func awaitResults(of transfers: [Transfer], within limit: Duration) async {
        guard !transfers.isEmpty else { return }
        let (ends, continuation) = AsyncStream<Void>.makeStream()
        let waiter = Task {
            for transfer in transfers { _ = await transfer.result }
            continuation.yield()
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            continuation.yield()
        }
        for await _ in ends { break }
        waiter.cancel()
        timer.cancel()
    }
}

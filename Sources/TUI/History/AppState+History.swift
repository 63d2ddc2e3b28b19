import ExplorerCore
import ExplorerHistory
import Foundation

/// The history window: opening it, its keys, and what its loads bring back (old responses shown, resent, diffed).
extension AppState {
    /// `H`: the selected endpoint's history (everything's when no endpoint is selected).
    mutating func showHistory() -> [Effect] {
        let panel = HistoryPanel(endpoint: selectedKey)
        overlay = .history(panel)
        return [Self.load(panel)]
    }

    static func load(_ panel: HistoryPanel) -> Effect {
        .loadHistory(profile: panel.endpoint?.profile, endpoint: panel.endpoint?.endpoint)
    }

    mutating func handleHistoryKey(_ key: Key, _ panel: HistoryPanel) -> [Effect] {
        var panel = panel
        let command = keyMap.command(for: key, in: .history)
        if panel.diff != nil {
            switch command {
            case .moveUp: panel.top = max(0, panel.top - 1)
            case .moveDown: panel.top += 1
            case .close, .diff: panel.diff = nil
            default: break
            }
            overlay = .history(panel)
            return []
        }
        var effects: [Effect] = []
        switch command {
        case .moveUp: panel.selected = max(0, panel.selected - 1)
        case .moveDown: panel.selected = min(max(0, panel.rows.count - 1), panel.selected + 1)
        case .toggleHistoryScope:
            panel = HistoryPanel(endpoint: panel.endpoint == nil ? selectedKey : nil)
            effects.append(Self.load(panel))
        case .markEntry:
            guard let id = panel.selectedRow?.id else { break }
            if let index = panel.marked.firstIndex(of: id) {
                panel.marked.remove(at: index)
            } else {
                panel.marked = Array((panel.marked + [id]).suffix(2))
            }
        case .diff:
            let ids = panel.marked.count == 2 ? panel.marked : panel.marked + [panel.selectedRow?.id].compactMap { $0 }
            guard ids.count == 2, ids[0] != ids[1] else {
                message = StatusMessage("mark two entries with Space to compare them")
                break
            }
            // The older first, whatever the order they were marked in.
            let order = ids.sorted { a, b in
                (panel.rows.firstIndex { $0.id == a } ?? 0) > (panel.rows.firstIndex { $0.id == b } ?? 0)
            }
            effects.append(.loadHistoryDiff(old: order[0], new: order[1]))
        case .choose:
            guard let id = panel.selectedRow?.id else { break }
            overlay = nil
            return [.loadHistoryEntry(id: id, resend: false)]
        case .resend:
            guard let id = panel.selectedRow?.id else { break }
            overlay = nil
            return [.loadHistoryEntry(id: id, resend: true)]
        case .close:
            overlay = nil
            return []
        default: break
        }
        overlay = .history(panel)
        return effects
    }

    mutating func historyLoaded(_ entries: [HistoryEntry], error: String?) -> [Effect] {
        guard case .history(var panel) = overlay else { return [] }
        if let error {
            panel.loading = false
            panel.error = error
        } else {
            panel.show(entries, at: now.date)
        }
        overlay = .history(panel)
        return []
    }

    mutating func historyDiffLoaded(_ diff: HistoryDiff?, error: String?) -> [Effect] {
        guard case .history(var panel) = overlay else { return [] }
        if let diff {
            panel.diff = diff.lines.map { SafeText.escape($0) }
            panel.top = 0
        } else {
            message = StatusMessage(error ?? "the entries are gone", isError: true)
        }
        overlay = .history(panel)
        return []
    }

    /// An entry loaded: shown in the response pane (marked with its age), or sent again.
    mutating func historyEntryLoaded(_ entry: HistoryEntry?, resend: Bool, error: String?) -> [Effect] {
        guard let entry else {
            message = StatusMessage(error ?? "the entry is gone", isError: true)
            return []
        }
        let key = EndpointKey(profile: entry.profile ?? "", endpoint: entry.endpointName)
        let id = nextExchangeID
        nextExchangeID += 1
        var exchange = Exchange(
            id: id, key: key, method: entry.request.method, url: entry.request.url, startedAt: now.uptime)
        if resend, entry.isWebSocketSession {
            // A session is not replayed frame by frame: its endpoint opens a new one.
            guard catalog.profile(key.profile)?.endpoint(key.endpoint)?.webSocket != nil else {
                message = StatusMessage("the session's endpoint is gone: nothing to reconnect", isError: true)
                return []
            }
            return send(key, chained: false)
        }
        if resend {
            let request: PreparedRequest
            do {
                request = try HistoryReplay.request(replaying: entry)
            } catch {
                message = StatusMessage(error.description, isError: true)
                return []
            }
            exchange.origin = .replay(of: entry.id)
            exchanges[id] = exchange
            latestExchange[key] = id
            showExchange(id)
            return [.send(exchange: id, replayPlan(request, of: entry, key: key), replayOf: entry.id)]
        }
        guard let response = entry.response else {
            message = StatusMessage(
                "no response was recorded: " + SafeText.escape(entry.error?.message ?? "error"), isError: true)
            return []
        }
        exchange.finishedAt = now.uptime
        exchange.outcome = .response(response)
        exchange.origin = .history(recordedAt: entry.recordedAt)
        exchange.checks = entry.checks
        if let session = entry.webSocketSession {
            var state = WebSocketSessionState()
            state.phase = .closed
            state.handshake = response
            state.subprotocol = session.subprotocol
            state.deflate = session.deflate
            state.close = session.close
            exchange.webSocket = state
            exchange.events = EventRows().updated(with: session.snapshot)
        }
        exchanges[id] = exchange
        latestExchange[key] = id
        showExchange(id)
        if let note = entry.bodyNote { message = StatusMessage(note) }
        return [.prepareBody(exchange: id, response)]
    }
}

extension AppState {
    /// A recorded request sent again as recorded, with the credential of its profile's endpoint when the profile is
    /// still loaded (variables from this session).
    func replayPlan(_ request: PreparedRequest, of entry: HistoryEntry, key: EndpointKey) -> ExchangePlan {
        let profile = catalog.profile(key.profile)
        let builder = profile.flatMap {
            try? RequestBuilder(profile: $0, environment: entry.environment, processEnvironment: processEnvironment)
        }
        let endpoint = endpointAsSent(key)
        let authKey = RequestBuilder.authSessionKey(
            profile: key.profile, environment: builder?.environment.name ?? entry.environment ?? "", endpoint: endpoint)
        let overrides = RequestOverrides(variables: variables)
        // Credentials that no longer resolve (a variable gone): sent as recorded, without them.
        return
            (try? ExchangePlan(
                replaying: request, builder: builder, endpoint: endpoint, authKey: authKey, overrides: overrides))
            ?? ExchangePlan(replaying: request, authKey: authKey)
    }
}

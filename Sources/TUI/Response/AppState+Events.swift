import ExplorerCore

/// The Events view of a streamed response: new events keep it at its end unless the user scrolled up, and Esc
/// ends the stream keeping what arrived.
extension AppState {
    /// Shows a stream's events; the view follows the newest while it was at its end (or the events fit).
    mutating func showEvents(_ rows: EventRows, of id: Int) {
        guard var exchange = exchanges[id] else { return }
        let shown = shownExchange?.id == id && response.tab == .body
        let wasAtEnd = response.top >= max(0, (exchange.events?.lines.count ?? 0) - responseBodyHeight)
        exchange.events = rows
        exchanges[id] = exchange
        guard shown else { return }
        if wasAtEnd {
            response.top = max(0, rows.lines.count - responseBodyHeight)
        } else {
            clampResponseScroll()
        }
    }

    /// Esc on a running stream: stop it and keep its events and body (nil when the exchange is no stream).
    mutating func stopStream(_ exchange: Exchange) -> [Effect]? {
        guard exchange.isRunning, exchange.events != nil else { return nil }
        message = Self.stoppingMessage(exchange)
        return [.stopStream(exchange: exchange.id)]
    }

    /// Once a stopped stream has ended, "stopping…" (if still shown) becomes "stopped…".
    mutating func streamEnded(_ exchange: Exchange) {
        guard message == Self.stoppingMessage(exchange) else { return }
        message = StatusMessage(
            "stopped the stream of \(exchange.method.rawValue) \(exchange.url); what arrived is kept")
    }

    private static func stoppingMessage(_ exchange: Exchange) -> StatusMessage {
        StatusMessage("stopping the stream of \(exchange.method.rawValue) \(exchange.url)")
    }

    /// Lines of the Events view (the Body tab of a stream).
    var eventLineCount: Int? { shownExchange?.events?.lines.count }
}
